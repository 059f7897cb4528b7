// Package help is the explorer's full help: an overlay over the whole body,
// built from the bindings in force when it opened (the root gathers them).
package help

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/ui"
)

// Pane is the full help, an overlay over the whole body, built from the
// bindings in force when it opened. It shows the first sections (the
// focused pane's keys, the keys that work everywhere, its own) and names
// the others, which the all key shows too; the filter narrows every
// section to the rows whose words match. Movement scrolls it on a small
// terminal (G to the end, g to the top); any other key closes it.
type Pane struct {
	pane.Base
	c        *pane.Common
	sections []ui.HelpSection
	first    int // how many sections the short view shows
	all      bool
	filter   string
	typing   bool
	legend   []string
	top      int
	width    int
	height   int
	done     bool
}

// New is the help showing sections, all of them.
func New(c *pane.Common, sections []ui.HelpSection) *Pane {
	return &Pane{c: c, sections: sections, first: len(sections)}
}

// NewShort is the help showing the first sections of sections and naming
// the others, which the all key (tab) and the filter reach.
func NewShort(c *pane.Common, sections []ui.HelpSection, first int) *Pane {
	return &Pane{c: c, sections: sections, first: min(first, len(sections))}
}

func (h *Pane) ID() pane.ID       { return pane.Help }
func (h *Pane) Title() string     { return "Help" }
func (h *Pane) SetSize(w, ht int) { h.width, h.height = w, ht }
func (h *Pane) Size() (int, int)  { return h.width, h.height }
func (h *Pane) Area() pane.Area   { return pane.AreaBody }
func (h *Pane) Done() bool        { return h.done }

// Escape takes esc while a filter is typed or kept: it clears the filter
// instead of closing the help.
func (h *Pane) Escape() bool {
	if h.filter == "" && !h.typing {
		return false
	}
	h.filter, h.typing, h.top = "", false, 0
	return true
}

func (h *Pane) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	hk := h.c.Keys.Help
	if key.Matches(k, hk.Quit) {
		h.done = true
		return tea.Quit
	}
	if h.typing {
		return h.typeFilter(k)
	}
	if h.scroll(k) {
		return nil
	}
	switch {
	case key.Matches(k, hk.Filter):
		h.typing, h.filter, h.top = true, "", 0
		return nil
	case key.Matches(k, hk.All):
		h.all, h.top = !h.all, 0
		return nil
	}
	h.done = true
	return nil
}

// scroll moves the help with the movement keys (g alone goes to the top);
// it reports whether k was one.
func (h *Pane) scroll(k tea.KeyPressMsg) bool {
	nav := h.c.Keys.Tree.Nav
	if keymap.Starts(k.String(), nav.Top) {
		h.top = 0 // nothing waits for a second key here
		return true
	}
	switch d, top, bottom := pane.NavStep(nav, k, h.height-1); {
	case d != 0:
		h.top = min(max(h.top+d, 0), h.end())
	case top:
		h.top = 0
	case bottom:
		h.top = h.end()
	default:
		return false
	}
	return true
}

// typeFilter takes a key while the filter is typed: text narrows the help,
// the movement keys that type nothing scroll, Keep stops typing.
func (h *Pane) typeFilter(k tea.KeyPressMsg) tea.Cmd {
	t := h.c.Keys.Typing
	switch {
	case key.Matches(k, h.c.Keys.Help.Keep):
		h.typing = false
	case key.Matches(k, t.Delete):
		if h.filter != "" {
			_, n := utf8.DecodeLastRuneInString(h.filter)
			h.filter = h.filter[:len(h.filter)-n]
		}
	case key.Matches(k, t.Clear):
		h.filter = ""
	case pane.Printable(k):
		h.filter += k.Text
	default:
		h.scroll(k)
		return nil
	}
	h.top = 0
	return nil
}

// Shown are the sections the help shows now.
func (h *Pane) Shown() []ui.HelpSection {
	switch {
	case strings.TrimSpace(h.filter) != "":
		return Filter(h.sections, h.filter)
	case h.all || h.first >= len(h.sections):
		return h.sections
	}
	return h.sections[:h.first]
}

// Filter is sections narrowed to the rows whose key, meaning and section
// title hold every word of q (any case); a section left with no row goes.
func Filter(sections []ui.HelpSection, q string) []ui.HelpSection {
	words := strings.Fields(strings.ToLower(q))
	match := func(title, k, desc string) bool {
		hay := strings.ToLower(title + " " + k + " " + desc)
		for _, w := range words {
			if !strings.Contains(hay, w) {
				return false
			}
		}
		return true
	}
	var out []ui.HelpSection
	for _, s := range sections {
		n := ui.HelpSection{Title: s.Title}
		var bs []key.Binding
		for _, g := range s.Bindings {
			for _, b := range g {
				if b.Enabled() && match(s.Title, b.Help().Key, b.Help().Desc) {
					bs = append(bs, b)
				}
			}
		}
		if len(bs) > 0 {
			n.Bindings = [][]key.Binding{bs}
		}
		for _, r := range s.Rows {
			if match(s.Title, r[0], r[1]) {
				n.Rows = append(n.Rows, r)
			}
		}
		if len(n.Bindings) > 0 || len(n.Rows) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// end is the top row of the last screen.
func (h *Pane) end() int {
	return h.c.Styles.HelpScrollMax(h.Shown(), h.legend, h.width, h.height)
}

func (h *Pane) View(w, ht int, _ bool) string {
	return h.c.Styles.RenderHelpHead(h.Shown(), h.legend, h.top, w, ht, h.head())
}

// head is what the head line says: the filter, and the keys in effect.
func (h *Pane) head() ui.HelpHead {
	hk, nav := h.c.Keys.Help, h.c.Keys.Tree.Nav
	first := func(b key.Binding) string {
		if ks := b.Keys(); len(ks) > 0 {
			return strings.SplitN(ks[0], " ", 2)[0]
		}
		return ""
	}
	scroll := first(nav.Down) + "/" + first(nav.Up)
	ends := first(nav.Top) + "/" + first(nav.Bottom)
	if h.typing {
		return ui.HelpHead{Filter: h.filter, Typing: true, Hints: []string{
			hk.Keep.Help().Key + " keep · " + h.c.Keys.Overlay.Close.Help().Key + " clear", ""}}
	}
	all := "all keys"
	if h.all {
		all = "this pane"
	}
	return ui.HelpHead{Filter: h.filter, Hints: []string{
		scroll + " scroll · " + ends + " top/end · " + hk.Filter.Help().Key + " filter · " + hk.All.Help().Key + " " + all + " · other keys close",
		scroll + " " + ends + " · " + hk.Filter.Help().Key + " filter · " + hk.All.Help().Key + " " + all,
		hk.Filter.Help().Key + " filter", ""}}
}

// Top is the first row shown (the help scrolls on a small terminal).
func (h *Pane) Top() int { return h.top }

// Sections are all the sections, the first pane's keys first.
func (h *Pane) Sections() []ui.HelpSection { return h.sections }

// Rows is how many rows the help's body takes at its size, for the tests
// that bound it.
func (h *Pane) Rows() int {
	return h.c.Styles.HelpRows(h.Shown(), h.legend, h.width, h.height)
}
