package find

import (
	"strconv"
	"strings"

	"github.com/repoxhq/repox/model/pane"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Find's preview column (ctrl+/ or alt+p, as fzf's preview window): the
// start of the chosen file beside the list, read through the look session
// (no read recorded: the gate never moves), one read per row the cursor
// rests on, a newer one making the older stale.

// findPreviewLines is how many lines the column asks for: a screen.
const findPreviewLines = 200

type findPreview struct {
	on   bool
	gen  int
	path string // raw path the text is for
	res  *repoops.ReadResult
	err  string
}

type findPreviewMsg struct {
	path string
	res  *repoops.ReadResult
	err  error
}

func (f *findPreview) onLoaded(msg findPreviewMsg) {
	f.path, f.res, f.err = msg.path, msg.res, ""
	if msg.err != nil {
		f.err = msg.err.Error()
	}
}

// previewCmd reads the chosen file for the column when it is on and shows
// another file.
func (p *Pane) previewCmd() tea.Cmd {
	r, ok := p.selected()
	if !p.preview.on || !ok || r.raw == p.preview.path {
		return nil
	}
	p.preview.gen++
	p.preview.path, p.preview.res, p.preview.err = r.raw, nil, ""
	ctx, look, path := p.C.Ctx, p.C.Look, r.raw
	limit := findPreviewLines
	return pane.Envelop(pane.Find, pane.JobFindPreview, p.preview.gen, func() tea.Msg {
		res, err := look.ReadFile(ctx, repoops.ReadArgs{Path: repoops.DisplayPath(path), Limit: &limit})
		return findPreviewMsg{path: path, res: res, err: err}
	})
}

// previewWidth is the column's share of w (none when the pane is narrow).
func (p *Pane) previewWidth(w int) int {
	if !p.preview.on || w < 60 {
		return 0
	}
	return w * 45 / 100
}

// besidePreview puts the list (lw cells wide) and the column side by
// side, a rule between, exactly w×h.
func (p *Pane) besidePreview(list string, lw, w, h int) string {
	right := strings.Split(p.previewView(w-lw-1, h), "\n")
	rule := p.C.Styles.Separator.Render("│")
	rows := strings.Split(list, "\n")
	for i := range rows {
		if i < len(right) {
			rows[i] += rule + right[i]
		}
	}
	return strings.Join(rows, "\n")
}

// previewView draws the column, exactly w×h.
func (p *Pane) previewView(w, h int) string {
	f := &p.preview
	v := ui.ViewerView{Title: "preview · " + repoops.DisplayPath(f.path)}
	switch {
	case f.path == "":
		v.Message = "no file chosen"
	case f.err != "":
		v.Message, v.IsRefusal = f.err, true
	case f.res == nil:
		v.Message = "reading…"
	default:
		v.Title += "  lines 1-" + repoops.Commas(len(f.res.Lines)) + " of " + repoops.Commas(f.res.TotalLines)
		v.Gutter = 1
		if n := len(f.res.Lines); n > 0 {
			v.Gutter = len(strconv.Itoa(f.res.Lines[n-1].N))
		}
		for _, l := range f.res.Lines {
			v.Rows = append(v.Rows, ui.ViewerRow{Kind: ui.RowLine, N: l.N, Styled: ui.DisplayText(l.Text)})
		}
		if len(f.res.Lines) == 0 {
			v.Message = "empty file"
		}
	}
	return p.C.Styles.RenderViewer(v, w, h)
}
