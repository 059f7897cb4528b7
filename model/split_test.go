package model

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// settingsModel is a started model that saves its settings at path.
func settingsModel(t *testing.T, dir, path string, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	s, err := LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), repo, Config{Name: "fixture", Settings: s, SettingsPath: path})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	run(m, m.Init())
	return m
}

// < and > move the split by a step, = puts it back to a third; each change
// is saved, and the panes' minimum widths stop it with a message.
func TestSplitKeysResizeAndRemember(t *testing.T) {
	path := filepath.Join(t.TempDir(), "repox", "settings.json")
	m := settingsModel(t, panetest.FixtureRepo(t), path, 80, 24)
	third, _ := ui.Layout(80)
	if m.treeWidth() != third {
		t.Fatalf("default tree width %d, want %d", m.treeWidth(), third)
	}
	press(m, ">")
	if m.cfg.Settings.Split != 38 || m.treeWidth() != 80*38/100 || m.treeWidth()+1+m.viewerWidth() != 80 {
		t.Fatalf("after >: split %d, tree %d, viewer %d", m.cfg.Settings.Split, m.treeWidth(), m.viewerWidth())
	}
	if s, err := LoadSettings(path); err != nil || s.Split != 38 {
		t.Fatalf("saved: %+v, %v", s, err)
	}
	if !strings.Contains(m.message, "38%") || !strings.Contains(m.message, "remembered") {
		t.Errorf("message %q", m.message)
	}
	press(m, "<", "<")
	if m.cfg.Settings.Split != 28 || m.treeWidth() != 80*28/100 {
		t.Fatalf("after < <: split %d, tree %d", m.cfg.Settings.Split, m.treeWidth())
	}
	for range 20 {
		press(m, ">")
	}
	if m.viewerWidth() != ui.MinViewerWidth || !strings.Contains(m.message, "widest") {
		t.Fatalf("widest: viewer %d, message %q", m.viewerWidth(), m.message)
	}
	for range 20 {
		press(m, "<")
	}
	if m.cfg.Settings.Split < SplitMin || m.treeWidth() != ui.MinTreeWidth || !strings.Contains(m.message, "narrowest") {
		t.Fatalf("narrowest: split %d tree %d, message %q", m.cfg.Settings.Split, m.treeWidth(), m.message)
	}
	press(m, "=")
	if m.cfg.Settings.Split != 0 || m.treeWidth() != third {
		t.Fatalf("after =: split %d, tree %d", m.cfg.Settings.Split, m.treeWidth())
	}
	if s, _ := LoadSettings(path); s.Split != 0 {
		t.Fatalf("reset not saved: %+v", s)
	}
	// The frame draws the separator where the split is.
	press(m, ">")
	for i, l := range strings.Split(ansi.Strip(m.Render()), "\n")[:m.height-2] {
		if r := []rune(l); len(r) <= m.treeWidth() || r[m.treeWidth()] != '│' {
			t.Fatalf("row %d has no separator at column %d: %q", i, m.treeWidth(), l)
		}
	}
}

// Two quick changes never leave the older on disk, whichever save runs last.
func TestSettingsSaverWritesTheNewest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	w := &settingsSaver{path: path}
	first := w.set(Settings{Split: 40})
	second := w.set(Settings{Split: 50})
	second()
	first()
	if s, err := LoadSettings(path); err != nil || s.Split != 50 {
		t.Fatalf("on disk: %+v, %v", s, err)
	}
	w.set(Settings{Split: 60}) // its command never ran (the program quit)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if s, _ := LoadSettings(path); s.Split != 60 {
		t.Fatalf("after Flush: %+v", s)
	}
}

// TestFlowSplitRememberedAcrossRuns: widen the tree in one run, quit; the
// next run, on the same settings file, opens with that split.
func TestFlowSplitRememberedAcrossRuns(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	path := filepath.Join(t.TempDir(), "repox", "settings.json")
	runOnce := func(keys string) *Model {
		repo, err := repoops.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer repo.Close()
		s, err := LoadSettings(path)
		if err != nil {
			t.Fatal(err)
		}
		m := New(context.Background(), repo, Config{Name: "fixture", Settings: s, SettingsPath: path})
		tm := teatest.NewTestModel(t, m,
			teatest.WithInitialTermSize(100, 30),
			teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			return bytes.Contains([]byte(ansi.Strip(string(b))), []byte("README.md"))
		}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
		if keys != "" {
			tm.Type(keys)
			teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
				return bytes.Contains([]byte(ansi.Strip(string(b))), []byte("remembered"))
			}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
		}
		tm.Type("q")
		fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
		if err := fm.SaveSettings(); err != nil { // as Run does after the program ends
			t.Fatal(err)
		}
		return fm
	}
	first := runOnce(">>")
	if first.cfg.Settings.Split != 43 || first.treeWidth() != 43 {
		t.Fatalf("first run: split %d, tree %d", first.cfg.Settings.Split, first.treeWidth())
	}
	second := runOnce("")
	if second.cfg.Settings.Split != 43 || second.treeWidth() != 43 {
		t.Fatalf("second run: split %d, tree %d, want the first run's 43", second.cfg.Settings.Split, second.treeWidth())
	}
}

// Dragging the separator moves the split with the pointer and saves it
// when the button is let go; a click elsewhere drags nothing.
func TestSplitDragTheSeparator(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	m := settingsModel(t, panetest.FixtureRepo(t), path, 100, 30)
	sep := m.treeWidth()
	m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: sep, Y: 5})
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 50, Y: 5})
	if m.treeWidth() != 50 || m.treeWidth()+1+m.viewerWidth() != 100 {
		t.Fatalf("drag to 50: tree %d viewer %d", m.treeWidth(), m.viewerWidth())
	}
	if s, _ := LoadSettings(path); s.Split != 0 {
		t.Fatalf("saved before the release: %+v", s)
	}
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 95, Y: 5})
	if m.viewerWidth() != ui.MinViewerWidth {
		t.Fatalf("dragged past the viewer's minimum: viewer %d", m.viewerWidth())
	}
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 40, Y: 5})
	_, cmd := m.Update(tea.MouseReleaseMsg{Button: tea.MouseLeft, X: 40, Y: 5})
	run(m, cmd)
	if s, _ := LoadSettings(path); s.Split != 40 || m.treeWidth() != 40 {
		t.Fatalf("after release: %+v, tree %d", s, m.treeWidth())
	}
	m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 10, Y: 5}) // in the tree
	m.Update(tea.MouseMotionMsg{Button: tea.MouseLeft, X: 70, Y: 5})
	if m.treeWidth() != 40 {
		t.Fatalf("a click in the tree dragged the split: tree %d", m.treeWidth())
	}
}
