package search

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops"
)

// jsonForTerminal writes JSON lines with every character a terminal would
// act on or hide escaped as \uXXXX: the same JSON value, safe on screen
// (as `repox replay --changes --json` writes to a terminal).
type jsonForTerminal struct{ w io.Writer }

func (j *jsonForTerminal) Write(b []byte) (int, error) {
	var out strings.Builder
	out.Grow(len(b))
	for _, r := range string(b) {
		if _, changed := repoops.VisibleRune(r); changed && r != '\n' && r != utf8.RuneError {
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				fmt.Fprintf(&out, "\\u%04x\\u%04x", hi, lo)
			} else {
				fmt.Fprintf(&out, "\\u%04x", r)
			}
			continue
		}
		out.WriteRune(r)
	}
	if _, err := io.WriteString(j.w, out.String()); err != nil {
		return 0, err
	}
	return len(b), nil
}
