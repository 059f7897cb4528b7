package repoops

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// snippet renders one matching line, cut to grepLineChars runes around the
// match [ms, me) with … where text was left out. Only a window of bytes
// around the match is ever decoded: a minified file's one huge line costs
// no more than a short one.
func snippet(line []byte, ms, me int) string {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	me = min(me, len(line))
	ms = min(ms, me)
	const window = grepLineChars * utf8.UTFMax
	if len(line) <= window && utf8.RuneCount(line) <= grepLineChars {
		return safeText(line)
	}
	bs := max(0, ms-window)
	for bs > 0 && !utf8.RuneStart(line[bs]) {
		bs++
	}
	ae := min(len(line), me+window)
	for ae < len(line) && !utf8.RuneStart(line[ae]) {
		ae--
	}
	before := []rune(safeText(line[bs:ms]))
	match := []rune(safeText(line[ms:me]))
	after := []rune(safeText(line[me:ae]))
	if len(match) >= grepLineChars {
		return string(match[:grepLineChars]) + "…"
	}
	room := grepLineChars - len(match)
	lead := min(len(before), room/3)
	trail := min(len(after), room-lead)
	if trail < room-lead { // the line ends soon: give the rest to the start
		lead = min(len(before), room-trail)
	}
	var b strings.Builder
	if lead < len(before) || bs > 0 {
		b.WriteString("…")
	}
	b.WriteString(string(before[len(before)-lead:]))
	b.WriteString(string(match))
	b.WriteString(string(after[:trail]))
	if trail < len(after) || ae < len(line) {
		b.WriteString("…")
	}
	return b.String()
}
