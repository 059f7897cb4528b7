// Package search finds text in every agent session recorded for a folder
// (`repox sessions --grep`): the prompts, the agent's text and thinking,
// each call's tool and arguments, and the text its result showed the agent.
//
// The rule is the sessions pane's (model/sessions: the list's and a
// session's / search): the query is cut into words at white space, and a
// piece of the transcript matches when every word is in it, in any order
// and any case (strings.ToLower on both sides, then strings.Contains).
// The index (index.go) only narrows the pieces to look at; every hit is
// confirmed with this rule, so the index answers what a linear scan of
// the transcripts answers (scan.go; TestIndexAnswersAsTheScan).
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words is the query cut into lower-cased words.
func Words(query string) []string {
	return strings.Fields(strings.ToLower(query))
}

// matches says whether every word is in one of the lower-cased fields.
func matches(words []string, fields ...string) bool {
	for _, w := range words {
		found := false
		for _, f := range fields {
			if strings.Contains(f, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// snippetBefore and snippetAfter are the characters a hit's text keeps
// before and after the first match.
const (
	snippetBefore = 40
	snippetAfter  = 80
)

// snippet cuts text (as recorded) around the first place where one of the
// words is, on one line: line breaks and tabs become spaces, a cut end is
// marked with "…". lower is strings.ToLower(text).
func snippet(text, lower string, words []string) string {
	at := -1
	for _, w := range words {
		if i := strings.Index(lower, w); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		at = 0
	}
	at = origOffset(text, lower, at)
	start := at
	for n := 0; n < snippetBefore && start > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(text[:start])
		start -= size
	}
	end := at
	for n := 0; n < snippetAfter && end < len(text); n++ {
		_, size := utf8.DecodeRuneInString(text[end:])
		end += size
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString("…")
	}
	for _, r := range text[start:end] {
		if r == '\n' || r == '\r' || r == '\t' {
			r = ' '
		}
		b.WriteRune(r)
	}
	if end < len(text) {
		b.WriteString("…")
	}
	return b.String()
}

// origOffset maps a byte offset of strings.ToLower(text) back to text:
// lower-casing may change a character's length (and an invalid byte
// becomes U+FFFD), so offsets are walked rune by rune unless the lengths
// agree.
func origOffset(text, lower string, at int) int {
	if len(text) == len(lower) {
		return at
	}
	lo := 0
	for i, r := range text {
		if lo >= at {
			return i
		}
		lo += utf8.RuneLen(unicode.ToLower(r))
	}
	return len(text)
}
