package preview

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The write log (U): every write this explorer made, newest first, with
// its call, the tool's answer and the diff it applied; undone writes and
// undos say so. j/k scroll, u undoes the newest write, esc closes.

// LogPane is the write log, an overlay over the viewer.
type LogPane struct {
	pane.Base
	c             *pane.Common
	log           *Writes
	undo          func() tea.Cmd // u, as the root does it
	top           int
	width, height int
	done          bool
}

// NewLog is the write log of l; u runs undo.
func NewLog(c *pane.Common, l *Writes, undo func() tea.Cmd) *LogPane {
	return &LogPane{c: c, log: l, undo: undo}
}

func (p *LogPane) ID() pane.ID      { return pane.Writes }
func (p *LogPane) Title() string    { return "Write log (U)" }
func (p *LogPane) SetSize(w, h int) { p.width, p.height = w, h }
func (p *LogPane) Size() (int, int) { return p.width, p.height }
func (p *LogPane) Area() pane.Area  { return pane.AreaViewer }
func (p *LogPane) Done() bool       { return p.done }
func (p *LogPane) ShortHelp() []key.Binding {
	g := p.c.Keys.Global
	return []key.Binding{p.c.Keys.Tree.Down, p.c.Keys.Tree.Up, g.Undo, p.c.Keys.Writes.Close}
}
func (p *LogPane) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

func (p *LogPane) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	n := p.c.Keys.Tree.Nav
	switch {
	case key.Matches(k, n.Down):
		p.top = min(p.top+1, max(len(p.rows())-1, 0))
	case key.Matches(k, n.Up):
		p.top = max(p.top-1, 0)
	case key.Matches(k, p.c.Keys.Global.Undo):
		return p.undo()
	case key.Matches(k, p.c.Keys.Writes.Close):
		p.done = true
	}
	return nil
}

// rows are the log's lines, newest write first.
func (p *LogPane) rows() []ui.ResultRow {
	var out []ui.ResultRow
	es := p.log.entries
	for i := len(es) - 1; i >= 0; i-- {
		e := es[i]
		state := ""
		switch {
		case e.undone:
			state = "undone · "
		case e.undo:
			state = "undo · "
		}
		head := ui.ResultRow{Text: e.at.Format("15:04:05") + "  " + state + e.call, Header: true}
		out = append(out, head, ui.ResultRow{Text: "  " + ui.DisplayText(e.answer)})
		for _, l := range strings.Split(strings.TrimSuffix(e.diff, "\n"), "\n") {
			if l != "" {
				out = append(out, ui.ResultRow{Text: "  " + ui.DisplayText(l)})
			}
		}
	}
	return out
}

func (p *LogPane) View(w, h int, focused bool) string {
	v := ui.ResultView{Title: "write log  " + repoops.Plural(len(p.log.entries), "write", "writes") + " by this explorer", Focused: focused}
	rows := p.rows()
	if len(rows) == 0 {
		v.Message = "no write yet: the edit preview's (e) writes and their undos (u) are listed here"
	} else {
		v.Rows = rows[min(p.top, len(rows)):]
		v.Footer = "u undoes the newest write not yet undone (repo_write of the file as it was, through the gate)"
	}
	return p.c.Styles.RenderResults(v, w, h)
}
