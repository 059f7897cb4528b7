package keymap

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// Every pane's KeyMap feeds the generated help.
var _ = []help.KeyMap{Global{}, Tree{}, Viewer{}}

// TestNoKeyBoundTwice checks that no key means two things in one pane:
// global keys are tried first, so a pane binding on the same key would be
// dead.
func TestNoKeyBoundTwice(t *testing.T) {
	km := Default()
	for pane, groups := range map[string][][]key.Binding{"tree": km.Tree.FullHelp(), "viewer": km.Viewer.FullHelp()} {
		owner := map[string]string{}
		add := func(b key.Binding) {
			for _, k := range b.Keys() {
				if o, ok := owner[k]; ok && o != b.Help().Desc {
					t.Errorf("%s: key %q is bound to %q and %q", pane, k, o, b.Help().Desc)
				}
				owner[k] = b.Help().Desc
			}
		}
		for _, g := range km.Global.FullHelp() {
			for _, b := range g {
				add(b)
			}
		}
		for _, g := range groups {
			for _, b := range g {
				add(b)
			}
		}
	}
}

// TestPaneKeysBuilt: f, s, e and : open their panes now; none is still
// reserved as "coming soon".
func TestPaneKeysBuilt(t *testing.T) {
	g := Default().Global
	if len(g.Reserved()) != 0 {
		t.Errorf("still reserved: %v", g.Reserved())
	}
	want := map[string]bool{"f": true, "ctrl+p": true, "s": true, "e": true, ":": true}
	for _, grp := range g.FullHelp() {
		for _, b := range grp {
			for _, k := range b.Keys() {
				if want[k] && !strings.Contains(b.Help().Desc, "coming soon") {
					delete(want, k)
				}
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("not bound to a pane: %v", want)
	}
}
