package transcript

import (
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Text from a transcript or a repository is hostile: a newline in a tool
// name, a path or a session id would write lines of its own into a report
// (a fake call, a second root header) or a fake row into `repox sessions`,
// and escape, bidi, zero-width and tag characters would act on the
// terminal or hide. The rules are repoops's, the tools' own: names go
// through repoops.QuoteName (quoted and shownPath, below), free
// text through repoops.VisibleRune on one line (oneLine), and all output
// through repoops.ControlsVisible (sanitize) as the last guard.

// Sanitize makes text bound for a terminal safe: newlines stay, every
// other character a terminal would act on or not show is made visible.
func Sanitize(s string) string {
	out, _ := repoops.ControlsVisible(s)
	return out
}

// OneLine is free text (a result's first line, a mapping's note) made one
// line of visible characters: newlines and tabs included, every character
// VisibleRune changes is its visible stand-in.
func OneLine(s string) string {
	clean := true
	for _, r := range s {
		if _, changed := repoops.VisibleRune(r); changed {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if r == 0xfffd && strings.HasPrefix(s[i:], "\uFFFD") {
			b.WriteRune(r) // a real U+FFFD: visible already
			continue
		}
		v, _ := repoops.VisibleRune(r)
		b.WriteRune(v)
	}
	return b.String()
}

// quoted is a transcript's name for something (a tool, a session, an
// agent, a folder, a file), quoted by the one rule for names.
func quoted(s string) string { return repoops.QuoteName(s) }
