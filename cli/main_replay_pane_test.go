package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `repox replay FILE` opens the explorer: without a terminal it says how
// to get text instead; --json belongs to --report; a missing file is named;
// a file of an agent repox does not read is refused before anything opens.
func TestReplayPaneCommandLine(t *testing.T) {
	log := filepath.Join(t.TempDir(), "calls.jsonl")
	rec := `{"v":1,"time":"2026-01-02T03:04:05Z","session":"s1","tool":"repo_tree","args":{},"isError":false,"text":"a.go"}`
	if err := os.WriteFile(log, []byte(rec+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	events := filepath.Join(t.TempDir(), "d-1.jsonl")
	ev := `{"type":"session_start","id":"d-1","title":"read a.go","owner":"u","version":2,"cwd":"/home/u/proj"}`
	if err := os.WriteFile(events, []byte(ev+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", log}, "repox replay --report " + log},
		{[]string{"replay", "--json", log}, "--json goes with --report"},
		{[]string{"replay", t.TempDir()}, "is a folder, not a regular file: not read (give a transcript file)"},
		{[]string{"replay", events}, "repox replay: " + events + ": a Factory Droid session (line 1 is a \"session_start\" record"},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// A transcript that is not there is said so in words, with where to find
// one, the same by every form of the command: never a raw "stat …: no
// such file or directory".
func TestReplayMissingTranscriptSaysWhatToDo(t *testing.T) {
	nope := filepath.Join(t.TempDir(), "nope.jsonl")
	want := "repox replay: " + nope + " does not exist — give a transcript file: repox sessions lists the sessions recorded for a folder, each with its transcript\n"
	for _, args := range [][]string{{"replay", nope}, {"replay", "--report", nope}, {"replay", "--changes", nope}} {
		code, out, errs := runCLI(t, "", args...)
		if code != exitUsage || out != "" || errs != want {
			t.Errorf("%v: exit %d, stdout %q, stderr\n%q\nwant exit 2 and\n%q", args, code, out, errs, want)
		}
	}
}
