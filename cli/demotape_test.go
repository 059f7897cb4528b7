package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"charm.land/bubbles/v2/key"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/tour"
)

// tapeCmd is one command of a VHS tape: its name ("Type", "Enter",
// "Ctrl+C", "Set", …), its arguments, and whether it runs hidden.
type tapeCmd struct {
	name   string
	args   []string
	hidden bool
	line   int
}

// tapeKeys are VHS's key commands and the key each presses, as
// charm.land/bubbles/v2/key names it.
var tapeKeys = map[string]string{
	"Enter": "enter", "Escape": "esc", "Tab": "tab", "Backspace": "backspace", "Delete": "delete",
	"Insert": "insert", "Space": "space", "Up": "up", "Down": "down", "Left": "left", "Right": "right",
	"PageUp": "pgup", "PageDown": "pgdown",
}

// tapeLineCmds take the rest of their line as arguments.
var tapeLineCmds = []string{"Output", "Require", "Set", "Env", "Source", "Screenshot", "Copy"}

// parseTape reads a VHS tape: one or more commands a line, # comments,
// strings in double, single or back quotes. What it does not know is an
// error, so a tape the test cannot read fails rather than passes.
func parseTape(text string) ([]tapeCmd, error) {
	var cmds []tapeCmd
	hidden := false
	for n, line := range strings.Split(text, "\n") {
		toks, err := tapeTokens(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		for len(toks) > 0 {
			name, _, _ := strings.Cut(toks[0], "@") // Type@80ms, Enter@1s
			c := tapeCmd{name: name, hidden: hidden, line: n + 1}
			toks = toks[1:]
			switch {
			case slices.Contains(tapeLineCmds, name):
				c.args, toks = toks, nil
			case name == "Type" || name == "Sleep":
				if len(toks) == 0 {
					return nil, fmt.Errorf("line %d: %s without its argument", n+1, name)
				}
				c.args, toks = toks[:1], toks[1:]
			case name == "Hide" || name == "Show" || name == "Paste":
				hidden = name == "Hide"
			case tapeKeys[name] != "" || strings.HasPrefix(name, "Ctrl+") || strings.HasPrefix(name, "Alt+"):
				if len(toks) > 0 {
					if _, err := strconv.Atoi(toks[0]); err == nil { // a repeat count
						c.args, toks = toks[:1], toks[1:]
					}
				}
			default:
				return nil, fmt.Errorf("line %d: %q is not a VHS command this test knows", n+1, name)
			}
			cmds = append(cmds, c)
		}
	}
	return cmds, nil
}

// tapeTokens splits a line into words and quoted strings (unquoted).
func tapeTokens(line string) ([]string, error) {
	var toks []string
	rest := strings.TrimSpace(line)
	for rest != "" && rest[0] != '#' {
		if q := rest[0]; q == '"' || q == '\'' || q == '`' {
			end := strings.IndexByte(rest[1:], q)
			if end < 0 {
				return nil, fmt.Errorf("string not closed: %s", rest)
			}
			toks = append(toks, rest[1:end+1])
			rest = strings.TrimSpace(rest[end+2:])
			continue
		}
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		toks = append(toks, rest[:end])
		rest = strings.TrimSpace(rest[end:])
	}
	return toks, nil
}

// keysPressed are the keys cmds press, in order, as key names.
func keysPressed(cmds []tapeCmd) []string {
	var keys []string
	for _, c := range cmds {
		switch {
		case c.name == "Type":
			for _, r := range c.args[0] {
				k := string(r)
				if r == ' ' {
					k = "space"
				}
				keys = append(keys, k)
			}
		case tapeKeys[c.name] != "" || strings.HasPrefix(c.name, "Ctrl+") || strings.HasPrefix(c.name, "Alt+"):
			k := tapeKeys[c.name]
			if k == "" {
				k = strings.ToLower(c.name)
			}
			times := 1
			if len(c.args) == 1 {
				times, _ = strconv.Atoi(c.args[0])
			}
			for range times {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// countKey is how many of keys b binds.
func countKey(keys []string, b key.Binding) int {
	n := 0
	for _, k := range keys {
		if slices.Contains(b.Keys(), k) {
			n++
		}
	}
	return n
}

// TestDemoTapeFollowsTheTour: docs/demo.tape, which VHS turns into
// docs/demo.gif where it runs (it needs ttyd), stays true to the tour:
// it records a GIF at a set size, runs a repox command that exists, presses
// n once per step after the first, types only keys the tour or the
// explorer bind, and quits at the end.
func TestDemoTapeFollowsTheTour(t *testing.T) {
	b, err := os.ReadFile("../docs/demo.tape")
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := parseTape(string(b))
	if err != nil {
		t.Fatalf("docs/demo.tape: %v", err)
	}
	sets := map[string]string{}
	var output []string
	for _, c := range cmds {
		switch c.name {
		case "Output":
			output = append(output, c.args...)
		case "Set":
			if len(c.args) < 2 {
				t.Errorf("line %d: Set %v without a value", c.line, c.args)
				continue
			}
			sets[c.args[0]] = c.args[1]
		case "Sleep":
			if _, err := time.ParseDuration(c.args[0]); err != nil {
				t.Errorf("line %d: Sleep %q: %v", c.line, c.args[0], err)
			}
		}
	}
	if !slices.Equal(output, []string{"docs/demo.gif"}) {
		t.Errorf("Output %v, want docs/demo.gif", output)
	}
	for _, s := range []string{"Width", "Height", "FontSize"} {
		if v, err := strconv.Atoi(sets[s]); err != nil || v <= 0 {
			t.Errorf("Set %s %q: want a size", s, sets[s])
		}
	}

	// the command: the one shown line typed and entered that starts repox
	launch := -1
	for i, c := range cmds {
		if c.name == "Type" && !c.hidden && strings.HasPrefix(c.args[0], "repox ") {
			if launch >= 0 {
				t.Fatalf("line %d: a second repox command; the tape records one tour", c.line)
			}
			launch = i
		}
	}
	if launch < 0 {
		t.Fatal("the tape never types a repox command")
	}
	rest := cmds[launch+1:]
	for len(rest) > 0 && rest[0].name == "Sleep" {
		rest = rest[1:]
	}
	if len(rest) == 0 || rest[0].name != "Enter" {
		t.Fatalf("line %d: %q is never entered", cmds[launch].line, cmds[launch].args[0])
	}
	args := strings.Fields(cmds[launch].args[0])[1:]
	root := newCLI(context.Background(), strings.NewReader(""), io.Discard, io.Discard)
	cmd, left, err := root.Find(args)
	if err != nil || cmd.Name() != "demo" {
		t.Fatalf("%q: finds %v (%v), want repox demo", cmds[launch].args[0], cmd.Name(), err)
	}
	if err := cmd.ValidateArgs(left); err != nil {
		t.Errorf("%q: %v", cmds[launch].args[0], err)
	}

	// the keys pressed in the tour
	keys := keysPressed(rest[1:])
	tk, g := keymap.NewTour(), keymap.NewGlobal()
	var bound []key.Binding
	for _, group := range tk.FullHelp() {
		bound = append(bound, group...)
	}
	bound = append(bound, g.Bindings()...)
	for _, k := range keys {
		if !slices.ContainsFunc(bound, func(b key.Binding) bool { return slices.Contains(b.Keys(), k) }) {
			t.Errorf("the tape presses %q, which neither the tour (keymap/tour.go) nor the explorer's global keys bind", k)
		}
	}
	if n := countKey(keys, tk.Next); n != len(tour.Steps)-1 {
		t.Errorf("the tape presses n %d times; the tour has %d steps, so %d", n, len(tour.Steps), len(tour.Steps)-1)
	}
	if countKey(keys, tk.Back) > 0 {
		t.Error("the tape goes back a step: the n count no longer says it reaches the last one")
	}
	if len(keys) == 0 || !slices.Contains(g.Quit.Keys(), keys[len(keys)-1]) {
		t.Errorf("the tape's last key is not quit (%v): the recording would end inside the explorer", keys)
	}
}
