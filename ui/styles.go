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
	theme   Theme // the colours set by role (config.toml's [theme])

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

// paletteRoles are the palette's colours by role, each with its colour
// on a light and on a dark background: the roles a theme may set.
var paletteRoles = []struct {
	name, light, dark string
	at                func(*palette) *color.Color
}{
	{"fg", "#1f2328", "#e6edf3", func(p *palette) *color.Color { return &p.fg }},
	{"muted", "#656d76", "#8b949e", func(p *palette) *color.Color { return &p.muted }},
	{"faint", "#9ea7b3", "#565e68", func(p *palette) *color.Color { return &p.faint }},
	{"accent", "#8250df", "#bc8cff", func(p *palette) *color.Color { return &p.accent }},
	{"folder", "#0969da", "#58a6ff", func(p *palette) *color.Color { return &p.dir }},
	{"link", "#1a7f37", "#56d4dd", func(p *palette) *color.Color { return &p.link }},
	{"warn", "#9a6700", "#d29922", func(p *palette) *color.Color { return &p.warn }},
	{"good", "#1a7f37", "#3fb950", func(p *palette) *color.Color { return &p.good }},
	{"bad", "#cf222e", "#f85149", func(p *palette) *color.Color { return &p.bad }},
	{"selection", "#ddf4ff", "#1f3a5f", func(p *palette) *color.Color { return &p.selBg }},
	{"unfocused_selection", "#eaeef2", "#2d333b", func(p *palette) *color.Color { return &p.blurBg }},
	{"match", "#fff8c5", "#5a4a00", func(p *palette) *color.Color { return &p.matchBg }},
	{"current_match", "#ffd33d", "#9e6a03", func(p *palette) *color.Color { return &p.curBg }},
	{"keyword", "#cf222e", "#ff7b72", func(p *palette) *color.Color { return &p.keyword }},
	{"string", "#0a3069", "#a5d6ff", func(p *palette) *color.Color { return &p.str }},
	{"number", "#0550ae", "#79c0ff", func(p *palette) *color.Color { return &p.number }},
	{"comment", "#6e7781", "#8b949e", func(p *palette) *color.Color { return &p.comment }},
	{"function", "#8250df", "#d2a8ff", func(p *palette) *color.Color { return &p.function }},
	{"type", "#953800", "#ffa657", func(p *palette) *color.Color { return &p.typ }},
}

// PaletteRoles are the colour roles a theme may set, in their order.
func PaletteRoles() []string {
	out := make([]string, len(paletteRoles))
	for i, r := range paletteRoles {
		out[i] = r.name
	}
	return out
}

// DefaultColour is role's built-in colour on a dark or light background
// ("" for a role that is not one).
func DefaultColour(role string, isDark bool) string {
	for _, r := range paletteRoles {
		if r.name == role {
			if isDark {
				return r.dark
			}
			return r.light
		}
	}
	return ""
}

// Theme sets palette colours by role (PaletteRoles), for a dark and for a
// light background: "#rrggbb", "#rgb" or an ANSI colour number "0"-"255".
// A role it does not set keeps its built-in colour.
type Theme struct {
	Dark, Light map[string]string
}

func newPalette(isDark bool, t Theme) palette {
	set := t.Light
	if isDark {
		set = t.Dark
	}
	var p palette
	for _, r := range paletteRoles {
		c := r.light
		if isDark {
			c = r.dark
		}
		if v, ok := set[r.name]; ok {
			c = v
		}
		*r.at(&p) = lipgloss.Color(c)
	}
	return p
}

// NewStyles builds the styles for a dark or light background. With noColor
// (NO_COLOR set) no colour is used at all: selection and matches fall back
// to reverse video, underline and bold, so nothing depends on colour.
func NewStyles(isDark, noColor bool) *Styles { return NewThemedStyles(isDark, noColor, Theme{}) }

// NewThemedStyles is NewStyles with the colours a theme sets.
func NewThemedStyles(isDark, noColor bool, t Theme) *Styles {
	p := newPalette(isDark, t)
	s := &Styles{IsDark: isDark, NoColor: noColor, theme: t}
	if noColor {
		s.setPlain()
		return s
	}
	s.setColours(p)
	return s
}

// setPlain sets the styles for NO_COLOR: selection and matches fall back
// to reverse video, underline and bold, so nothing depends on colour.
func (s *Styles) setPlain() {
	n := lipgloss.NewStyle
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
}

// setColours sets the styles from the palette's colours.
func (s *Styles) setColours(p palette) {
	n := lipgloss.NewStyle
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
}
