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
// everywhere ([keys]), each pane's and overlay's in its own table
// ([keys.tree], [keys.viewer], [keys.sessions_pane], [keys.find_pane], …:
// a pane that a key of [keys] opens has "_pane" after that key's name), the
// movement every pane shares ([keys.move]) and the text fields' editing
// ([keys.typing]). A name is its binding's field in package keymap, in
// snake case (SplitNarrow: split_narrow). Every binding the help shows is
// an action, except the few that mirror another one (the sessions pane's
// quit, split and agent keys are the global ones; its "follow newest" is
// move.bottom), and ctrl+c, which always quits.
//
// Two kinds of action take more than plain keys: a sequence, two keys with
// a space between them ("g g"), for move.top and the viewer's z motions;
// and a count, ["1-9"] (the digits start a count) or [] (no counts).

// section is one table of [keys]: its name ("" for [keys] itself), what it
// is for the file's comments, and where its bindings are in a KeyMap.
type section struct {
	name  string
	about string
	of    func(*keymap.KeyMap) []reflect.Value // the structs holding its bindings (move: every pane's Nav)
	skip  []string                             // fields that are not actions (mirrors of another)
	typed bool                                 // text is typed there: a printable key cannot be bound
}

func one(f func(*keymap.KeyMap) any) func(*keymap.KeyMap) []reflect.Value {
	return func(k *keymap.KeyMap) []reflect.Value { return []reflect.Value{reflect.ValueOf(f(k)).Elem()} }
}

var sections = []section{
	{name: "", about: "keys that work everywhere", of: one(func(k *keymap.KeyMap) any { return &k.Global })},
	{name: "tree", about: "the file tree", of: one(func(k *keymap.KeyMap) any { return &k.Tree })},
	{name: "viewer", about: "the file viewer", of: one(func(k *keymap.KeyMap) any { return &k.Viewer })},
	{name: "move", about: "the movement every pane shares (tree, viewer, sessions, help)", of: func(k *keymap.KeyMap) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(&k.Tree.Nav).Elem(), reflect.ValueOf(&k.Viewer.Nav).Elem(), reflect.ValueOf(&k.Sessions.Nav).Elem()}
	}},
	{name: "agent_view", about: "a pane's agent view (a)", of: one(func(k *keymap.KeyMap) any { return &k.Agent })},
	{name: "sessions_pane", about: "the sessions pane (c); its quit, split and agent keys are [keys]'", of: one(func(k *keymap.KeyMap) any { return &k.Sessions }),
		skip: []string{"Newest", "Exact", "Narrow", "Widen", "Quit", "FilterClear", "DiffScroll"}},
	{name: "find_pane", about: "find (f): letters are typed into the query", of: one(func(k *keymap.KeyMap) any { return &k.Find }), typed: true},
	{name: "search_pane", about: "search (s): letters are typed into the pattern", of: one(func(k *keymap.KeyMap) any { return &k.Search }), typed: true},
	{name: "typing", about: "editing the text of find, search and the filters", of: one(func(k *keymap.KeyMap) any { return &k.Typing }), typed: true},
	{name: "tree_filter", about: "the tree's filter prompt (/ in the tree)", of: one(func(k *keymap.KeyMap) any { return &k.TreeFilter }), typed: true},
	{name: "prompt", about: "the viewer's search prompt (/ in the viewer)", of: one(func(k *keymap.KeyMap) any { return &k.Prompt }), typed: true},
	{name: "preview", about: "the edit preview (e): text is typed into its fields", of: one(func(k *keymap.KeyMap) any { return &k.Preview }), typed: true},
	{name: "write_log", about: "the write log (U)", of: one(func(k *keymap.KeyMap) any { return &k.Writes })},
	{name: "console_pane", about: "the tool console (:): text is typed into the call", of: one(func(k *keymap.KeyMap) any { return &k.Console }), typed: true},
	{name: "help_pane", about: "the full help (?): other keys close it", of: one(func(k *keymap.KeyMap) any { return &k.Help })},
	{name: "overlay", about: "whatever is open over the panes (find, search, preview, console, help, prompts)", of: one(func(k *keymap.KeyMap) any { return &k.Overlay })},
	{name: "tour", about: "repox demo's tour", of: one(func(k *keymap.KeyMap) any { return &k.Tour })},
}

// sequenceActions may be bound to sequences of two keys ("g g").
var sequenceActions = []string{"move.top", "viewer.center", "viewer.to_top", "viewer.to_bottom", "viewer.half_left", "viewer.half_right"}

// countActions take ["1-9"] or [].
var countActions = []string{"tree.count", "viewer.count"}

// countForm is how the file writes a count's keys.
const countForm = "1-9"

// typedExempt are actions of a typed section that apply where nothing is
// typed (the preview's confirmation).
var typedExempt = []string{"preview.confirm"}

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

var bindingType = reflect.TypeFor[key.Binding]()

// fieldNames are the binding fields of v, those of embedded structs too,
// except the shared movement (Nav), which is [keys.move]'s.
func fieldNames(v reflect.Value) []string {
	var out []string
	for i := range v.NumField() {
		f := v.Type().Field(i)
		switch {
		case f.Type == bindingType:
			out = append(out, f.Name)
		case f.Anonymous && f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[keymap.Nav]():
			out = append(out, fieldNames(v.Field(i))...)
		}
	}
	return out
}

