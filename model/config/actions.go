package config

import (
	"reflect"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	"github.com/repoxhq/repox/keymap"
)

// The actions a [keys] table binds, by name: the explorer's keys that work
// everywhere ([keys]), the tree's ([keys.tree]), the viewer's
// ([keys.viewer]), the movement every pane shares ([keys.move]) and the
// agent view's ([keys.agent_view]). A name is its binding's field in package
// keymap, in snake case (SplitNarrow: split_narrow). Left out are the
// keys whose meaning is their shape: counts (1-9), the viewer's two-key
// motions after z, top (the second g of g g), and quitting with ctrl+c,
// which always works.

// section is one table of [keys]: its name ("" for [keys] itself) and
// where its bindings are in a KeyMap.
type section struct {
	name string
	of   func(*keymap.KeyMap) []reflect.Value // the structs holding its bindings (move: every pane's Nav)
	skip []string                             // fields that are not actions
}

var sections = []section{
	{"", func(k *keymap.KeyMap) []reflect.Value { return []reflect.Value{reflect.ValueOf(&k.Global).Elem()} }, nil},
	{"tree", func(k *keymap.KeyMap) []reflect.Value { return []reflect.Value{reflect.ValueOf(&k.Tree).Elem()} }, []string{"Count"}},
	{"viewer", func(k *keymap.KeyMap) []reflect.Value { return []reflect.Value{reflect.ValueOf(&k.Viewer).Elem()} },
		[]string{"Count", "Center", "ToTop", "ToBottom", "HalfLeft", "HalfRight"}},
	{"move", func(k *keymap.KeyMap) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(&k.Tree.Nav).Elem(), reflect.ValueOf(&k.Viewer.Nav).Elem(), reflect.ValueOf(&k.Sessions.Nav).Elem()}
	}, []string{"Top"}},
	{"agent_view", func(k *keymap.KeyMap) []reflect.Value { return []reflect.Value{reflect.ValueOf(&k.Agent).Elem()} }, nil},
}

// action is one bindable action.
type action struct {
	section, name, field string
}

// path is how the action is named in the file and in messages: "find",
// "tree.filter".
func (a action) path() string {
	if a.section == "" {
		return a.name
	}
	return a.section + "." + a.name
}

// actions are every section's actions, in the keymap's field order.
func actions() []action {
	km := keymap.Default()
	var out []action
	for _, sec := range sections {
		v := sec.of(&km)[0]
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Anonymous || f.Type != reflect.TypeFor[key.Binding]() || slices.Contains(sec.skip, f.Name) {
				continue
			}
			out = append(out, action{section: sec.name, name: snake(f.Name), field: f.Name})
		}
	}
	return out
}

// sectionActions are the action names of one section.
func sectionActions(name string) []string {
	var out []string
	for _, a := range actions() {
		if a.section == name {
			out = append(out, a.name)
		}
	}
	return out
}

// bindings are the bindings an action sets in km (several for move's).
func (a action) bindings(km *keymap.KeyMap) []*key.Binding {
	for _, sec := range sections {
		if sec.name != a.section {
			continue
		}
		var out []*key.Binding
		for _, v := range sec.of(km) {
			out = append(out, v.FieldByName(a.field).Addr().Interface().(*key.Binding))
		}
		return out
	}
	return nil
}

// Keys are the keys of an action in km as it stands.
func (a action) keys(km *keymap.KeyMap) []string {
	return a.bindings(km)[0].Keys()
}

// snake is a Go field name in snake case: CopyAll copy_all.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// apply sets every bound action's keys in km, and its help to name them,
// so the help and the hints show the keys in effect. ctrl+c stays with
// quit whatever quit is bound to.
func apply(km *keymap.KeyMap, keys map[string][]string) {
	for _, a := range actions() {
		ks, ok := keys[a.path()]
		if !ok {
			continue
		}
		if a.path() == "quit" && !slices.Contains(ks, "ctrl+c") {
			ks = append(slices.Clone(ks), "ctrl+c")
		}
		for _, b := range a.bindings(km) {
			label := strings.Join(shownKeys(ks), "/")
			b.SetKeys(ks...)
			b.SetHelp(label, b.Help().Desc)
		}
	}
}

// shownKeys are keys as the help names them (ctrl+c, the always-there
// way out, left unsaid after quit's own keys).
func shownKeys(ks []string) []string {
	var out []string
	for _, k := range ks {
		if k == "ctrl+c" && len(ks) > 1 {
			continue
		}
		out = append(out, k)
	}
	return out
}

// conflicts are the scopes in which one key must not do two things: a
// section's own actions, and each pane's beside the keys that work
// everywhere (which the explorer tries first) and the movement it shares.
var conflicts = [][]string{{""}, {"tree"}, {"viewer"}, {"move"}, {"agent_view"},
	{"", "tree"}, {"", "viewer"}, {"", "move"}, {"", "agent_view"}, {"tree", "move"}, {"viewer", "move"}}
