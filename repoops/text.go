package repoops

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// binarySniffLen is how many leading bytes decide "binary": a NUL among them
// makes the file binary, the same rule git uses (buffer_is_binary).
const binarySniffLen = 8000

// CountLines is the one line-count rule of the whole project: every '\n'
// ends a line, and a last line without one still counts. So "a\nb\n" and
// "a\nb" have 2 lines, "" has 0, and CRLF is one break (its '\n').
func CountLines(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	n := bytes.Count(b, []byte{'\n'})
	if b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// looksBinary reports whether the head of a file marks it binary.
func looksBinary(head []byte) bool {
	if len(head) > binarySniffLen {
		head = head[:binarySniffLen]
	}
	return bytes.IndexByte(head, 0) >= 0
}

// commas formats n with thousands separators: 1400 -> "1,400".
func commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// plural returns "1 file" / "2 files".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return commas(n) + " " + many
}

// DisplayPath is how a repo-relative path is shown to a model or a person.
// Names that are not valid UTF-8, contain control characters, or could be
// mistaken for a quoted name are shown Go-quoted; resolvePath accepts that
// quoted form back, so every listed name can be passed to the next call.
func DisplayPath(rel string) string {
	if rel == "" {
		return "."
	}
	if needsQuoting(rel) {
		return strconv.Quote(rel)
	}
	return rel
}

func needsQuoting(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	if strings.HasPrefix(s, `"`) {
		return true
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == utf8.RuneError || r == '\u202e' || r == '\u202d' || r == '\u2066' || r == '\u2067' || r == '\u2068' || r == '\u2069' {
			return true
		}
	}
	return false
}

// cutRunes shortens s to at most max runes, reporting how many runes were cut.
func cutRunes(s string, max int) (string, int) {
	if len(s) <= max {
		return s, 0
	}
	n := 0
	for i := range s {
		if n == max {
			return s[:i], utf8.RuneCountInString(s[i:])
		}
		n++
	}
	return s, 0
}

// safeText makes bytes printable as UTF-8 text without losing the line
// structure: invalid sequences become U+FFFD.
func safeText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