// actions are every section's actions, in the keymap's field order.
func actions() []action {
	km := keymap.Default()
	var out []action
	for _, sec := range sections {
		for _, f := range fieldNames(sec.of(&km)[0]) {
			if !slices.Contains(sec.skip, f) {
				out = append(out, action{section: sec.name, name: snake(f), field: f})
			}
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

func sectionOf(name string) section {
	for _, s := range sections {
		if s.name == name {
			return s
		}
	}
	return section{}
}

// bindings are the bindings an action sets in km (several for move's).
func (a action) bindings(km *keymap.KeyMap) []*key.Binding {
	var out []*key.Binding
	for _, v := range sectionOf(a.section).of(km) {
		out = append(out, v.FieldByName(a.field).Addr().Interface().(*key.Binding))
	}
	return out
}

// keys are the keys of an action in km as it stands, as the file writes
// them (a count as "1-9").
func (a action) keys(km *keymap.KeyMap) []string {
	ks := a.bindings(km)[0].Keys()
	if slices.Contains(countActions, a.path()) && slices.Equal(ks, keymap.CountKeys) {
		return []string{countForm}
	}
	return ks
}

// matchKeys are the keys an action matches in km (a count's digits).
func (a action) matchKeys(km *keymap.KeyMap) []string {
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
// so the help and the hints show the keys in effect; then the mirrors
// follow (keymap.Sync). ctrl+c stays with quit whatever quit is bound to.
func apply(km *keymap.KeyMap, keys map[string][]string) {
	for _, a := range actions() {
		ks, ok := keys[a.path()]
		if !ok {
			continue
		}
		label := strings.Join(shownKeys(ks), "/")
		if a.path() == "quit" && !slices.Contains(ks, "ctrl+c") {
			ks = append(slices.Clone(ks), "ctrl+c")
		}
		if slices.Contains(countActions, a.path()) && len(ks) > 0 {
			ks = keymap.CountKeys
		}
		for _, b := range a.bindings(km) {
			b.SetKeys(ks...)
			b.SetHelp(label, b.Help().Desc)
		}
	}
	km.Sync()
}

// shownKeys are keys as the help names them: the arrows as glyphs, as
// the built-in labels do (↑/k), and ctrl+c, the always-there way out,
// left unsaid after quit's own keys.
func shownKeys(ks []string) []string {
	var out []string
	for _, k := range ks {
		if k == "ctrl+c" && len(ks) > 1 {
			continue
		}
		i := strings.LastIndexAny(k, "+ ") + 1 // the key after its modifiers, or a sequence's last
		if g, ok := keyGlyphs[k[i:]]; ok {
			k = k[:i] + g
		}
		out = append(out, k)
	}
	return out
}

// keyGlyphs are the short names the help gives keys.
var keyGlyphs = map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→", "pgdown": "pgdn"}

// scope is a place where one key must not do two things: the actions of
// its sections, and single actions of others (the global keys a pane
// mirrors), less those that apply elsewhere (the sessions list's keys in
// the calls view).
type scope struct {
	sections []string
	also     []string
	except   []string
}

func (s scope) has(a action) bool {
	if slices.Contains(s.except, a.path()) {
		return false
	}
	return slices.Contains(s.sections, a.section) || slices.Contains(s.also, a.path())
}

// sessionsMirrors are the global actions the sessions pane answers too
// (help opens over it).
var sessionsMirrors = []string{"quit", "suspend", "help", "agent", "split_narrow", "split_widen"}

// sessionsTyping are the sessions pane's keys while a filter is typed.
var sessionsTyping = []string{"sessions_pane.filter_keep", "sessions_pane.filter_down", "sessions_pane.filter_up"}

// conflicts are the scopes: each pane beside the keys that work everywhere
// (which the explorer tries first) and the movement it shares; each
// overlay with what it answers.
var conflicts = []scope{
	{sections: []string{"", "tree", "move"}},
	{sections: []string{"", "viewer", "move"}},
	{sections: []string{"", "agent_view"}},
	{sections: []string{"sessions_pane", "move"}, also: sessionsMirrors,
		except: append([]string{"sessions_pane.search_calls", "sessions_pane.back", "sessions_pane.diff_down", "sessions_pane.diff_up", "sessions_pane.thinking",
			"sessions_pane.wrap", "sessions_pane.kind", "sessions_pane.copy", "sessions_pane.changes",
			"sessions_pane.next_hit", "sessions_pane.prev_hit"}, sessionsTyping...)},
	{sections: []string{"sessions_pane", "move"}, also: sessionsMirrors, except: append([]string{"sessions_pane.open", "sessions_pane.search"}, sessionsTyping...)},
	{also: append([]string{"typing.delete", "suspend"}, sessionsTyping...)},
	{sections: []string{"find_pane", "typing"}, also: []string{"suspend"}},
	{sections: []string{"search_pane", "typing"}, also: []string{"suspend"}},
	{sections: []string{"tree_filter", "typing"}, also: []string{"suspend"}},
	{sections: []string{"prompt"}, also: []string{"suspend"}},
	{sections: []string{"preview"}, also: []string{"typing.clear", "suspend"}},
	{sections: []string{"console_pane"}, also: []string{"suspend"}},
	{sections: []string{"write_log", "move"}, also: []string{"undo", "suspend"}},
	{sections: []string{"help_pane", "move"}, also: []string{"suspend"}},
	{sections: []string{"overlay"}},
	{sections: []string{"tour"}},
}
