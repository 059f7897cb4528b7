package cli

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// What `repox call --batch` prints is a repox call log that `repox replay
// --report` reads; the replay's edit does not reach the folder.
func TestReplayReportReadsTheBatchOutput(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_STATE_HOME"} {
		t.Setenv(k, "")
	}
	dir := fixture(t)
	batch := `{"tool":"repo_read_file","args":{"path":"top.txt"}}` + "\n" +
		`{"tool":"repo_edit","args":{"path":"top.txt","old_string":"two","new_string":"TWO"}}` + "\n"
	code, out, errs := runCLI(t, batch, "call", "--root", dir, "--batch")
	if code != 0 {
		t.Fatalf("batch: %d %s", code, errs)
	}
	// put the file back as it was: the log records an edit of "two"
	os.WriteFile(filepath.Join(dir, "top.txt"), []byte("one\ntwo\n"), 0o644)
	log := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(log, []byte(out), 0o644)

	code, rep, errs := runCLI(t, "", "replay", "--report", log, "--root", dir)
	if code != 0 || !strings.Contains(rep, "format      repox") || !strings.Contains(rep, "#2  ") || !strings.Contains(rep, "now   ok: edited top.txt") {
		t.Fatalf("replay: exit %d %s\n%s", code, errs, rep)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "top.txt")); string(b) != "one\ntwo\n" {
		t.Errorf("the replay changed the folder: %q", b)
	}
	if code, _, errs := runCLI(t, "", "replay", log); code != exitUsage || !strings.Contains(errs, "--report") {
		t.Errorf("replay without --report: %d %q", code, errs)
	}
	if code, out, _ := runCLI(t, "", "sessions", dir); code != 0 || out == "" {
		t.Errorf("sessions: %d %q", code, out)
	}
}

// TestHelperReplayProcess runs repox in a child process for the test below.
func TestHelperReplayProcess(t *testing.T) {
	if os.Getenv("REPOX_HELPER_ARGS") == "" {
		t.Skip("helper process")
	}
	args := strings.Split(os.Getenv("REPOX_HELPER_ARGS"), "\n")
	os.Exit(Execute(context.Background(), args, os.Stdin, os.Stdout, os.Stderr))
}

// `repox replay --report FILE | head` closes the pipe early: the scratch
// copy is removed all the same (a write to a closed pipe would otherwise
// kill the process before it cleans up).
func TestReplayReportCleansUpWhenThePipeCloses(t *testing.T) {
	dir := fixture(t)
	var sb strings.Builder
	for i := 0; i < 3000; i++ {
		sb.WriteString(`{"v":1,"tool":"repo_read_file","args":{"path":"top.txt"},"text":"x"}` + "\n")
	}
	log := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(log, []byte(sb.String()), 0o644)
	tmp := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperReplayProcess$")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "REPOX_HELPER_ARGS="+strings.Join([]string{"replay", "--report", log, "--root", dir}, "\n"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 100)
	if _, err := io.ReadFull(out, buf); err != nil {
		t.Fatal(err)
	}
	out.Close()
	cmd.Wait()
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("the scratch copy was left behind: %v", ents)
	}
}
