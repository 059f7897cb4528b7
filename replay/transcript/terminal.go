package transcript

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops"
)

// JSONForTerminal wraps w so that JSON lines written through it have every
// character a terminal would act on or hide escaped as \uXXXX: the same
// JSON value, safe on screen (encoding/json escapes only C0 controls; C1
// controls, bidi and zero-width characters it writes raw). Each Write
// must be whole lines (an encoder's Encode is).
func JSONForTerminal(w io.Writer) io.Writer { return &jsonForTerminal{w} }

type jsonForTerminal struct{ w io.Writer }

func (j *jsonForTerminal) Write(b []byte) (int, error) {
	s := string(b)
	var out strings.Builder
	out.Grow(len(s))
	for _, r := range s {
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

// ContextReader is r that stops when ctx ends (leaving the sessions list,
// Ctrl-C), between two reads of the reader's buffer: a long transcript's
// read is given up promptly.
func ContextReader(ctx context.Context, r io.Reader) io.Reader { return ctxReader{ctx, r} }

type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
