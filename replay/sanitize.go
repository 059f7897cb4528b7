package replay

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// sanitize makes text from a transcript or a repository safe to print on a
// terminal: control characters (but newline and tab), DEL, C1 controls,
// bidirectional overrides and bytes that are not UTF-8 are shown escaped
// (\x1b, \u202e), so an agent's output or a crafted file name cannot move
// the cursor, recolour or reorder what the person reads.
func sanitize(s string) string {
	clean := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r, size) {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&sb, `\x%02x`, s[i])
		case unsafeRune(r, size) && r < 0x100:
			fmt.Fprintf(&sb, `\x%02x`, r)
		case unsafeRune(r, size):
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteString(s[i : i+size])
		}
		i += size
	}
	return sb.String()
}

func unsafeRune(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e || r == 0x200f || r == 0x061c:
		return true
	}
	return false
}
