package pane

import "unicode"

// MaxCount bounds a count typed before a motion (10j): more digits than
// any file has lines.
const MaxCount = 1 << 30

// ProgramFPS is the renderer's frame rate, Bubble Tea's most: a frame is
// written on its ticker, so at the default 60 a change waits up to 17 ms
// to reach the screen (the first rows too); at 120, 8 ms. An idle frame
// writes nothing.
const ProgramFPS = 120

// HasUpper reports an upper-case letter in s: smart case (the viewer's
// search and the tree's filter) matches case only then.
func HasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
