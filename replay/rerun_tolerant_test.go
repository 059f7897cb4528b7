package replay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// codexPatch is a Codex rollout in dir whose one apply_patch, which
// applied for the agent, changes a.go by hunk.
func codexPatch(t *testing.T, dir, hunk string) string {
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "x", "cwd": dir}).
		Line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
			"input": "*** Begin Patch\n*** Update File: a.go\n@@\n" + hunk + "\n*** End Patch"}).
		Line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM a.go"})
	return b.Sb.String()
}

// A hunk Codex found only by a tolerant pass is replayed on the lines as
// they are in the file, with a note naming the pass; one found exactly
// says nothing. Without the tolerance each would be not-replayed.
func TestCodexTolerantHunksReplay(t *testing.T) {
	for _, tc := range []struct {
		name, file, hunk, want, note string
	}{
		{"exact", "a\nfoo \nbar\nfoo\nbar\n", " foo\n-bar\n+BAR", "a\nfoo \nbar\nfoo\nBAR\n", ""},
		{"trailing space", "a\nfoo  \nbar\t\n", " foo\n-bar\n+BAR", "a\nfoo\nBAR\n", "lines 2-3 (whitespace at the ends of lines ignored)"},
		{"both ends", "a\n  foo\n\tbar\n", " foo\n-bar\n+BAR", "a\nfoo\nBAR\n", "lines 2-3 (whitespace at both ends of lines ignored)"},
		{"unicode", "a\ns := \u201cit\u2019s \u2014 here\u201d\n", `-s := "it's - here"` + "\n+s := \"done\"", "a\ns := \"done\"\n", "line 2 (whitespace at both ends ignored and typographic dashes, quotes and spaces read as ASCII)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := gitRepo(t, map[string]string{"a.go": tc.file})
			steps, rp := replayAll(t, dir, codexPatch(t, dir, tc.hunk))
			st := steps[0]
			if f := flagsOf(st, FlagNotReplayed); len(f) != 0 {
				t.Fatalf("not replayed: %+v", f)
			}
			got, err := os.ReadFile(filepath.Join(rp.Scratch, "a.go"))
			if err != nil || string(got) != tc.want {
				t.Errorf("a.go in the copy: %q (%v), want %q", got, err, tc.want)
			}
			notes := flagsOf(st, FlagTolerantMatch)
			switch {
			case tc.note == "" && len(notes) != 0:
				t.Errorf("an exact match noted: %+v", notes)
			case tc.note != "" && (len(notes) != 1 || notes[0].Severity != SeverityNote || !strings.Contains(notes[0].Text, tc.note)):
				t.Errorf("note: %+v, want one saying %q", notes, tc.note)
			}
		})
	}
}
