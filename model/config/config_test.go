package config

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
)

var update = flag.Bool("update", false, "rewrite testdata/default.toml")

// The file repox config prints for no file is testdata/default.toml (update
// with -update), and it reads back to what it says: printed again, it is
// the same bytes.
func TestPrintIsAValidConfigFile(t *testing.T) {
	var out bytes.Buffer
	if err := Print(&out, Default()); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "default.toml")
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, out.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("repox config for no file changed; run go test ./config -update and review:\n%s", out.String())
	}
	back, err := Parse(out.Bytes())
	if err != nil {
		t.Fatalf("the printed config does not read back:\n%v", err)
	}
	var again bytes.Buffer
	Print(&again, back)
	if again.String() != out.String() {
		t.Errorf("printed, read and printed again, the config differs:\n%s", again.String())
	}
}

// An action bound in the file has those keys and no others, its help
// names them, and ctrl+c still quits whatever quit is bound to; the move
// actions bind every pane's movement.
func TestRebinding(t *testing.T) {
	c, err := Parse([]byte("[keys]\nfind = [\"ctrl+f\"]\nquit = [\"Q\"]\n\n[keys.move]\ndown = [\"ctrl+n\", \"down\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	km := c.KeyMap()
	press := func(s string) tea.KeyPressMsg {
		if len(s) == 1 {
			return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
		}
		r := []rune(strings.TrimPrefix(s, "ctrl+"))
		return tea.KeyPressMsg{Code: r[0], Mod: tea.ModCtrl}
	}
	for _, c := range []struct {
		b    key.Binding
		k    string
		want bool
	}{
		{km.Global.Find, "ctrl+f", true}, {km.Global.Find, "f", false}, {km.Global.Find, "ctrl+p", false},
		{km.Global.Quit, "Q", true}, {km.Global.Quit, "ctrl+c", true}, {km.Global.Quit, "q", false},
		{km.Tree.Down, "ctrl+n", true}, {km.Viewer.Down, "ctrl+n", true}, {km.Sessions.Down, "ctrl+n", true}, {km.Tree.Down, "j", false},
	} {
		if got := key.Matches(press(c.k), c.b); got != c.want {
			t.Errorf("%s on %v: matches %v, want %v", c.k, c.b.Keys(), got, c.want)
		}
	}
	if h := km.Global.Find.Help(); h.Key != "ctrl+f" || h.Desc != "find file" {
		t.Errorf("find's help: %+v", h)
	}
	if h := km.Global.Quit.Help(); h.Key != "Q" {
		t.Errorf("quit's help names %q", h.Key)
	}
	if h := km.Tree.Down.Help(); h.Key != "ctrl+n/↓" {
		t.Errorf("down's help names %q, want the arrow as a glyph", h.Key)
	}
}

// A bad file is refused whole, each mistake with its line, its key and
// what is allowed.
func TestBadFilesAreRefusedWithLineKeyAndWhatIsAllowed(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"not TOML", "[keys\nfind = [\"f\"]\n", "line 1: this is not TOML"},
		{"unknown table", "\n[colours]\nbg = 1\n", "line 2: colours is not a table of repox's config — it has [keys], [theme], [view] and [tree]"},
		{"unknown action", "[keys]\nfnd = [\"f\"]\n", "line 2: keys.fnd is not an action — [keys] has: focus, focus_back, agent, help"},
		{"unknown pane action", "[keys.tree]\nfilterr = [\"/\"]\n", "line 2: keys.tree.filterr is not an action — [keys.tree] has: expand, collapse, filter"},
		{"not a list", "[keys]\nfind = \"f\"\n", `line 2: keys.find must be a list of keys, like find = ["x", "ctrl+x"] (got a string)`},
		{"not a key", "[keys]\nfind = [\"Ctrl+F\"]\n", `line 2: keys.find has "Ctrl+F", whose "Ctrl" is not a modifier`},
		{"a word that is no key", "[keys]\nfind = [\"return\"]\n", `line 2: keys.find has "return", which is not a key: a single character, or one of up, down`},
		{"two actions, one key", "[keys]\nfind = [\"s\"]\n", `line 2: keys.find binds "s", which search has too`},
		{"a global key in a pane", "[keys.tree]\nfilter = [\"f\"]\n", `line 2: keys.tree.filter binds "f", which find has too`},
		{"split out of range", "[view]\nsplit = 95\n", "line 2: view.split must be a whole number of percent from 10 to 90, or 0 for a third (got 95)"},
		{"unknown setting", "[view]\nwidth = 3\n", "line 2: view.width is not a setting — [view] has: split, wrap"},
		{"not a bool", "[tree]\npreview = \"yes\"\n", `line 2: tree.preview must be true or false (got a string)`},
		{"bad background", "[theme]\nbackground = \"black\"\n", `line 2: theme.background must be one of "auto", "dark", "light" (got "black")`},
		{"unknown role", "[theme.dark]\nforeground = \"#fff\"\n", "line 2: theme.dark.foreground is not a colour role — the roles are: fg, muted"},
		{"bad colour", "[theme.light]\naccent = \"purple\"\n", `line 2: theme.light.accent must be a colour, "#rrggbb", "#rgb" or an ANSI number "0" to "255" (got "purple")`},
	} {
		_, err := Parse([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
	// Every mistake is said, in line order; nothing is applied.
	c, err := Parse([]byte("[view]\nsplit = 5\n\n[keys]\nfnd = [\"f\"]\n"))
	if ps, ok := err.(Problems); !ok || len(ps) != 2 || ps[0].Line != 2 || ps[1].Line != 5 || c.Keys != nil {
		t.Errorf("two mistakes: %v, %+v", err, c)
	}
}

// Load: no file is the defaults; a bad one is refused with its path.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	if c, err := Load(filepath.Join(dir, "none.toml")); err != nil || c.Background != "auto" {
		t.Fatalf("no file: %+v %v", c, err)
	}
	p := filepath.Join(dir, "config.toml")
	os.WriteFile(p, []byte("[view]\nwrap = 1\n"), 0o644)
	if _, err := Load(p); err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "nothing of it is used") {
		t.Errorf("bad file: %v", err)
	}
	t.Setenv("XDG_CONFIG_HOME", dir)
	if got, _ := Path(); got != filepath.Join(dir, "repox", "config.toml") {
		t.Errorf("Path with XDG_CONFIG_HOME: %s", got)
	}
}

