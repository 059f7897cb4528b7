package mcpserver

import (
	"os/exec"
	"strings"
	"testing"
)

// mcpserver may import repoops and no other face (model, ui, keymap, replay);
// what it reaches through repoops (the core's own rooms under repoops/) is the core.
func TestImportsOnlyTheCore(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/repoxhq/repox/") && !isCore(p) && p != "github.com/repoxhq/repox/mcpserver" {
			t.Errorf("mcpserver depends on %s", p)
		}
	}
}

func isCore(p string) bool {
	const core = "github.com/repoxhq/repox/repoops"
	return p == core || strings.HasPrefix(p, core+"/") && p != core+"/repotest"
}
