package transcript

import (
	"strings"
	"unicode"
)

// Codex's apply_patch finds a hunk's old lines in the file by passes of
// decreasing strictness (codex-rs/apply-patch, seek_sequence): the lines
// exactly; then with trailing whitespace ignored; then with whitespace
// at both ends ignored; then also with typographic punctuation (dashes,
// quotes, odd spaces) read as its ASCII twin. A patch that applied for
// the agent only through a looser pass names old lines that are not in
// the file byte for byte, so repo_edit's old_string, taken from the
// patch, is not found; the replay seeks them as Codex did and edits the
// text as it is on disk (ToolCall.Tolerant, SeekLines).

// Tolerance is the pass of Codex's matching that found a hunk's lines.
type Tolerance int

const (
	TolerateNone          Tolerance = iota // the lines as written
	TolerateTrailingSpace                  // trailing whitespace ignored
	TolerateSurroundSpace                  // whitespace at both ends ignored
	TolerateUnicode                        // and typographic punctuation as ASCII
)

// String says what the pass ignored, as a note words it.
func (t Tolerance) String() string {
	switch t {
	case TolerateTrailingSpace:
		return "whitespace at the ends of lines ignored"
	case TolerateSurroundSpace:
		return "whitespace at both ends of lines ignored"
	case TolerateUnicode:
		return "whitespace at both ends ignored and typographic dashes, quotes and spaces read as ASCII"
	}
	return "exactly"
}

// tolerances are the passes in Codex's order: each runs over the whole
// file before the next, so an exact match anywhere wins over a looser
// one earlier in the file. Its trims are Rust's char::is_whitespace, the
// Unicode White_Space property, which is Go's unicode.IsSpace.
var tolerances = []struct {
	t    Tolerance
	norm func(string) string
}{
	{TolerateNone, func(s string) string { return s }},
	{TolerateTrailingSpace, func(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }},
	{TolerateSurroundSpace, func(s string) string { return strings.TrimFunc(s, unicode.IsSpace) }},
	{TolerateUnicode, func(s string) string { return asciiPunct.Replace(strings.TrimFunc(s, unicode.IsSpace)) }},
}

// asciiPunct reads typographic punctuation as Codex's last pass does.
var asciiPunct = strings.NewReplacer(
	"\u2010", "-", "\u2011", "-", "\u2012", "-", "\u2013", "-", "\u2014", "-", "\u2015", "-", "\u2212", "-",
	"\u2018", "'", "\u2019", "'", "\u201A", "'", "\u201B", "'",
	"\u201C", `"`, "\u201D", `"`, "\u201E", `"`, "\u201F", `"`,
	"\u00A0", " ", "\u2002", " ", "\u2003", " ", "\u2004", " ", "\u2005", " ", "\u2006", " ",
	"\u2007", " ", "\u2008", " ", "\u2009", " ", "\u200A", " ", "\u202F", " ", "\u205F", " ", "\u3000", " ",
)

// SeekLines finds pattern among lines as Codex's apply_patch does: the
// index of the first match of the strictest pass that matches, and that
// pass; at is -1 when no pass matches. An empty pattern matches nothing
// here (a hunk that only adds lines has no old lines to find).
func SeekLines(lines, pattern []string) (at int, t Tolerance) {
	if len(pattern) == 0 || len(pattern) > len(lines) {
		return -1, TolerateNone
	}
	for _, pass := range tolerances {
		want := make([]string, len(pattern))
		for i, p := range pattern {
			want[i] = pass.norm(p)
		}
	next:
		for i := 0; i+len(pattern) <= len(lines); i++ {
			for j, w := range want {
				if pass.norm(lines[i+j]) != w {
					continue next
				}
			}
			return i, pass.t
		}
	}
	return -1, TolerateNone
}