// docs/explorer.md's example config is one repox takes.
func TestTheDocumentedExampleIsValid(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "explorer.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "## Configuration")
	_, block, ok2 := strings.Cut(after, "```toml\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/explorer.md has no toml example under ## Configuration")
	}
	if _, err := Parse([]byte(block)); err != nil {
		t.Errorf("docs/explorer.md's example config is refused:\n%v", err)
	}
}

// Every binding the explorer has is an action of the file (but the few
// that mirror another), so every key can be rebound: the printed file
// names them all, and each takes a rebinding.
func TestEveryBindingIsAnAction(t *testing.T) {
	var out bytes.Buffer
	Print(&out, Default())
	c, err := Parse(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range actions() {
		if _, ok := c.Keys[a.path()]; !ok {
			t.Errorf("%s is not in the printed file", a.path())
		}
		n++
	}
	km := keymap.Default()
	walked := 0
	var walk func(v reflect.Value, name string)
	walk = func(v reflect.Value, name string) {
		for i := range v.NumField() {
			f := v.Type().Field(i)
			switch {
			case f.Type == reflect.TypeFor[key.Binding]():
				walked++
			case f.Type.Kind() == reflect.Struct:
				walk(v.Field(i), name+"."+f.Name)
			}
		}
	}
	walk(reflect.ValueOf(km), "KeyMap")
	mirrors := 0
	for _, s := range sections {
		mirrors += len(s.skip)
	}
	// The move actions set the Nav of the tree, the viewer and the
	// sessions pane: 8 actions, 24 bindings.
	if want := walked - mirrors - 16; n != want {
		t.Errorf("%d actions for %d bindings (%d mirrors): some binding cannot be rebound", n, walked, mirrors)
	}
	if n < 130 {
		t.Errorf("only %d actions", n)
	}
}

// Sequences, counts and the keys of every pane: what the file says is
// what the key map holds, help labels included.
func TestSequencesCountsAndPanes(t *testing.T) {
	c, err := Parse([]byte(`[keys.move]
top = ["t t", "home"]

[keys.viewer]
count = []
center = ["Z"]
to_top = ["x t"]

[keys.sessions_pane]
thinking = ["T"]

[keys.find_pane]
close = ["ctrl+g"]

[keys.typing]
delete = ["ctrl+w"]

[keys.help_pane]
all = ["A"]
`))
	if err != nil {
		t.Fatal(err)
	}
	km := c.KeyMap()
	for _, x := range []struct {
		b    key.Binding
		keys []string
		help string
	}{
		{km.Tree.Top, []string{"t t", "home"}, "t t/home"}, {km.Viewer.Top, []string{"t t", "home"}, "t t/home"},
		{km.Sessions.Top, []string{"t t", "home"}, "t t/home"},
		{km.Viewer.Center, []string{"Z"}, "Z"}, {km.Viewer.ToTop, []string{"x t"}, "x t"},
		{km.Sessions.Thinking, []string{"T"}, "T"}, {km.Find.Close, []string{"ctrl+g"}, "ctrl+g"},
		{km.Typing.Delete, []string{"ctrl+w"}, "ctrl+w"}, {km.Help.All, []string{"A"}, "A"},
		{km.Tree.Count, keymap.CountKeys, "1-9"},
	} {
		if !slices.Equal(x.b.Keys(), x.keys) || x.b.Help().Key != x.help {
			t.Errorf("%v (%q): want %v (%q)", x.b.Keys(), x.b.Help().Key, x.keys, x.help)
		}
	}
	if km.Viewer.Count.Enabled() {
		t.Errorf("viewer.count = [] left counts on: %v", km.Viewer.Count.Keys())
	}
	var out bytes.Buffer
	Print(&out, c)
	for _, want := range []string{`top = ["t t", "home"]`, "count = []", `count = ["1-9"]`, `center = ["Z"]`, `thinking = ["T"]`} {
		if !strings.Contains(out.String(), want+"  #") {
			t.Errorf("repox config does not print %s", want)
		}
	}
}

// Mistakes with sequences, counts and the panes' keys are refused with the
// line, the key and what is allowed; two actions of one pane on one key
// name both.
func TestBadKeysOfEveryKindAreRefused(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"a sequence where single keys go", "[keys]\nfind = [\"g f\"]\n",
			`line 2: keys.find has "g f", a sequence of keys: only move.top, viewer.center, viewer.to_top, viewer.to_bottom, viewer.half_left, viewer.half_right take one`},
		{"three keys", "[keys.move]\ntop = [\"g g g\"]\n", `line 2: keys.move.top has "g g g", which is not a sequence: two keys with one space between them`},
		{"two spaces", "[keys.move]\ntop = [\"g  g\"]\n", `line 2: keys.move.top has "g  g", which is not a sequence`},
		{"a bad key in a sequence", "[keys.viewer]\ncenter = [\"z zed\"]\n", `line 2: keys.viewer.center has "z zed", whose "zed" is not a key: a single character`},
		{"a count of keys", "[keys.tree]\ncount = [\"1\", \"2\"]\n", `line 2: keys.tree.count is a count: ["1-9"] (the digits start a count, as in 5j) or [] (no counts; the digits are free) (got "1")`},
		{"a sequence's first key alone", "[keys.move]\nbottom = [\"g\"]\n",
			`line 2: keys.move.bottom binds "g", which starts move.top's "g g" — a key that starts a sequence cannot also do something alone`},
		{"a sequence on a global key", "[keys.viewer]\nto_top = [\"f t\"]\n",
			`line 2: keys.viewer.to_top binds "f t", whose first key "f" is find's key too`},
		{"two sessions actions, one key", "[keys.sessions_pane]\nthinking = [\"w\"]\n",
			`line 2: keys.sessions_pane.thinking binds "w", which sessions_pane.wrap has too`},
		{"a sessions key on a global it answers", "[keys.sessions_pane]\nchanges = [\"a\"]\n",
			`keys.sessions_pane.changes binds "a", which agent has too`},
		{"two find actions, one key", "[keys.find_pane]\nopen = [\"ctrl+y\"]\n",
			`line 2: keys.find_pane.open binds "ctrl+y", which find_pane.copy has too`},
		{"a find key on the text fields'", "[keys.typing]\nclear = [\"ctrl+n\"]\n",
			`line 2: keys.typing.clear binds "ctrl+n", which find_pane.down has too`},
		{"a letter where text is typed", "[keys.find_pane]\nopen = [\"o\"]\n",
			`line 2: keys.find_pane.open binds "o", which is typed as text there — bind a key with ctrl+ or alt+, or a named key`},
		{"two help actions", "[keys.help_pane]\nall = [\"/\"]\n", `keys.help_pane.all binds "/", which help_pane.filter has too`},
		{"unknown pane table action", "[keys.sessions_pane]\nthink = [\"T\"]\n", "line 2: keys.sessions_pane.think is not an action — [keys.sessions_pane] has: open, search, search_calls"},
	} {
		_, err := Parse([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
}
