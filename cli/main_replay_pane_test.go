package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `repox replay FILE` opens the explorer: without a terminal it says how
// to get text instead; --json belongs to --report; a missing file is named.
func TestReplayPaneCommandLine(t *testing.T) {
	log := filepath.Join(t.TempDir(), "calls.jsonl")
	if err := os.WriteFile(log, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", log}, "repox replay --report " + log},
		{[]string{"replay", "--json", log}, "--json goes with --report"},
		{[]string{"replay", filepath.Join(t.TempDir(), "nope.jsonl")}, "nope.jsonl: stat"},
		{[]string{"replay", t.TempDir()}, "not a regular file"},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
