package grep

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/repoxhq/repox/model/results"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func (p *Pane) View(w, h int, focused bool) string {
	v := p.frame(focused)
	if !p.AgentView.On {
		v.Rows = p.rowsView(ui.ResultBody(v, h))
		return p.C.Styles.RenderResults(v, w, h)
	}
	return results.DrawAgent(p.C, v, &p.AgentView, repoops.ToolGrep, "enter searches: agent view shows repo_grep for it", w, h, focused)
}

// frame is the overlay without its rows: title, prompt, footer.
func (p *Pane) frame(focused bool) ui.ResultView {
	cs := "[Aa] case-sensitive"
	if !p.caseSensitive {
		cs = "[aa] ignoring case"
	}
	v := ui.ResultView{Title: "search", Prompt: []string{"search: " + p.pattern, "path:   " + p.scope}, Active: p.field, Focused: focused}
	switch {
	case p.err != "":
		v.Message, v.IsError = p.err, true
	case p.ran.Pattern == "":
		v.Message = "type a fixed string and press enter: every match in the file set, grouped by file, each marked by whether repo_grep's text shows it (" + ui.GlyphSeen + " shown, " + ui.GlyphUnseen + " not)."
	case len(p.files) == 0 && p.running:
		v.Message = "searching…"
	case len(p.files) == 0 && p.res != nil:
		v.Message = p.res.Render() // it says "no match for …" itself
	case len(p.files) == 0 && p.cancelled:
		v.Message = "cancelled before any match · enter searches again"
	}
	if p.ran.Pattern != "" {
		v.Title += "  " + repoops.Plural(p.totalLines, "line", "lines") + " in " + repoops.Plural(len(p.files), "file", "files")
		if p.running {
			v.Title += " " + p.C.SpinFrame()
		}
	}
	v.Title += "  " + cs + " (alt+c)"
	v.Footer = p.footer()
	return v
}

// footer is the progress while the search runs, then the model's cut.
func (p *Pane) footer() string {
	pr := p.prog
	of := repoops.Commas(pr.Listed)
	if !pr.ListingDone {
		of += "+ (listing)"
	}
	switch {
	case p.ran.Pattern == "":
		return ""
	case p.running:
		return p.C.SpinFrame() + " searched " + repoops.Commas(pr.Searched) + " of " + of + " files · skipped " + repoops.Commas(pr.Skipped()) + " · esc cancels"
	case p.cancelled:
		return "cancelled at " + repoops.Commas(pr.Done) + " of " + of + " files · enter searches again"
	case p.res == nil:
		return ""
	case !p.current():
		return "the request changed · enter searches again"
	}
	r := p.res
	s := "repo_grep: " + ui.GlyphSeen + " " + repoops.Commas(r.ShownLines) + " shown"
	if r.ShownLines < r.TotalLines {
		s += " of " + repoops.Commas(r.TotalLines) + " lines in " + repoops.Plural(r.TotalFiles, "file", "files") + " · " + ui.GlyphUnseen + " not shown to the model"
	}
	return s + " · searched " + repoops.Commas(r.Searched) + " · tab: its text"
}

// rowsView describes the visible rows.
func (p *Pane) rowsView(body int) []ui.ResultRow {
	var out []ui.ResultRow
	for i := p.Top; i < min(p.Top+body, len(p.rows)); i++ {
		r := p.rows[i]
		if r.rule {
			out = append(out, ui.ResultRow{Text: "── repo_grep stops here: " + repoops.Commas(p.res.ShownLines) + " of " + repoops.Commas(p.res.TotalLines) + " lines shown to the model ──", Header: true})
			continue
		}
		f := r.file
		row := ui.ResultRow{Cursor: i == p.Cursor}
		if r.line < 0 {
			row.Text, row.Header = f.shown, true
			row.Note = repoops.Plural(f.count, "line", "lines")
			if p.seen != nil {
				row.Mark = ui.MarkUnseen
				if _, ok := p.seen[f.shown]; ok {
					row.Mark = ui.MarkSeen
				}
			}
		} else {
			h := f.lines[r.line]
			// Right-aligned to the file's largest line number listed (its
			// last: the lines come in order), so the text lines up.
			digits := len(strconv.Itoa(f.lines[len(f.lines)-1].Line))
			num := fmt.Sprintf("%*d: ", digits, h.Line)
			row.Text = "  " + num + ui.DisplayText(lead(h.Text[:h.Start], max(p.Width/3, 8)))
			start := len(row.Text)
			row.Text += ui.DisplayText(h.Text[h.Start:h.End])
			row.Spans = [][2]int{{start, len(row.Text)}}
			row.Text += ui.DisplayText(h.Text[h.End:])
			if p.seen != nil {
				row.Mark = ui.MarkUnseen
				if p.seen[f.shown][h.Line] {
					row.Mark = ui.MarkSeen
				}
			}
		}
		out = append(out, row)
	}
	return out
}

// lead keeps the last n runes of s, with … where it was cut, so a match
// far along a long line stays on screen.
func lead(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return "…" + string(r[len(r)-n:])
}
