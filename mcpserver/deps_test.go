package mcpserver

import (
	"os/exec"
	"strings"
	"testing"
)

// mcpserver may import repoops and no other face (model, ui, keymap, replay).
func TestImportsOnlyTheCore(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/repoxhq/repox/") && p != "github.com/repoxhq/repox/repoops" && p != "github.com/repoxhq/repox/mcpserver" {
			t.Errorf("mcpserver depends on %s", p)
		}
	}
}
