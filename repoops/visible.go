package repoops

import (
	"strings"
	"unicode/utf8"
)

// VisibleRune is the one rule for a character a terminal would act on:
// C0 controls become their ␀–␟ symbols, DEL becomes ␡, C1 controls and
// invalid bytes become �. It reports whether it changed r.
func VisibleRune(r rune) (rune, bool) {
	switch {
	case r < 0x20:
		return 0x2400 + r, true
	case r == 0x7f:
		return '␡', true
	case r >= 0x80 && r < 0xa0, r == utf8.RuneError:
		return '�', true
	}
	return r, false
}

// ControlsVisible applies the TUI's rule (VisibleRune) to text bound for a terminal
// line by line (repox call): newlines and tabs stay, every other control
// character becomes visible, so no byte of a tool's text can move the
// cursor, clear the screen or set the window title. changed reports
// whether anything was replaced.
func ControlsVisible(s string) (out string, changed bool) {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r == utf8.RuneError && strings.HasPrefix(s[i:], "\uFFFD"):
			// a real U+FFFD: already visible, unchanged
		default:
			var c bool
			r, c = VisibleRune(r) // an invalid byte comes as RuneError: changed
			changed = changed || c
		}
		b.WriteRune(r)
	}
	return b.String(), changed
}
