package model

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/model/viewer"
	"github.com/repoxhq/repox/repoops"
)

// treeText is the tree's share of the frame, without styles.
func treeText(m *Model) string {
	w, h := m.tree.Size()
	return ansi.Strip(m.TreeView(w, h))
}

// TestViewerSaysAnIgnoredFileIsUnlisted: opening an ignored file by
// FILE:LINE says no listing tool shows it; a listed file says nothing.
func TestViewerSaysAnIgnoredFileIsUnlisted(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	for _, c := range []struct {
		file   string
		hidden bool
	}{{"app.log", true}, {"vendor/dep/dep.go", true}, {"README.md", false}} {
		repo, err := repoops.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		m := New(context.Background(), repo, Config{Name: "fixture", File: c.file, Line: 1})
		m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24}) // the narrowest header first
		run(m, m.Init())
		if head := ansi.Strip(strings.SplitN(m.ViewerView(m.viewerWidth(), m.viewerHeight()), "\n", 2)[0]); strings.Contains(head, "ignored:") != c.hidden {
			t.Errorf("%s at 80 columns: header %q", c.file, head)
		}
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		notes := strings.Join(m.viewer.Notes(), "|")
		if got := strings.Contains(notes, viewer.HiddenNote); got != c.hidden {
			t.Errorf("%s: notes %q", c.file, notes)
		}
		head := ansi.Strip(strings.SplitN(m.ViewerView(m.viewerWidth(), m.viewerHeight()), "\n", 2)[0])
		if got := strings.Contains(head, "ignored:"); got != c.hidden {
			t.Errorf("%s: header %q", c.file, head)
		}
		if c.hidden && m.viewer.Refusal() != "" {
			t.Errorf("%s: the read by exact path was refused: %s", c.file, m.viewer.Refusal())
		}
		repo.Close()
	}
}

// TestGitMarksFollowTheDisk: a change to the open file on disk runs
// repo_git status again, and the tree's mark follows.
func TestGitMarksFollowTheDisk(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	m.watch = newDiskWatcher(dir) // not started: messages are sent by hand
	m.watch.close()
	openFixtureFile(t, m, dir, "README.md")
	if marked := strings.Contains(treeText(m), "README.md M"); marked {
		t.Fatalf("a clean file marked M:\n%s", treeText(m))
	}
	writeFiles(t, dir, map[string]string{"README.md": "changed\n"})
	_, cmd := m.Update(diskMsg{file: "README.md"})
	run(m, cmd)
	if !strings.Contains(treeText(m), "README.md M") {
		t.Errorf("after the change on disk README.md is not marked M:\n%s", treeText(m))
	}
}

// TestFilterOpensAnIgnoredFile: with ignored entries shown, the filter
// finds an ignored file (model/tree tests that); opened from there, the
// viewer says no listing tool shows it.
func TestFilterOpensAnIgnoredFile(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 120, 40)
	press(m, ".", "/")
	typeText(m, "dep.go")
	press(m, "enter")
	if path, _, _ := m.tree.Selected(); path != "vendor/dep/dep.go" {
		t.Fatalf("enter left the cursor on %q", path)
	}
	m.tick = now // the cursor's rest shows the file
	press(m, "k", "j")
	if m.viewer.Path() != "vendor/dep/dep.go" || !strings.Contains(strings.Join(m.viewer.Notes(), "|"), viewer.HiddenNote) {
		t.Errorf("viewer %q, notes %q", m.viewer.Path(), m.viewer.Notes())
	}
}

// TestTreeTogglesAreRemembered: folders first and preview on move are
// settings, saved when toggled and read at the start.
func TestTreeTogglesAreRemembered(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture", Settings: DefaultSettings(), SettingsPath: path})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	run(m, m.Init())
	press(m, "F", "p")
	s, err := LoadSettings(path)
	if err != nil || !s.FoldersFirst || !s.NoPreview {
		t.Fatalf("saved %+v (%v)", s, err)
	}
	// Read back: folders come first, and resting on a file does not show it.
	again := New(context.Background(), repo, Config{Name: "fixture", Settings: s})
	again.tick = now
	again.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	run(again, again.Init())
	if rows := again.tree.Rows(); len(rows) < 2 || rows[1] != "deep" {
		t.Errorf("read back: folders first, yet the rows are %v", rows)
	}
	if !again.tree.Select("README.md") {
		t.Fatal("no README.md row")
	}
	press(again, "j", "k") // moved, then rested on README.md
	if again.viewer.Path() != "" {
		t.Errorf("read back: preview off, yet the viewer shows %q", again.viewer.Path())
	}
}

// TestTreePreviewKeepsFocus: resting on a file shows it in the viewer
// (model/tree's TestPreviewFollowsTheCursor), focus staying in the tree
// and no read recorded in the explorer's session.
func TestTreePreviewKeepsFocus(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	m.tick = now // the cursor's rest fires
	selectPath(t, m, ".gitignore")
	press(m, "j") // onto README.md, and rests there
	if m.viewer.Path() != "README.md" || m.focus != paneTree {
		t.Fatalf("viewer %q, focus %v", m.viewer.Path(), m.focus)
	}
	if _, ok := m.Session.Seen("README.md"); ok {
		t.Errorf("previewing recorded a read in the explorer's session")
	}
}
