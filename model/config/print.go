package config

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/ui"
)

// Print writes c as a config file that Parse reads back to c: every
// setting in effect, the built-in ones too, each commented with what it
// does. The defaults of [view] and [tree] are written commented out:
// unset, the explorer starts as it was last left; set, as the file says.
func Print(w io.Writer, c Config) error {
	var b strings.Builder
	b.WriteString(`# repox's configuration (repox config prints the one in effect).
# Each action is a list of keys, named as Bubble Tea names them: "f", "G", "ctrl+p", "alt+i",
# "shift+tab", "enter", "esc", "space", "pgdown"; [] unbinds it. ctrl+c always quits.
# move.top and the viewer's z motions take sequences too, two keys with a space between
# them ("g g", "z t"); a count is ["1-9"] (the digits start one, as in 5j) or [] (none).
# Two actions of one pane bound to one key are refused, naming both.

[view]
`)
	optional(&b, "split", intText(c.Split), "0", "the tree's share of the width, in percent (10-90; 0: a third)")
	optional(&b, "wrap", boolText(c.Wrap), "false", "the viewer wraps long lines")
	b.WriteString("\n[tree]\n")
	optional(&b, "folders_first", boolText(c.FoldersFirst), "false", "folders before files")
	optional(&b, "preview", boolText(c.Preview), "true", "the viewer follows the tree's cursor onto files")

	b.WriteString("\n[theme]\n")
	fmt.Fprintf(&b, "background = %q  # %s\n", c.Background, "auto (ask the terminal), dark or light; NO_COLOR set: no colour at all")
	for _, bg := range []struct {
		name string
		dark bool
		set  map[string]string
	}{{"dark", true, c.Theme.Dark}, {"light", false, c.Theme.Light}} {
		fmt.Fprintf(&b, "\n[theme.%s]  # colours by role: \"#rrggbb\", \"#rgb\" or an ANSI number \"0\"-\"255\"\n", bg.name)
		for _, role := range ui.PaletteRoles() {
			v, ok := bg.set[role]
			if !ok {
				v = ui.DefaultColour(role, bg.dark)
			}
			fmt.Fprintf(&b, "%s = %q\n", role, v)
		}
	}

	km := c.KeyMap()
	for _, sec := range sections {
		if sec.name == "" {
			fmt.Fprintf(&b, "\n[keys]  # %s\n", sec.about)
		} else {
			fmt.Fprintf(&b, "\n[keys.%s]  # %s\n", sec.name, sec.about)
		}
		for _, a := range actions() {
			if a.section != sec.name {
				continue
			}
			bs := a.bindings(&km)
			fmt.Fprintf(&b, "%s = [%s]  # %s\n", a.name, strings.Join(quoteAll(a.keys(&km)), ", "), bs[0].Help().Desc)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// optional writes a setting, commented out with its default when unset.
func optional(b *strings.Builder, name, v, def, what string) {
	if v == "" {
		fmt.Fprintf(b, "# %s = %s  # %s (unset: as last left)\n", name, def, what)
		return
	}
	fmt.Fprintf(b, "%s = %s  # %s\n", name, v, what)
}

func intText(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

func boolText(p *bool) string {
	if p == nil {
		return ""
	}
	return strconv.FormatBool(*p)
}
