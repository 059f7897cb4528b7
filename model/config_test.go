package model

import (
	"context"
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/find"
	"github.com/repoxhq/repox/model/panetest"
)

// configModel is the explorer on the fixture with the config file text.
func configModel(t *testing.T, file string) *Model {
	t.Helper()
	return keyedOn(t, file, nil, "", 100, 30)
}

// A key rebound in config.toml does its action, the old key no longer
// does, and the hint line and the help name the keys in effect.
func TestConfigRebindsKeys(t *testing.T) {
	m := configModel(t, "[keys]\nfind = [\"ctrl+f\"]\nquit = [\"Q\"]\n\n[keys.tree]\nfilter = [\"ctrl+s\"]\n")
	press(m, "f")
	if m.Overlays.Top() != nil {
		t.Fatalf("f opened %T after find was rebound to ctrl+f", m.Overlays.Top())
	}
	press(m, "ctrl+f")
	if _, ok := m.Overlays.Top().(*find.Pane); !ok {
		t.Fatalf("ctrl+f: top overlay %T, want find", m.Overlays.Top())
	}
	press(m, "esc")
	lines := strings.Split(ansi.Strip(m.Render()), "\n")
	if hint := lines[len(lines)-1]; !strings.Contains(hint, "Q quit") || strings.Contains(hint, "q quit") {
		t.Errorf("the hint line does not name quit's key: %q", hint)
	}
	rows := helpRows(m.helpSections())
	if !rows[[2]string{"ctrl+f", "find file"}] || !rows[[2]string{"ctrl+s", "filter by name (path with a /)"}] {
		t.Errorf("the help does not name the rebound keys")
	}
	m.focus = paneTree
	press(m, "/")
	if m.Overlays.Top() != nil {
		t.Errorf("/ opened %T after the tree's filter was rebound", m.Overlays.Top())
	}
	press(m, "esc", "ctrl+s")
	if o := m.Overlays.Top(); o == nil || o.Area() != areaInline {
		t.Errorf("ctrl+s in the tree: top %T, want the filter prompt", o)
	}
	press(m, "esc")
	_, cmd := m.Update(panetest.Key("q"))
	if cmd != nil && cmd() == tea.Quit() {
		t.Errorf("q still quits after quit was rebound to Q")
	}
	if _, cmd := m.Update(panetest.Key("ctrl+c")); cmd == nil || cmd() != tea.Quit() {
		t.Errorf("ctrl+c does not quit: it always should")
	}
}

// The theme's colours and background are the explorer's: a light
// background set in the file holds whatever the terminal answers, and
// the view and tree settings it sets are the ones the explorer starts
// with.
func TestConfigThemeAndSettings(t *testing.T) {
	m := configModel(t, "[theme]\nbackground = \"light\"\n\n[theme.light]\naccent = \"#123456\"\n\n[view]\nwrap = true\nsplit = 50\n")
	m.Update(tea.BackgroundColorMsg{Color: color.Black}) // a dark terminal
	if m.Styles.IsDark {
		t.Errorf("background = \"light\" but the styles are for a dark one")
	}
	if m.cfg.Settings.Split != 50 || !m.viewer.Wrapping() {
		t.Errorf("split %d wrap %v, want the file's 50 and true", m.cfg.Settings.Split, m.viewer.Wrapping())
	}
}

// A bad config file stops the explorer before it starts (before the
// repository is opened or the screen taken), saying each mistake.
func TestBadConfigIsRefusedAtStart(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	writeFiles(t, home, map[string]string{"repox/config.toml": "[keys]\nfind = \"f\"\n"})
	err := Run(context.Background(), Options{Dir: panetest.FixtureRepo(t)})
	if err == nil || !strings.Contains(err.Error(), "line 2: keys.find must be a list of keys") || !strings.Contains(err.Error(), "nothing of it is used") {
		t.Errorf("Run with a bad config: %v", err)
	}
}
