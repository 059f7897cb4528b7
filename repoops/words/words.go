// Package words holds the core's pure wording rules: how a count, a size,
// a name and a path are shown to a model or a person. It does no I/O and
// imports nothing of this module, so the core and its doors (rootfs,
// gitexec, gitignore) word what they say the same way; package repoops
// re-exports each rule under its old name for the faces.
package words

import (
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Commas formats n with thousands separators: 1400 -> "1,400".
func Commas(n int) string {
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

// Plural is "1 file" or "1,204 files": the count, with thousands
// commas, and the noun that agrees with it.
func Plural(n int, one, many string) string {
	return Commas(n) + " " + Noun(n, one, many)
}

// Noun is the word that agrees with a count of n: one for 1, many for
// anything else (0 files, -1 files), for a text that shows the count
// apart from its noun ("+12 more matching lines", "3 shell commands").
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// SizeText words a byte count the way the caps are stated: "256 KiB",
// "8 MiB", or "1,234 bytes" when it is not a whole number of either.
func SizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return Plural(n, "byte", "bytes")
}

// DisplayPath is how a repo-relative path is shown to a model or a person:
// "" is ".", anything else goes through QuoteName, the one quoting rule.
// The core accepts the quoted form back (also with a "/" after it, as a
// folder is listed), so every listed name can be passed to the next call.
func DisplayPath(rel string) string {
	if rel == "" {
		return "."
	}
	return QuoteName(rel)
}

// QuoteName is the one rule for every name, path and link target that
// reaches a model's text or a terminal: a name is shown as it is, unless
// it could be misread, and then Go-quoted (strconv.Quote, whose output
// holds no control, format, separator or invalid byte: they are escaped).
// A name is quoted when it
//   - is not valid UTF-8, or holds any character strconv.IsPrint rejects:
//     controls (newline, ESC, DEL, C1), line and paragraph separators
//     (U+2028/9), format characters (zero-width U+200B-D, joiners, bidi
//     marks U+200E/F, embeddings and overrides U+202A-E, isolates
//     U+2066-9, U+FEFF, soft hyphen), spaces other than ASCII space, and
//     private-use or unassigned code points; or U+FFFD, which is what an
//     invalid byte looks like;
//   - starts with '"' (it would read as a quoted name), or starts or ends
//     with a space (invisible at a line's end, lost by trimming);
//   - holds the syntax the tools print around names: " -> " (a symlink
//     row, a git rename), " — " (a read header, a refusal), ':' digits ':'
//     or ':' digits at the end (grep's path:line: and FILE:LINE), or ends
//     in an annotation " (…)" / " […]" (tree marks, footers), also when
//     the whole name is one.
func QuoteName(s string) string {
	if needsQuoting(s) {
		return strconv.Quote(s)
	}
	return s
}

// QuoteText applies the character half of the rule to free text that
// carries a name (an error message, git's branch line): Go-quoted when it
// holds a character a name would be quoted for, as it is otherwise.
func QuoteText(s string) string {
	if hasUnsafeRune(s) {
		return strconv.Quote(s)
	}
	return s
}

func hasUnsafeRune(s string) bool {
	// Printable ASCII, all of most paths, is safe: decode runes only from
	// the first byte that is not (a million listed paths, issue 26).
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return hasUnsafeRuneDecoded(s[i:])
		}
	}
	return false
}

// hasUnsafeRuneDecoded is hasUnsafeRune rune by rune.
func hasUnsafeRuneDecoded(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return true
		}
	}
	return false
}

func needsQuoting(s string) bool {
	if s == "" || hasUnsafeRune(s) {
		return true
	}
	if s[0] == '"' || s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	if strings.Contains(s, " -> ") || strings.Contains(s, " — ") {
		return true
	}
	return hasLineRef(s) || endsInAnnotation(s, '(', ')') || endsInAnnotation(s, '[', ']')
}

// hasLineRef reports ':' followed by digits and then ':' or the end.
func hasLineRef(s string) bool {
	for i := strings.IndexByte(s, ':'); i >= 0; {
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j > i+1 && (j == len(s) || s[j] == ':') {
			return true
		}
		k := strings.IndexByte(s[i+1:], ':')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// endsInAnnotation reports a name ending in close whose last open is at
// the start or follows a space: "x (empty)", "(note)", "y [1 of 2]".
func endsInAnnotation(s string, open, close byte) bool {
	if s[len(s)-1] != close {
		return false
	}
	i := strings.LastIndexByte(s, open)
	return i == 0 || (i > 0 && s[i-1] == ' ')
}

// SpecialKind names what a file of mode m is when it is not a regular
// file, a folder or a link: "FIFO (named pipe)", "socket", "device".
func SpecialKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}
