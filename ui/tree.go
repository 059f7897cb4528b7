package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/repoxhq/repox/repoops"
)

// TreeRow is one on-screen row of the tree, as the model describes it.
type TreeRow struct {
	Name     string // display form of the entry's name (repoops.DisplayPath: the one quoting rule)
	Depth    int    // 0 is the repository root
	Kind     repoops.EntryKind
	Expanded bool
	Loading  bool
	Loaded   bool
	Empty    bool   // loaded, and nothing listable inside
	Ignored  int    // entries inside that an ignore rule hides (counted once loaded)
	Special  int    // FIFOs, devices, sockets inside
	Beyond   bool   // a default repo_tree from the root would not list this row
	Edge     bool   // listed by that repo_tree, but marked [contents not listed]
	Err      string // the folder could not be listed: the core's refusal
	Seen     string // the chosen agent session's mark (SeenRead, ...); "" for none

	// Listed and Total: the folder is listed with its contents cut by the
	// entry cap (Listed of Total entries shown); Total 0 otherwise.
	Listed, Total int
	// Rule makes the row the rule where repo_tree's entry cap falls;
	// RuleText says so (RuleShort for a narrow pane). Only Depth applies.
	Rule                bool
	RuleText, RuleShort string
	Context             bool   // the filter shows it only as a parent of a match
	Git                 string // git status mark (GitModified, ...); "" for none
	Target              string // a symlink's target, display form
	IsIgnored           bool   // an ignore rule hides it (shown by the ignored toggle)
}

// TreeView is the tree pane's visible part.
type TreeView struct {
	Title   string
	Rows    []TreeRow // the on-screen rows only
	Cursor  int       // index into Rows, -1 when the cursor is off screen
	Focused bool
	Spinner string // current spinner frame for loading rows
	// Footer is a line under the rows (the filter prompt); Legend the
	// bottom line: what the dimming is relative to. "" for none.
	Footer, Legend string
}

// Glyphs, kept together so the help legend can name them.
const (
	GlyphClosed  = "▸"
	GlyphOpen    = "▾"
	GlyphFile    = " "
	GlyphLink    = "↪"
	GlyphBeyond  = "◦" // beyond the agent's default repo_tree
	GlyphEdge    = "⋯" // listed, contents not listed
	GlyphSpecial = "!"
)

// RenderTree draws the tree pane: a title line and the rows, exactly w×h.
func (s *Styles) RenderTree(v TreeView, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := make([]string, 0, h)
	lines = append(lines, s.title(v.Title, v.Focused))
	var foot []string
	if v.Footer != "" && h-len(foot) > 2 {
		foot = append(foot, s.Note.Render(fit(v.Footer, w)))
	}
	if v.Legend != "" && h-len(foot) > 2 {
		foot = append(foot, s.HorizonMark.Render(fit(v.Legend, w)))
	}
	shift := treeShift(v, w)
	for i, r := range v.Rows {
		if len(lines) >= h-len(foot) {
			break
		}
		if r.Rule {
			lines = append(lines, s.treeRule(r, w, shift))
			continue
		}
		lines = append(lines, s.treeRow(r, i == v.Cursor, v.Focused, v.Spinner, w, shift))
	}
	for len(lines) < h-len(foot) {
		lines = append(lines, "")
	}
	return Block(append(lines, foot...), w, h)
}

// treeRule draws the rule row where a default repo_tree's entry cap falls.
func (s *Styles) treeRule(r TreeRow, w, shift int) string {
	indent := strings.Repeat("  ", r.Depth)
	if shift > 0 {
		indent = "…" + strings.Repeat(" ", max(2*r.Depth-shift, 0))
	}
	t := indent + GlyphRule + GlyphRule + " " + r.RuleText + " "
	if ansi.StringWidth(t)+2 > w && r.RuleShort != "" {
		t = indent + GlyphRule + GlyphRule + " " + r.RuleShort + " "
	}
	if n := w - ansi.StringWidth(t); n > 0 {
		t += strings.Repeat(GlyphRule, n)
	}
	return s.Rule.Render(fit(t, w))
}

// treeShift is how many cells of indentation every row gives up so that
// the cursor row's name and mark fit the pane: deep rows would otherwise
// all end in "…" and the selection could not be told from its neighbours.
// A shifted row starts with "…".
func treeShift(v TreeView, w int) int {
	if v.Cursor < 0 || v.Cursor >= len(v.Rows) {
		return 0
	}
	r := v.Rows[v.Cursor]
	need := 2*r.Depth + 2 + ansi.StringWidth(r.Name) + 3 // glyph, space, name, "/" or mark
	if need <= w || r.Depth == 0 {
		return 0
	}
	shift := need - w + 1 // the "…" that says so
	shift += shift % 2
	return min(shift, 2*r.Depth)
}

func (s *Styles) title(t string, focused bool) string {
	if focused {
		return s.TitleFocused.Render("▍" + t)
	}
	return s.Title.Render(" " + t)
}

