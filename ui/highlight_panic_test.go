package ui

import (
	"errors"
	"iter"
	"testing"

	"github.com/alecthomas/chroma/v3"
)

// panickyLexer yields one token, then panics as chroma v3's iterator does
// when a rule's regexp passes its match timeout.
type panickyLexer struct{ chroma.Lexer }

func (panickyLexer) Tokenise(_ *chroma.TokeniseOptions, text string) (iter.Seq[chroma.Token], error) {
	return func(yield func(chroma.Token) bool) {
		if !yield(chroma.Token{Type: chroma.Keyword, Value: "package"}) {
			return
		}
		panic(errors.New("Go: state root: match timeout after 250ms"))
	}, nil
}

// A lexer that panics mid-window (seen under -race: chroma v3's 250 ms
// match timeout on a 1,400-line file) leaves the window plain, never
// takes the explorer down.
func TestTokenizeSurvivesALexerPanic(t *testing.T) {
	lines := []string{"package server", "", "func f() {}"}
	out := tokenizeWith(panickyLexer{}, lines)
	for i, l := range lines {
		got := ""
		for _, tok := range out[i] {
			got += tok.Text
			if tok.Kind != chroma.Text {
				t.Errorf("line %d: a highlighted token %v after the lexer failed", i+1, tok.Kind)
			}
		}
		if got != l {
			t.Errorf("line %d shows %q, want %q", i+1, got, l)
		}
	}
}
