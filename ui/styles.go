// Package ui renders repox's panes. It does no I/O and keeps no state
// between calls: the model hands it plain data and a size, it returns a
// string of exactly that size. It imports repoops for types only.
package ui

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Styles is every style the explorer draws with. It is built once from the
// terminal's background (and rebuilt when the answer arrives), so no pane
// ever names a colour.
type Styles struct {
	IsDark  bool
	NoColor bool

	Title        lipgloss.Style // pane title, unfocused
	TitleFocused lipgloss.Style
	Separator    lipgloss.Style // the rule between the panes

	Dir          lipgloss.Style
	File         lipgloss.Style
	Symlink      lipgloss.Style
	Note         lipgloss.Style // "+3 ignored", "(empty)", counts
	Horizon      lipgloss.Style // rows beyond the agent's default repo_tree
	HorizonMark  lipgloss.Style
	Selected     lipgloss.Style // cursor row in the focused pane
	SelectedBlur lipgloss.Style // cursor row in the other pane
	Spinner      lipgloss.Style
	Error        lipgloss.Style

	LineNo       lipgloss.Style
	LineNoCursor lipgloss.Style
	CursorLine   lipgloss.Style
	Rule         lipgloss.Style // "── a default repo_read_file stops here ──"
	Cut          lipgloss.Style // "… [line cut: N more characters]"
	Match        lipgloss.Style
	MatchCurrent lipgloss.Style
	Refusal      lipgloss.Style

	AgentCall lipgloss.Style // the call above an agent view
	AgentText lipgloss.Style

	Status      lipgloss.Style
	StatusRepo  lipgloss.Style
	StatusKey   lipgloss.Style
	StatusGood  lipgloss.Style
	StatusWarn  lipgloss.Style
	StatusAgent lipgloss.Style
	StatusMsg   lipgloss.Style

	HintKey  lipgloss.Style
	HintDesc lipgloss.Style
	HintSep  lipgloss.Style

	HelpTitle lipgloss.Style
	HelpKey   lipgloss.Style
	HelpDesc  lipgloss.Style

	// syntax maps chroma token kinds to palette styles (see highlight.go).
	syntax *syntaxStyles
}

// palette is the handful of colours everything is drawn from.
type palette struct {
	fg, muted, faint, accent, dir, link, warn, good, bad, selBg, blurBg, matchBg, curBg color.Color
	// syntax colours
	keyword, str, number, comment, function, typ color.Color
}

func newPalette(isDark bool) palette {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	return palette{
		fg:      ld(c("#1f2328"), c("#e6edf3")),
		muted:   ld(c("#656d76"), c("#8b949e")),
		faint:   ld(c("#9ea7b3"), c("#565e68")),
		accent:  ld(c("#8250df"), c("#bc8cff")),
		dir:     ld(c("#0969da"), c("#58a6ff")),
		link:    ld(c("#1a7f37"), c("#56d4dd")),
		warn:    ld(c("#9a6700"), c("#d29922")),
		good:    ld(c("#1a7f37"), c("#3fb950")),
		bad:     ld(c("#cf222e"), c("#f85149")),
		selBg:   ld(c("#ddf4ff"), c("#1f3a5f")),
		blurBg:  ld(c("#eaeef2"), c("#2d333b")),
		matchBg: ld(c("#fff8c5"), c("#5a4a00")),
		curBg:   ld(c("#ffd33d"), c("#9e6a03")),

		keyword:  ld(c("#cf222e"), c("#ff7b72")),
		str:      ld(c("#0a3069"), c("#a5d6ff")),
		number:   ld(c("#0550ae"), c("#79c0ff")),
		comment:  ld(c("#6e7781"), c("#8b949e")),
		function: ld(c("#8250df"), c("#d2a8ff")),
		typ:      ld(c("#953800"), c("#ffa657")),
	}
}

