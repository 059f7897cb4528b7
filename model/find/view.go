package find

import (
	"github.com/repoxhq/repox/model/results"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func (p *Pane) View(w, h int, focused bool) string {
	v := p.view(focused)
	if !p.AgentView.On {
		if pw := p.previewWidth(w); pw > 0 {
			return p.besidePreview(p.C.Styles.RenderResults(v, w-pw-1, h), w-pw-1, w, h)
		}
		return p.C.Styles.RenderResults(v, w, h)
	}
	return results.DrawAgent(p.C, v, &p.AgentView, repoops.ToolFind, "type a query: agent view shows repo_find for it", w, h, focused)
}

// view describes the overlay for ui.RenderResults.
func (p *Pane) view(focused bool) (v ui.ResultView) {
	v = ui.ResultView{Prompt: []string{"find: " + p.input}, Active: 0, Focused: focused, Spinner: p.C.SpinFrame()}
	v.Title = "find"
	switch {
	case p.ix == nil && p.C.Files.Err != nil:
		v.Message, v.IsError = "could not list the file set: "+p.C.Files.Err.Error()+" (esc, then f: list it again)", true
		return v
	case p.ix == nil:
		v.Title += "  " + p.C.SpinFrame() + " listing the files…"
		v.Message = "listing the file set repo_find and repo_grep search…"
		return v
	}
	defer func() {
		if note := p.C.Files.ListingNote(); note != "" {
			v.Title += "  " + note // matched over the paths listed so far
		}
	}()
	total := p.ix.len()
	if p.res != nil {
		v.Title += "  " + repoops.Commas(p.matchCount()) + " of " + repoops.Plural(total, "file", "files")
	} else {
		v.Title += "  " + repoops.Plural(total, "file", "files")
	}
	if p.C.Files.Listing() || p.building || p.matching || p.ranking {
		v.Title += "  " + p.C.SpinFrame()
	}
	v.Footer = p.footer()
	if p.res == nil {
		return v
	}
	if p.matchCount() == 0 {
		v.Message = "no path fuzzy-matches " + repoops.QuoteName(p.input) + " among " + repoops.Plural(total, "file", "files")
		if p.C.Files.Listing() {
			v.Message += " listed so far"
		}
		return v
	}
	body := ui.ResultBody(v, p.Height)
	marks := p.marked()
	for i := p.Top; i < min(p.Top+body, p.rowCount()); i++ {
		row := p.rowAt(i)
		r := ui.ResultRow{Text: row.shown, Spans: ui.CharSpans(row.shown, row.matched), Cursor: i == p.Cursor}
		if marks {
			r.Mark = ui.MarkUnseen
			if row.returned {
				r.Mark = ui.MarkSeen
			}
		}
		v.Rows = append(v.Rows, r)
	}
	if len(v.Rows) < body && !p.res.complete() {
		v.Rows = append(v.Rows, ui.ResultRow{Text: "ranking " + repoops.Commas(len(p.res.ids)-p.res.ranked()) + " more…"})
	}
	return v
}

// footer says what repo_find would give for the same query: how many
// rows it returns (marked) of how many it matches, or its refusal.
func (p *Pane) footer() string {
	switch {
	case p.input == "":
		return "type to find · repo_find marks appear here"
	case p.toolFor != p.input:
		return "repo_find " + p.C.SpinFrame() + " calling…"
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