// treeRow renders one row. The cursor row is drawn in one style from end to
// end: nested styles would reset its background halfway.
func (s *Styles) treeRow(r TreeRow, cursor, focused bool, spin string, w, shift int) string {
	indent := strings.Repeat("  ", r.Depth)
	if shift > 0 {
		indent = "…" + strings.Repeat(" ", max(2*r.Depth-shift, 0))
	}
	glyph, name, nameStyle := s.treeGlyph(r, spin)
	notes := treeNotes(r)
	mark := treeMark(r)
	if cursor {
		plain := indent + glyph + " " + name
		if r.Git != "" {
			plain += " " + r.Git
		}
		if mark != "" {
			plain += " " + mark
		}
		if r.Seen != "" {
			plain += " " + r.Seen
		}
		if len(notes) > 0 {
			plain += "  " + strings.Join(notes, " ")
		}
		st := s.SelectedBlur
		if focused {
			st = s.Selected
		}
		return st.Render(fit(plain, w))
	}
	glyphStyle := nameStyle
	if r.Loading {
		glyphStyle = s.Spinner
	}
	if r.Beyond || r.IsIgnored || r.Context {
		nameStyle = s.Horizon
		glyphStyle = s.Horizon
	}
	var b strings.Builder
	b.WriteString(indent)
	b.WriteString(glyphStyle.Render(glyph))
	b.WriteByte(' ')
	b.WriteString(nameStyle.Render(name))
	if r.Git != "" {
		b.WriteByte(' ')
		b.WriteString(s.HorizonMark.Render(r.Git))
	}
	if mark != "" {
		b.WriteByte(' ')
		b.WriteString(s.HorizonMark.Render(mark))
	}
	if r.Seen != "" {
		st := s.Note
		if r.Seen == SeenEditedUnread {
			st = s.Error
		}
		b.WriteByte(' ')
		b.WriteString(st.Render(r.Seen))
	}
	if len(notes) > 0 {
		st := s.Note
		if r.Err != "" {
			st = s.Error
		}
		b.WriteString("  ")
		b.WriteString(st.Render(strings.Join(notes, " ")))
	}
	return b.String()
}

// treeGlyph is a row's glyph (the spinner while a folder loads), its name
// as shown (a folder's with "/") and the name's style, by the entry's kind.
func (s *Styles) treeGlyph(r TreeRow, spin string) (glyph, name string, nameStyle lipgloss.Style) {
	glyph, name, nameStyle = GlyphFile, r.Name, s.File
	switch r.Kind {
	case repoops.KindDir:
		glyph = GlyphClosed
		if r.Expanded {
			glyph = GlyphOpen
		}
		if r.Loading && spin != "" {
			glyph = spin
		}
		name += "/"
		nameStyle = s.Dir
	case repoops.KindSymlink:
		glyph = GlyphLink
		nameStyle = s.Symlink
		if r.Expanded || r.Loaded {
			// a link to a folder, listed the way repo_tree lists it
			glyph = GlyphClosed
			if r.Expanded {
				glyph = GlyphOpen
			}
			if r.Loading && spin != "" {
				glyph = spin
			}
			name += "/"
		}
	case repoops.KindSpecial:
		glyph = GlyphSpecial
		nameStyle = s.Note
	case repoops.KindRepo:
		name += "/"
		nameStyle = s.Note
	}
	return glyph, name, nameStyle
}

// treeNotes is what a row says after its name: a link's target, ignored,
// a nested repository, and what loading the folder found.
func treeNotes(r TreeRow) []string {
	var notes []string
	if r.Target != "" {
		notes = append(notes, LinkArrow+" "+r.Target)
	}
	if r.IsIgnored {
		notes = append(notes, MarkIgnored)
	}
	if r.Kind == repoops.KindRepo {
		notes = append(notes, "(a separate git repository: not listed)")
	}
	switch {
	case r.Err != "":
		notes = append(notes, "("+r.Err+")")
	case r.Loading:
		notes = append(notes, "loading…")
	case r.Loaded && r.Empty && r.Ignored+r.Special == 0:
		notes = append(notes, repoops.MarkEmpty)
	case r.Loaded && r.Empty:
		notes = append(notes, "(empty: "+repoops.Commas(r.Ignored+r.Special)+" ignored)")
	case r.Loaded && r.Ignored > 0:
		notes = append(notes, "+"+repoops.Commas(r.Ignored)+" ignored")
	}
	if r.Loaded && !r.Empty && r.Special > 0 {
		notes = append(notes, "+"+repoops.Commas(r.Special)+" special")
	}
	return notes
}

// treeMark is a row's mark for how the agent's default repo_tree sees it:
// beyond it, partly listed, or listed with its contents not listed.
func treeMark(r TreeRow) string {
	switch {
	case r.Beyond:
		return GlyphBeyond
	case r.Total > 0:
		return GlyphPartly + " " + repoops.Commas(r.Listed) + " of " + repoops.Commas(r.Total)
	case r.Edge:
		return GlyphEdge
	}
	return ""
}
