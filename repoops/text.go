package repoops

import (
	"bytes"
	"strconv"
	"strings"
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

// DisplayPath is how a repo-relative path is shown to a model or a person:
// "" is ".", anything else goes through QuoteName, the one quoting rule.
// resolvePath accepts the quoted form back (also with a "/" after it, as a
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

// quoteText applies the character half of the rule to free text that
// carries a name (an error message, git's branch line): Go-quoted when it
// holds a character a name would be quoted for, as it is otherwise.
func quoteText(s string) string {
	if hasUnsafeRune(s) {
		return strconv.Quote(s)
	}
	return s
}

func hasUnsafeRune(s string) bool {
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

// safeText makes bytes printable as UTF-8 text without losing the line
// structure: invalid sequences become U+FFFD.
func safeText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
