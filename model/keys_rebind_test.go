package model

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/config"
	"github.com/repoxhq/repox/model/find"
	"github.com/repoxhq/repox/model/help"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// keyedOn is the explorer on the fixture (plus files) with the config
// file text, and path ("" for none) open in the viewer, which has focus.
func keyedOn(t *testing.T, file string, files map[string]string, path string, w, h int) *Model {
	t.Helper()
	c, err := config.Parse([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, files)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	km := c.KeyMap()
	m := New(context.Background(), repo, Config{Name: "fixture", Keys: &km, Theme: c.Theme, Background: c.Background,
		Settings: withConfig(DefaultSettings(), c)})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	run(m, m.Init())
	if path != "" {
		run(m, m.openFile(path, 1))
		m.focus = paneViewer
	}
	return m
}

// helpText is the help's first screen as drawn, opened with its key.
func helpText(t *testing.T, m *Model, open string) string {
	t.Helper()
	press(m, open)
	if _, ok := m.Overlays.Top().(*help.Pane); !ok {
		t.Fatalf("%s did not open the help", open)
	}
	s := ansi.Strip(m.Render())
	press(m, "esc")
	return s
}

// A sequence (move.top), a z motion on one key and counts switched off:
// the rebound keys do their action, the old ones no longer do, and the
// help shows the new keys and not the old.
func TestConfigRebindsSequencesAndCounts(t *testing.T) {
	m := keyedOn(t, "[keys.move]\ntop = [\"m m\", \"home\"]\n\n[keys.viewer]\ncount = []\nto_top = [\"Z\"]\n",
		map[string]string{"long.txt": numbered(300)}, "long.txt", 100, 30)
	v := m.viewer
	press(m, "G")
	if v.Cursor() != 300 {
		t.Fatalf("G: cursor %d", v.Cursor())
	}
	press(m, "g", "g", "esc") // esc: the letters were held as typed text (unbound.go)
	if v.Cursor() != 300 {
		t.Errorf("g g still goes to the top after top was rebound to m m (cursor %d)", v.Cursor())
	}
	press(m, "m", "m")
	if v.Cursor() != 1 {
		t.Errorf("m m: cursor %d, want the top", v.Cursor())
	}
	press(m, "5")
	if v.Pending() != "" || !strings.Contains(m.message, "5 does nothing") {
		t.Errorf("5 with counts off: pending %q, message %q", v.Pending(), m.message)
	}
	press(m, "esc", "j")
	if v.Cursor() != 2 {
		t.Errorf("j after a 5 with counts off: cursor %d, want 2", v.Cursor())
	}
	press(m, "ctrl+d", "ctrl+d", "Z")
	at := v.Cursor()
	if first := regexp.MustCompile(`line (\d+)`).FindStringSubmatch(ansi.Strip(m.Render())); first == nil || first[1] != strconv.Itoa(at) {
		t.Errorf("Z (to_top): first line shown %v, want the cursor line %d:\n%s", first, at, ansi.Strip(m.Render()))
	}
	press(m, "z", "t")
	if !strings.Contains(m.message, "z t is not a viewer motion") || !strings.Contains(m.message, "Z") {
		t.Errorf("z t after to_top was rebound to Z: message %q", m.message)
	}
	screen := helpText(t, m, "?")
	for _, want := range []string{`m m/home +top \(count N`, `Z +cursor line to the top`} {
		if !regexp.MustCompile(want).MatchString(screen) {
			t.Errorf("the help lacks %q:\n%s", want, screen)
		}
	}
	for _, old := range []string{"g g", "1-9", "z t "} {
		if strings.Contains(screen, old) {
			t.Errorf("the help still shows %q:\n%s", old, screen)
		}
	}
}

// The keys of the overlays and prompts are the file's too: find's close,
// the text fields' delete, the help's own, the sessions pane's (its help).
func TestConfigRebindsOverlayKeys(t *testing.T) {
	m := keyedOn(t, `[keys.find_pane]
close = ["ctrl+g"]

[keys.typing]
delete = ["ctrl+w"]

[keys.help_pane]
all = ["A"]

[keys.sessions_pane]
thinking = ["T"]
`, nil, "", 100, 30)
	press(m, "f")
	if _, ok := m.Overlays.Top().(*find.Pane); !ok {
		t.Fatalf("f: top %T", m.Overlays.Top())
	}
	press(m, "ctrl+c")
	if _, ok := m.Overlays.Top().(*find.Pane); !ok {
		t.Errorf("ctrl+c closed find after its close was rebound to ctrl+g")
	}
	press(m, "ctrl+g")
	if m.Overlays.Top() != nil {
		t.Errorf("ctrl+g did not close find: top %T", m.Overlays.Top())
	}

	m.focus = paneTree
	press(m, "/", "a", "b", "backspace")
	if !strings.Contains(ansi.Strip(m.Render()), "/ab") {
		t.Errorf("backspace deleted in the tree filter after delete was rebound to ctrl+w")
	}
	press(m, "ctrl+w")
	if s := ansi.Strip(m.Render()); !strings.Contains(s, "/a▏") {
		t.Errorf("ctrl+w did not delete in the tree filter:\n%s", s)
	}
	press(m, "esc")

	press(m, "?")
	h := m.Overlays.Top().(*help.Pane)
	short := len(h.Shown())
	press(m, "A")
	if m.Overlays.Top() != h || len(h.Shown()) <= short {
		t.Errorf("A did not show every section (%d, then %d)", short, len(h.Shown()))
	}
	rows := helpRows(h.Shown())
	if !rows[[2]string{"T", "unfold/fold thinking"}] || rows[[2]string{"t", "unfold/fold thinking"}] {
		t.Errorf("the help does not name the sessions pane's rebound key")
	}
	if !rows[[2]string{"ctrl+g", "close"}] || !rows[[2]string{"ctrl+w", "delete a character"}] || !rows[[2]string{"A", "all keys / this pane"}] {
		t.Errorf("the help does not name the rebound keys of find, the text fields and the help")
	}
	press(m, "tab")
	if m.Overlays.Top() != nil {
		t.Errorf("tab, no longer the help's all key, did not close it")
	}
}

// The help shows the focused pane's keys and the keys that work everywhere
// (two columns from 80 wide), the rest on its all key or through its
// filter. Rows measured: before, 131 at 80x24 and 107 at 120x36 (every
// section); now at most 32 at 80x24 (24 with the tree focused, 28 with the viewer: the first screen holds the
// pane's keys and quit) and one screen at 120x36 (23, 28).
func TestHelpRowsAt80x24And120x36(t *testing.T) {
	for _, c := range []struct {
		w, h, max int
	}{{80, 24, 32}, {120, 36, 33}} {
		m := viewerOn(t, nil, "src/main.go", c.w, c.h)
		for _, focus := range []paneID{paneTree, paneViewer} {
			m.focus = focus
			press(m, "?")
			h := m.Overlays.Top().(*help.Pane)
			if n := h.Rows(); n > c.max {
				t.Errorf("%dx%d, focus %v: the help takes %d rows, over %d", c.w, c.h, focus, n, c.max)
			} else {
				t.Logf("%dx%d, focus %v: %d rows", c.w, c.h, focus, n)
			}
			press(m, "tab")
			t.Logf("%dx%d, focus %v: %d rows with every section", c.w, c.h, focus, h.Rows())
			press(m, "esc")
		}
	}
}

// / in the help narrows every section, the hidden ones too, to the rows
// whose words match; esc clears the filter, a second esc closes the help.
func TestHelpFilter(t *testing.T) {
	m := viewerOn(t, nil, "src/main.go", 80, 24)
	press(m, "?", "/", "u", "n", "d", "o")
	h := m.Overlays.Top().(*help.Pane)
	rows := helpRows(h.Shown())
	if !rows[[2]string{"u", "undo the last write"}] || !rows[[2]string{"u", "undo the newest write"}] {
		t.Errorf("/undo: the help shows %v", rows)
	}
	if rows[[2]string{"q", "quit"}] || h.Rows() > 10 {
		t.Errorf("/undo: %d rows, %v", h.Rows(), rows)
	}
	if s := ansi.Strip(m.Render()); !strings.Contains(strings.SplitN(s, "\n", 2)[0], "/undo▏") {
		t.Errorf("the head line does not show the filter:\n%s", s)
	}
	press(m, "enter", "j")
	if m.Overlays.Top() != h {
		t.Fatalf("j after enter closed the help")
	}
	press(m, "esc")
	if m.Overlays.Top() != h || len(h.Shown()) != 2 {
		t.Errorf("esc did not clear the filter (open %v, %d sections)", m.Overlays.Top() == h, len(h.Shown()))
	}
	press(m, "esc")
	if m.Overlays.Top() != nil {
		t.Errorf("a second esc did not close the help")
	}
}

// The sessions pane takes its keys from the file too: its own (hide) and
// the movement it shares (top, a sequence it waits on).
func TestConfigRebindsSessionsKeys(t *testing.T) {
	c, err := config.Parse([]byte("[keys.sessions_pane]\nhide = [\"ctrl+t\"]\n\n[keys.move]\ntop = [\"m m\", \"home\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 100, 30, log, "s1")
	m.Keys = c.KeyMap()
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	view := func() string { return ansi.Strip(m.sessions.View(100, 28, true)) }
	newest := view()
	press(m, "g", "g")
	if got := view(); got != newest {
		t.Errorf("g g moved the calls' cursor after top was rebound to m m:\n%s", got)
	}
	press(m, "m", "m")
	if got := view(); got == newest {
		t.Errorf("m m did not go to the first call:\n%s", got)
	}
	press(m, "tab")
	if m.Overlays.Top() != overlay(m.sessions) {
		t.Errorf("tab hid the pane after hide was rebound to ctrl+t")
	}
	press(m, "ctrl+t")
	if m.Overlays.Find(paneSessions) != nil {
		t.Errorf("ctrl+t did not hide the pane")
	}
}

// TestNoKeyNameComparisons: the panes read their keys from the keymap, so
// config.toml can rebind every one; a key name compared in code would be a
// key the file cannot change.
func TestNoKeyNameComparisons(t *testing.T) {
	bad := regexp.MustCompile(`\.String\(\)\s*==\s*"|switch\s+\w+\.String\(\)\s*\{|\.String\(\)\[0\]|:=\s*(msg|k)\.String\(\)\s*$`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasPrefix(path, "panetest") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if bad.MatchString(line) {
				t.Errorf("%s:%d compares a key's name: %s — bind it in keymap and match the binding", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
