package config

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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
}

// A bad file is refused whole, each mistake with its line, its key and
// what is allowed.
func TestBadFilesAreRefusedWithLineKeyAndWhatIsAllowed(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"not TOML", "[keys\nfind = [\"f\"]\n", "line 1: this is not TOML"},
		{"unknown table", "\n[colours]\nbg = 1\n", "line 2: colours is not a table of repox's config — it has [keys], [theme], [view] and [tree]"},
		{"unknown action", "[keys]\nfnd = [\"f\"]\n", "line 2: keys.fnd is not an action — [keys] has: focus, agent, help"},
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
