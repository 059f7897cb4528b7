package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `repox replay --html FILE` and `--markdown FILE`: one replay, both
// files, - for stdout; the home folder redacted unless --no-redact.
func TestReplayReviewRun(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	dir := fixture(t)
	log := replayLog(t, dir)
	outDir := t.TempDir()
	page, md := filepath.Join(outDir, "review.html"), filepath.Join(outDir, "review.md")
	os.WriteFile(md, []byte("an older review\n"), 0o644)
	code, out, errs := runCLI(t, "", "replay", "--html", page, "--markdown", md, "--root", dir, log)
	if code != exitOK || errs != "" || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	h, _ := os.ReadFile(page)
	m, _ := os.ReadFile(md)
	if !strings.HasPrefix(string(h), "<!DOCTYPE html>") || !strings.Contains(string(h), "<details class=\"call") {
		t.Errorf("the HTML review:\n%.400s", h)
	}
	if !strings.HasPrefix(string(m), "# Agent session review\n") || !strings.Contains(string(m), "**Findings:** ") || !strings.Contains(string(m), "+TWO") {
		t.Errorf("the Markdown review:\n%s", m)
	}
	code, out, errs = runCLI(t, "", "replay", "--markdown", "-", "--no-redact", "--root", dir, log)
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "# Agent session review\n") || !strings.Contains(out, "off (--no-redact)") {
		t.Errorf("--markdown - --no-redact: exit %d, stderr %q\n%.300s", code, errs, out)
	}
}

// Every refusal of a review's command line: exit 2, nothing written, one
// stderr line saying what to do.
func TestReplayReviewRefusals(t *testing.T) {
	dir := fixture(t)
	log := replayLog(t, dir)
	folder := t.TempDir()
	link := filepath.Join(t.TempDir(), "l.html")
	os.Symlink(filepath.Join(folder, "x.html"), link)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--html", folder, "--root", dir, log}, "repox replay: --html " + folder + ": it is a folder; the review is written only to a new or a regular file — name another file, or - for stdout"},
		{[]string{"replay", "--markdown", link, "--root", dir, log}, "repox replay: --markdown " + link + ": it is a symbolic link (repox does not write through links); the review is written only to a new or a regular file — name another file, or - for stdout"},
		{[]string{"replay", "--markdown", log, "--root", dir, log}, "repox replay: --markdown " + log + ": that is the transcript being replayed, which the review would replace — name another file"},
		{[]string{"replay", "--html=", log}, "repox replay: --html needs a file name (or - for stdout)"},
		{[]string{"replay", "--html", "-", "--markdown", "-", log}, "repox replay: --html - and --markdown - would both write to stdout: send one of them to a file"},
		{[]string{"replay", "--html", "-", "--report", log}, "repox replay: --html and --markdown write a review of their own: give them without --report or --changes (the review holds the report's calls and the session's changes)"},
		{[]string{"replay", "--markdown", "-", "--json", log}, "repox replay: --json applies to --report and --changes; the review is HTML or Markdown: leave out --json"},
		{[]string{"replay", "--html", "-"}, "repox replay: give one transcript file (repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Aider and repox call logs), got 0 arguments"},
		{[]string{"replay", "--report", "--no-redact", log}, "repox replay: --no-redact applies to --html and --markdown only: give one of them"},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code != exitUsage || out != "" || errs != c.want+"\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	// a transcript recorded elsewhere: the command suggested is the review's
	elsewhere := t.TempDir()
	transcript := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(transcript, []byte(`{"type":"user","cwd":"`+elsewhere+`","sessionId":"s","timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":"hi"}}`+"\n"), 0o644)
	out := filepath.Join(t.TempDir(), "my review.html")
	code, stdout, errs := runCLI(t, "", "replay", "--html", out, "--no-redact", transcript)
	want := "run: repox replay --html '" + out + "' --no-redact --root " + elsewhere + " " + transcript + "\n"
	if code != exitUsage || stdout != "" || !strings.HasPrefix(errs, "repox replay: the transcript was recorded in "+elsewhere) || !strings.HasSuffix(errs, want) {
		t.Errorf("recorded elsewhere: exit %d, stdout %q, stderr %q; want the review's command %q", code, stdout, errs, want)
	}
	if _, err := os.Lstat(out); err == nil {
		t.Error("a review was written")
	}
	if _, err := os.Lstat(filepath.Join(folder, "x.html")); err == nil {
		t.Error("the link's target was written")
	}
}
