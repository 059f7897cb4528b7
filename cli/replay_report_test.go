package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// replayLog is a repox call log of one read and one edit of top.txt in
// dir, as `repox call --batch` writes it.
func replayLog(t *testing.T, dir string) string {
	t.Helper()
	batch := `{"tool":"repo_read_file","args":{"path":"top.txt"}}` + "\n" +
		`{"tool":"repo_edit","args":{"path":"top.txt","old_string":"two","new_string":"TWO"}}` + "\n"
	code, out, errs := runCLI(t, batch, "call", "--root", dir, "--batch")
	if code != exitOK {
		t.Fatalf("batch: %d %s", code, errs)
	}
	os.WriteFile(filepath.Join(dir, "top.txt"), []byte("one\ntwo\n"), 0o644) // as before the edit
	log := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(log, []byte(out), 0o644)
	return log
}

// Every refusal of `repox replay --report/--changes` and `repox sessions`
// on the command line: exit 2, nothing on stdout, one stderr line that is
// exactly the sentence it has always been.
func TestReplayReportAndSessionsRefusals(t *testing.T) {
	dir := fixture(t)
	log := replayLog(t, dir)
	junk := filepath.Join(t.TempDir(), "junk.txt")
	os.WriteFile(junk, []byte("hello\nworld\n"), 0o644)
	folder := t.TempDir()
	// a VS Code Copilot Chat session: refused by name
	qwen := filepath.Join(t.TempDir(), "d-1.jsonl")
	os.WriteFile(qwen, []byte(`{"kind":0,"v":{"version":3,"requesterUsername":"u","responderUsername":"GitHub Copilot","requests":[]}}`+"\n"), 0o644)
	qwenWhy := qwen + `: a VS Code Copilot Chat session (line 1 is a "kind": 0 record whose "v" holds a chat session ("requesterUsername")): not a transcript repox reads — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Aider, Factory Droid, OpenCode and repox call logs`
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--report"}, "repox replay: give one transcript file (repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Aider, Factory Droid, OpenCode and repox call logs), got 0 arguments"},
		{[]string{"replay", "--changes"}, "repox replay: give one transcript file (repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Aider, Factory Droid, OpenCode and repox call logs), got 0 arguments"},
		{[]string{"replay", "--report", "--copy-max-files", "0", log}, "repox replay: --copy-max-files and --copy-max-mib take a whole number of at least 1, got 0 and 512"},
		{[]string{"replay", "--report", "--copy-max-mib=-1", log}, "repox replay: --copy-max-files and --copy-max-mib take a whole number of at least 1, got 50000 and -1"},
		{[]string{"replay", "--changes", "--copy-max-files", "0", log}, "repox replay: --copy-max-files and --copy-max-mib take a whole number of at least 1, got 0 and 512"},
		{[]string{"replay", "--report", "--against", "then", log}, `repox replay: --against takes start (the session's start state, rebuilt from the transcript) or now (the tree as it is), got then`},
		{[]string{"replay", "--report", "--against=", log}, `repox replay: --against takes start (the session's start state, rebuilt from the transcript) or now (the tree as it is), got ""`},
		{[]string{"replay", "--report", "--against", "then"}, `repox replay: --against takes start (the session's start state, rebuilt from the transcript) or now (the tree as it is), got then`},
		{[]string{"replay", "--changes", "--report", log}, "repox replay: --changes and --report print different things: give one of them"},
		{[]string{"replay", "--changes", "--against", "now", log}, "repox replay: --changes diffs the session's start state against its end; --against now does not apply to it"},
		{[]string{"replay", "--report", folder}, "repox replay: " + folder + " is a folder, not a regular file: not read (give a transcript file)"},
		{[]string{"replay", "--report", junk, "--root", dir}, "repox replay: " + junk + ` is not a transcript repox reads: its first line is not JSON (it starts "hello")`},
		{[]string{"replay", "--changes", junk, "--root", dir}, "repox replay: " + junk + ` is not a transcript repox reads: its first line is not JSON (it starts "hello")`},
		{[]string{"replay", "--report", qwen, "--root", dir}, "repox replay: " + qwenWhy},
		{[]string{"replay", "--report", "--json", qwen, "--root", dir}, "repox replay: " + qwenWhy},
		{[]string{"replay", "--changes", qwen, "--root", dir}, "repox replay: " + qwenWhy},
		{[]string{"replay", "--changes", "--json", qwen, "--root", dir}, "repox replay: " + qwenWhy},
		{[]string{"replay", qwen}, "repox replay: " + qwenWhy},
		{[]string{"sessions", junk}, "repox sessions: " + junk + " is not a folder — give the repository's folder (default: the current one)"},
		{[]string{"sessions", "--json", filepath.Join(folder, "nope")}, "repox sessions: " + filepath.Join(folder, "nope") + " is not a folder — give the repository's folder (default: the current one)"},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// The report, the diff and the session list through the command line:
// flags before or after the file, --json as JSON lines.
func TestReplayReportChangesAndSessionsRun(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_STATE_HOME", "GEMINI_CLI_HOME"} {
		t.Setenv(k, "")
	}
	dir := fixture(t)
	log := replayLog(t, dir)
	for _, args := range [][]string{
		{"replay", "--report", "--root", dir, log},
		{"replay", log, "--root", dir, "--report"},
		{"replay", "--report", "--against", "now", "--copy-max-files", "9", "--copy-max-mib", "1", "--root=" + dir, "--", log},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != exitOK || errs != "" || !strings.Contains(out, "format      repox") || !strings.Contains(out, "now   ok: edited top.txt") {
			t.Errorf("%q: exit %d, stderr %q\n%s", args, code, errs, out)
		}
	}
	code, out, errs := runCLI(t, "", "replay", "--report", "--json", "--root", dir, log)
	if code != exitOK || errs != "" {
		t.Fatalf("--json: exit %d %s", code, errs)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("--json: not a JSON line: %q", line)
		}
	}
	code, out, errs = runCLI(t, "", "replay", "--changes", "--against", "start", "--root", dir, log)
	if code != exitOK || errs != "" || !strings.Contains(out, "--- a/top.txt\n+++ b/top.txt\n") || !strings.Contains(out, "-two\n+TWO\n") {
		t.Errorf("--changes: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = runCLI(t, "", "replay", "--changes", "--json", "--root", dir, log)
	if code != exitOK || errs != "" || !strings.Contains(out, `"type":"file"`) || !strings.Contains(out, `"type":"summary"`) {
		t.Errorf("--changes --json: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = runCLI(t, "", "sessions", dir)
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "no agent sessions recorded for "+dir+"\n") {
		t.Errorf("sessions: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = runCLI(t, "", "sessions", "--json", dir)
	if code != exitOK || errs != "" || out != "" {
		t.Errorf("sessions --json: exit %d, stderr %q\n%s", code, errs, out)
	}
}
