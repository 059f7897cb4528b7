package repoops

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops/words"
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
// "" is ".", anything else goes through QuoteName (words.DisplayPath).
// resolvePath accepts the quoted form back.
func DisplayPath(rel string) string { return words.DisplayPath(rel) }

// QuoteName is the one quoting rule for every name, path and link target
// that reaches a model's text or a terminal (words.QuoteName states it).
func QuoteName(s string) string { return words.QuoteName(s) }

// quoteText is words.QuoteText: free text carrying a name, Go-quoted when
// it holds a character a name would be quoted for.
func quoteText(s string) string { return words.QuoteText(s) }

// QuoteText is words.QuoteText for the faces (replay quotes transcript
// fields with it): Go-quoted when s holds a character a name would be
// quoted for, as it is otherwise.
func QuoteText(s string) string { return words.QuoteText(s) }

// safeText makes bytes printable as UTF-8 text without losing the line
// structure: invalid sequences become U+FFFD.
func safeText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
