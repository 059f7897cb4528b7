package repoops

import (
	"strings"
	"unicode/utf8"
)

// Visible stand-ins for the characters a terminal acts on without showing
// them (help legends name them).
const (
	// BidiMark stands for a bidirectional control (embeddings, overrides,
	// isolates, the direction marks): on a terminal they reorder the text
	// around them, so the code a person reads differs from the code the
	// model is given (Trojan Source).
	BidiMark = '⇄'
	// ZeroWidthMark stands for a zero-width character (spaces, joiners, word
	// joiner, byte order mark): the model gets it, a person would not see it.
	ZeroWidthMark = '␢'
)

// VisibleRune is the one rule for a character a terminal would act on or
// not show: C0 controls become their ␀–␟ symbols, DEL becomes ␡, C1
// controls and invalid bytes become �, bidirectional controls become
// BidiMark and zero-width characters ZeroWidthMark. It reports whether it
// changed r.
func VisibleRune(r rune) (rune, bool) {
	switch {
	case r < 0x20:
		return 0x2400 + r, true
	case r == 0x7f:
		return '␡', true
	case r >= 0x80 && r < 0xa0, r == utf8.RuneError:
		return '�', true
	case r < 0x61c:
		return r, false
	case isBidiControl(r):
		return BidiMark, true
	case isZeroWidth(r):
		return ZeroWidthMark, true
	}
	return r, false
}

// isBidiControl: U+061C ALM, U+200E LRM, U+200F RLM, U+202A–U+202E
// (embeddings, overrides, pop), U+2066–U+2069 (isolates, pop).
func isBidiControl(r rune) bool {
	return r == 0x61c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// isZeroWidth: U+180E, U+200B–U+200D (space, non-joiner, joiner), U+2060
// (word joiner), U+2061–U+2064 (invisible operators), U+FEFF (byte order
// mark, zero-width no-break space), U+E0000–U+E007F (tag characters, which
// can spell hidden text).
func isZeroWidth(r rune) bool {
	return r == 0x180e || (r >= 0x200b && r <= 0x200d) || (r >= 0x2060 && r <= 0x2064) || r == 0xfeff || (r >= 0xe0000 && r <= 0xe007f)
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
