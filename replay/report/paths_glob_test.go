package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
)

// The real session's call #20: an absolute Glob the agent saw 32 files
// for became repo_find {"query":"/Users/…"} ("now ok: no match") with no
// finding at all. Made relative, repox lists the same files.
func TestAbsoluteGlobIsReplayedRelative(t *testing.T) {
	files := map[string]string{"go.mod": "module x\n"}
	var shown []string
	for i := range 3 {
		name := "cmd/cli/integration_test/t" + itoaTest(i) + "_test.go"
		files[name] = "package x\n"
	}
	root := gitRepo(t, files)
	for i := range 3 {
		shown = append(shown, root+"/cmd/cli/integration_test/t"+itoaTest(i)+"_test.go")
	}
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "g1", "Glob", map[string]any{"pattern": root + "/cmd/cli/integration_test/*.go"}).
		Result("g1", strings.Join(shown, "\n"), false, map[string]any{"filenames": shown, "numFiles": 3})
	lines := reportJSON(t, b.String(), root, replay.AgainstStart)
	var call map[string]any
	for _, m := range lines {
		if m["type"] == "call" {
			call = m
		}
	}
	if call == nil {
		t.Fatalf("no call in %v", lines)
	}
	now := fmt.Sprint(call["now"])
	if !strings.Contains(now, `"query":"cmd/cli/integration_test/*.go"`) && !strings.Contains(now, `query:cmd/cli/integration_test/*.go`) {
		t.Errorf("the Glob was not mapped to a relative query: %s", now)
	}
	if !strings.Contains(now, "cmd/cli/integration_test/t2_test.go") {
		t.Errorf("repox's answer does not list the files the agent saw: %s", now)
	}
	if flags, _ := call["flags"].([]any); len(flags) != 0 {
		t.Errorf("flags on a Glob both sides answer alike: %v", flags)
	}
}
