package cli

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
)

// A long help names what the format registry reads, so it is laid out at
// run time: no line of any command's long help is wider than helpWidth,
// and a text made of words from the registry reads as one paragraph.
func TestLongHelpLinesFitTheHelpWidth(t *testing.T) {
	root := newCLI(context.Background(), strings.NewReader(""), io.Discard, io.Discard)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, l := range strings.Split(c.Long, "\n") {
			if w := ansi.StringWidth(l); w > helpWidth {
				t.Errorf("%s: a long help line of %d columns (at most %d): %q", c.CommandPath(), w, helpWidth, l)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

func TestParagraphLaysWordsOutAgain(t *testing.T) {
	words := strings.Repeat("format ", 40)
	got := paragraph("a (" + words + ")\nshort line\nend")
	if two := paragraph("one\ntwo\n\nthree"); two != "one two\n\nthree" {
		t.Errorf("paragraphs: got %q, want %q", two, "one two\n\nthree")
	}
	lines := strings.Split(got, "\n")
	for i, l := range lines {
		if ansi.StringWidth(l) > helpWidth {
			t.Errorf("line %d wider than %d: %q", i, helpWidth, l)
		}
		if i < len(lines)-1 && ansi.StringWidth(l) < helpWidth-len("format ") {
			t.Errorf("line %d ends early (%d columns) though words follow: %q", i, ansi.StringWidth(l), l)
		}
	}
}
