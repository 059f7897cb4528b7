package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func (p *findPane) View(w, h int, focused bool) string {
	v := p.view(focused)
	if !p.agent.On {
		if pw := p.previewWidth(w); pw > 0 {
			return p.besidePreview(p.c.Styles.RenderResults(v, w-pw-1, h), w-pw-1, w, h)
		}
		return p.c.Styles.RenderResults(v, w, h)
	}
	head := ui.ResultView{Title: v.Title, Prompt: v.Prompt, Focused: focused}
	top := p.c.Styles.RenderResults(head, w, 1+len(v.Prompt))
	a := &p.agent
	body := max(h-1-len(v.Prompt), 1)
	end := min(a.Top+max(body-2, 0), len(a.Lines))
	var lines []string
	if a.Top < end {
		lines = a.Lines[a.Top:end]
	}
	agent := p.c.Styles.RenderAgent(ui.AgentView{Title: "agent view · repo_find  (tab: back to the list)", Call: a.Call, Lines: lines, Loading: a.Loading, IsError: a.IsError, Focused: focused, Spinner: p.c.SpinFrame(), Wrap: true}, w, body)
	if a.Call == "" {
		agent = p.c.Styles.RenderResults(ui.ResultView{Message: "type a query: agent view shows repo_find for it"}, w, body)
	}
	return top + "\n" + agent
}

// view describes the overlay for ui.RenderResults.
func (p *findPane) view(focused bool) (v ui.ResultView) {
	v = ui.ResultView{Prompt: []string{"find: " + p.input}, Active: 0, Focused: focused, Spinner: p.c.SpinFrame()}
	v.Title = "find"
	switch {
	case p.ix == nil && p.c.Files.Err != nil:
		v.Message, v.IsError = "could not list the file set: "+p.c.Files.Err.Error()+" (esc, then f: list it again)", true
		return v
	case p.ix == nil:
		v.Title += "  " + p.c.SpinFrame() + " listing the files…"
		v.Message = "listing the file set repo_find and repo_grep search…"
		return v
	}
	defer func() {
		if note := p.c.Files.ListingNote(); note != "" {
			v.Title += "  " + note // matched over the paths listed so far
		}
	}()
	total := p.ix.len()
	if p.res != nil {
		v.Title += "  " + repoops.Commas(p.matchCount()) + " of " + repoops.Plural(total, "file", "files")
	} else {
		v.Title += "  " + repoops.Plural(total, "file", "files")
	}
	if p.c.Files.Listing() || p.building || p.matching || p.ranking {
		v.Title += "  " + p.c.SpinFrame()
	}
	v.Footer = p.footer()
	if p.res == nil {
		return v
	}
	if p.matchCount() == 0 {
		v.Message = "no path fuzzy-matches " + repoops.QuoteName(p.input) + " among " + repoops.Plural(total, "file", "files")
		if p.c.Files.Listing() {
			v.Message += " listed so far"
		}
		return v
	}
	body := ui.ResultBody(v, p.height)
	marks := p.marked()
	for i := p.top; i < min(p.top+body, p.rowCount()); i++ {
		row := p.rowAt(i)
		r := ui.ResultRow{Text: row.shown, Spans: ui.CharSpans(row.shown, row.matched), Cursor: i == p.cursor}
		if marks {
			r.Mark = ui.MarkUnseen
			if row.returned {
				r.Mark = ui.MarkSeen
			}
		}
		v.Rows = append(v.Rows, r)
	}
	if len(v.Rows) < body && !p.res.complete() {
		v.Rows = append(v.Rows, ui.ResultRow{Text: "ranking " + repoops.Commas(len(p.res.ids)-len(p.res.hits)) + " more…"})
	}
	return v
}

// footer says what repo_find would give for the same query: how many
// rows it returns (marked) of how many it matches, or its refusal.
func (p *findPane) footer() string {
	switch {
	case p.input == "":
		return "type to find · repo_find marks appear here"
	case p.toolFor != p.input:
		return "repo_find " + p.c.SpinFrame() + " calling…"
	case p.tool == nil:
		return "repo_find refuses: " + p.toolErr
	}
	t := p.tool
	kind := "substring"
	if t.Glob {
		kind = "glob"
	}
	if t.Total == 0 {
		return "repo_find (" + kind + ") returns none of these: no path matches " + repoops.QuoteName(t.Query) + " · tab: its text"
	}
	s := "repo_find (" + kind + "): " + ui.GlyphSeen + " " + repoops.Commas(len(t.Matches)) + " returned"
	if t.Total > len(t.Matches) {
		s += " of " + repoops.Commas(t.Total) + " (limit " + repoops.Commas(t.Limit) + ")"
	}
	return s + " · " + ui.GlyphUnseen + " not returned · tab: its text"
}

// copyAgent copies an overlay's call and its exact model text (what Y
// copies in the panes), once the tool has answered.
func copyAgent(c *common, a *agentState, tool string) tea.Cmd {
	if a.Call == "" || a.Loading {
		return c.Copy("", "the "+tool+" call (it has not answered yet)")
	}
	return c.Copy(copyCallText(a.Call, a.Text), "the call and its "+repoops.SizeText(len(a.Text))+" of model text")
}