// NewStyles builds the styles for a dark or light background. With noColor
// (NO_COLOR set) no colour is used at all: selection and matches fall back
// to reverse video, underline and bold, so nothing depends on colour.
func NewStyles(isDark, noColor bool) *Styles {
	p := newPalette(isDark)
	n := lipgloss.NewStyle
	s := &Styles{IsDark: isDark, NoColor: noColor}
	if noColor {
		s.Title = n()
		s.TitleFocused = n().Bold(true).Underline(true)
		s.Separator = n()
		s.Dir = n().Bold(true)
		s.File = n()
		s.Symlink = n().Italic(true)
		s.Note = n()
		s.Horizon = n().Faint(true)
		s.HorizonMark = n().Faint(true)
		s.Selected = n().Reverse(true)
		s.SelectedBlur = n().Underline(true)
		s.Spinner = n()
		s.Error = n().Bold(true)
		s.LineNo = n()
		s.LineNoCursor = n().Bold(true)
		s.CursorLine = n()
		s.Rule = n().Bold(true)
		s.Cut = n().Italic(true)
		s.Match = n().Underline(true)
		s.MatchCurrent = n().Reverse(true)
		s.Refusal = n().Bold(true)
		s.AgentCall = n().Bold(true)
		s.AgentText = n()
		s.Status = n().Reverse(true)
		s.StatusRepo = n().Reverse(true).Bold(true)
		s.StatusKey = n().Reverse(true)
		s.StatusGood = n().Reverse(true)
		s.StatusWarn = n().Reverse(true).Bold(true)
		s.StatusAgent = n().Reverse(true).Bold(true)
		s.StatusMsg = n().Reverse(true).Italic(true)
		s.HintKey = n().Bold(true)
		s.HintDesc = n()
		s.HintSep = n()
		s.HelpTitle = n().Bold(true).Underline(true)
		s.HelpKey = n().Bold(true)
		s.HelpDesc = n()
		s.syntax = &syntaxStyles{none: true}
		return s
	}
	s.Title = n().Foreground(p.muted)
	s.TitleFocused = n().Foreground(p.accent).Bold(true)
	s.Separator = n().Foreground(p.faint)
	s.Dir = n().Foreground(p.dir).Bold(true)
	s.File = n().Foreground(p.fg)
	s.Symlink = n().Foreground(p.link).Italic(true)
	s.Note = n().Foreground(p.muted)
	s.Horizon = n().Foreground(p.faint)
	s.HorizonMark = n().Foreground(p.warn)
	s.Selected = n().Background(p.selBg).Bold(true)
	s.SelectedBlur = n().Background(p.blurBg)
	s.Spinner = n().Foreground(p.accent)
	s.Error = n().Foreground(p.bad)
	s.LineNo = n().Foreground(p.faint)
	s.LineNoCursor = n().Foreground(p.accent).Bold(true)
	s.CursorLine = n().Background(p.blurBg)
	s.Rule = n().Foreground(p.warn).Bold(true)
	s.Cut = n().Foreground(p.warn).Italic(true)
	s.Match = n().Background(p.matchBg)
	s.MatchCurrent = n().Background(p.curBg).Bold(true)
	s.Refusal = n().Foreground(p.bad)
	s.AgentCall = n().Foreground(p.accent).Bold(true)
	s.AgentText = n().Foreground(p.fg)
	s.Status = n().Foreground(p.fg).Background(p.blurBg)
	s.StatusRepo = n().Foreground(p.accent).Background(p.blurBg).Bold(true)
	s.StatusKey = n().Foreground(p.muted).Background(p.blurBg)
	s.StatusGood = n().Foreground(p.good).Background(p.blurBg)
	s.StatusWarn = n().Foreground(p.warn).Background(p.blurBg)
	s.StatusAgent = n().Foreground(p.accent).Background(p.blurBg).Bold(true)
	s.StatusMsg = n().Foreground(p.warn).Background(p.blurBg).Italic(true)
	s.HintKey = n().Foreground(p.accent)
	s.HintDesc = n().Foreground(p.muted)
	s.HintSep = n().Foreground(p.faint)
	s.HelpTitle = n().Foreground(p.accent).Bold(true)
	s.HelpKey = n().Foreground(p.accent)
	s.HelpDesc = n().Foreground(p.fg)
	s.syntax = newSyntaxStyles(p)
	return s
}
