package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 43 item 5: a session's file content reaches `repox replay
// --changes`; on a terminal its control bytes (OSC 52 setting the
// clipboard, a title, a screen clear, the end of a bracketed paste, a bidi
// override) must be shown, never sent. To a file or a pipe the patch stays
// exact, for git apply; as JSON it is escaped and stays exact.
func TestChangesOnATerminalShowControlBytes(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.txt": "old\n"})
	hostile := "new \x1b]52;c;cm0gLXJmIH4=\x07 \x1b]0;owned\x07 \x1b[2J \x1b[201~ \u202eevil \u0085 \u009b31m\n"
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.txt"}).
		Result("r1", "     1→old\n", false, nil).
		Use("m2", "w1", "Write", map[string]any{"file_path": root + "/a.txt", "content": hostile}).
		Result("w1", "The file "+root+"/a.txt has been updated.", false, nil)
	file := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(file, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(json, terminal bool) (string, string) {
		var out, errb bytes.Buffer
		if err := WriteChanges(context.Background(), ChangesOptions{Transcript: file, Root: root, JSON: json, Terminal: terminal}, &out, &errb); err != nil {
			t.Fatal(err, errb.String())
		}
		return out.String(), errb.String()
	}
	exact, _ := run(false, false)
	if !strings.Contains(exact, "+"+strings.TrimSuffix(hostile, "\n")) {
		t.Fatalf("to a file the patch must be exact:\n%q", exact)
	}
	shown, note := run(false, true)
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\u0085", "\u009b"} {
		if strings.Contains(shown, bad) {
			t.Errorf("on a terminal the diff holds %q raw:\n%q", bad, shown)
		}
	}
	if !strings.Contains(shown, "␛]52;c;cm0gLXJmIH4=") || !strings.Contains(note, "not the exact patch — redirect it to a file") {
		t.Errorf("on a terminal: the bytes shown as stand-ins and a note saying so:\n%q\n%q", shown, note)
	}

	exactJSON, _ := run(true, false)
	safeJSON, _ := run(true, true)
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\u0085", "\u009b"} {
		if strings.Contains(safeJSON, bad) {
			t.Errorf("JSON on a terminal holds %q raw", bad)
		}
	}
	decode := func(s string) []any {
		var vs []any
		for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
			var v any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatalf("%v: %q", err, l)
			}
			vs = append(vs, v)
		}
		return vs
	}
	a, b2 := decode(exactJSON), decode(safeJSON)
	if ja, _ := json.Marshal(a); !bytes.Equal(ja, mustMarshal(t, b2)) {
		t.Errorf("JSON escaped for a terminal is not the same value:\n%s\n%s", exactJSON, safeJSON)
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
