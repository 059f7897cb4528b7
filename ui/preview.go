package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/repoxhq/repox/repoops"
)

// PreviewField is one argument of the edit preview's form, its text area
// already drawn (Rows lines).
type PreviewField struct {
	Label   string
	Body    string
	Rows    int
	Focused bool
}

// PreviewView is the edit preview: the form, the tool's verdict on it, the
// planned diff and the last call made.
type PreviewView struct {
	Title   string
	Focused bool
	Fields  []PreviewField
	Warn    string // a caveat about the prefill

	VerdictLabel   string // "repo_edit would answer now:"
	Verdict        string // the tool's words
	VerdictOK      bool
	VerdictPending bool

	Action    string // the read the gate asks for, as a key and a call
	Confirm   string // the confirmation question
	Call      string // the call made (or running)
	Result    string // its text, exact
	ResultErr bool
	Note      string

	Diff    []string // the planned unified diff
	DiffTop int
	// Applied: Diff is the change the tool wrote, not a plan.
	Applied bool
}

// previewTextMax caps the lines a call's result takes, and the verdict's
// when the pane has no rows to spare, so the diff keeps room; the rest is
// counted.
const previewTextMax = 4

// previewDiffMin is the diff rows the verdict leaves when it wraps long.
const previewDiffMin = 3

// RenderPreview draws the edit preview, exactly w×h.
func (s *Styles) RenderPreview(v PreviewView, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := []string{s.title(v.Title, v.Focused)}
	for _, f := range v.Fields {
		mark := "  "
		st := s.Note
		if f.Focused {
			mark, st = "▸ ", s.HelpTitle
		}
		lines = append(lines, st.Render(fit(mark+f.Label, w)))
		body := strings.Split(f.Body, "\n")
		for i := 0; i < f.Rows; i++ {
			l := ""
			if i < len(body) {
				l = body[i]
			}
			lines = append(lines, fit(l, w))
		}
	}
	if v.Warn != "" {
		lines = append(lines, s.clip(s.Cut, "note: "+v.Warn, w, 2)...)
	}
	var after []string // what comes under the verdict, before the diff
	if v.Action != "" {
		after = append(after, s.clip(s.AgentCall, v.Action, w, 3)...)
	}
	if v.Confirm != "" {
		after = append(after, s.clip(s.MatchCurrent, v.Confirm, w, 4)...)
	}
	if v.Note != "" {
		after = append(after, s.clip(s.StatusMsg, v.Note, w, 2)...)
	}
	if v.Call != "" {
		after = append(after, s.clip(s.AgentCall, v.Call, w, 2)...)
		if v.Result != "" {
			st := s.AgentText
			if v.ResultErr {
				st = s.Refusal
			}
			after = append(after, s.clip(st, v.Result, w, 3)...)
		}
	}
	if v.VerdictLabel != "" {
		lines = append(lines, s.Note.Render(fit(v.VerdictLabel, w)))
		st := s.Refusal
		switch {
		case v.VerdictPending:
			st = s.Note
		case v.VerdictOK:
			st = s.diffStyles().add
		}
		// The verdict says what to do next: it wraps into every row the
		// diff can spare rather than being cut.
		most := max(previewTextMax, h-len(lines)-len(after)-1-previewDiffMin)
		lines = append(lines, s.clip(st, v.Verdict, w, most)...)
	}
	lines = append(lines, after...)
	if room := h - len(lines) - 1; room > 0 {
		lines = append(lines, s.diffBlock(v.Diff, v.DiffTop, w, room, v.Applied)...)
	}
	return Block(lines, w, h)
}

// clip wraps text to w and keeps at most max lines, the last saying how
// many more there are.
func (s *Styles) clip(st lipgloss.Style, text string, w, max int) []string {
	ls := wrap(text, w)
	if len(ls) > max {
		more := len(ls) - max + 1
		ls = append(ls[:max-1], "… "+repoops.Plural(more, "more line", "more lines"))
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = st.Render(fit(l, w))
	}
	return out
}

type diffStyle struct{ add, del, hunk, head lipgloss.Style }

func (s *Styles) diffStyles() diffStyle {
	n := lipgloss.NewStyle
	if s.NoColor {
		return diffStyle{add: n().Bold(true), del: n().Strikethrough(true), hunk: n().Italic(true), head: n().Bold(true)}
	}
	p := newPalette(s.IsDark, s.theme)
	return diffStyle{add: n().Foreground(p.good), del: n().Foreground(p.bad), hunk: n().Foreground(p.accent), head: n().Foreground(p.muted).Bold(true)}
}

// diffBlock is the heading and the visible part of the diff, rows+1 lines.
func (s *Styles) diffBlock(diff []string, top, w, rows int, applied bool) []string {
	head := "diff (planned; nothing written)"
	if applied {
		head = "diff (applied: this is what was written)"
	}
	if len(diff) == 0 {
		head = "diff: none (no change the tool would make)"
	}
	end := min(top+rows, len(diff))
	top = min(top, end)
	if len(diff) > rows {
		head += "  " + repoops.Commas(top+1) + "-" + repoops.Commas(end) + "/" + repoops.Commas(len(diff))
	}
	ds := s.diffStyles()
	out := []string{ds.head.Render(fit(head, w))}
	for _, l := range diff[top:end] {
		out = append(out, s.diffRow(ds, l, w))
	}
	return out
}

// diffRow is one line of a unified diff, coloured by its prefix (the
// preview's and the sessions pane's diffs alike).
func (s *Styles) diffRow(ds diffStyle, l string, w int) string {
	st := s.AgentText
	switch {
	case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		st = ds.head
	case strings.HasPrefix(l, "@@"):
		st = ds.hunk
	case strings.HasPrefix(l, "+"):
		st = ds.add
	case strings.HasPrefix(l, "-"):
		st = ds.del
	}
	return st.Render(fit(DisplayText(l), w))
}
