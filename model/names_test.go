package model

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The TUI shows names by the same rule as the model text: a hostile
// repository's folder name, branch and file names never reach the terminal
// raw (no escape sequence of theirs, no bidi or zero-width character).
func TestTUIQuotesHostileNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "re\x1b]0;pwned\apo")
	names := []string{"rlo\u202e.txt", "esc\x1b[2J.txt", "x -> y (symlink)", "zw\u200bsp"}
	files := map[string]string{}
	for _, n := range names {
		files[n] = "text\n"
	}
	writeFiles(t, dir, files)
	if repotest.HaveGit() {
		repotest.Git(t, dir, "init", "-q", "-b", "main")
		os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/ma\x1b[2Jin\u202e\n"), 0o644)
	}
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	m := New(context.Background(), repo, Config{NoColor: true})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 20})
	run(m, m.Init())
	check := func(frame string) {
		t.Helper()
		for _, raw := range []string{"\x1b]0;pwned", "\x1b[2J", "\a"} {
			if strings.Contains(frame, raw) {
				t.Fatalf("the frame holds the raw sequence %q", raw)
			}
		}
		for _, r := range ansi.Strip(frame) {
			if r != '\n' && !strconv.IsPrint(r) {
				t.Fatalf("the frame holds raw %U:\n%s", r, ansi.Strip(frame))
			}
		}
	}
	for _, n := range names {
		selectPath(t, m, n)
		frame := m.Render()
		check(frame)
		if !strings.Contains(ansi.Strip(frame), strconv.Quote(n)) {
			t.Fatalf("the frame does not show %s:\n%s", strconv.Quote(n), ansi.Strip(frame))
		}
		press(m, "enter") // open it in the viewer: its title and the status line show the name
		check(m.Render())
		press(m, "tab")
	}
	if title := m.View().WindowTitle; strings.ContainsAny(title, "\x1b\a") {
		t.Fatalf("window title holds raw control bytes: %q", title)
	}
}
