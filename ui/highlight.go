package ui

import (
	"path"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v3"
	"github.com/alecthomas/chroma/v3/lexers"
)

// Token is one highlighted run of a line.
type Token struct {
	Kind chroma.TokenType
	Text string
}

// lexerCache memoises lexers by file name: lexers.Match walks every lexer's
// globs, far too slow to repeat per window. Tokenize runs inside tea.Cmds,
// so the cache is locked.
var lexerCache = struct {
	sync.Mutex
	m map[string]chroma.Lexer
}{m: map[string]chroma.Lexer{}}

func lexerFor(name string) chroma.Lexer {
	base := path.Base(name)
	lexerCache.Lock()
	defer lexerCache.Unlock()
	if l, ok := lexerCache.m[base]; ok {
		return l
	}
	l := lexers.Match(base)
	if l != nil {
		l = chroma.Coalesce(l)
	}
	lexerCache.m[base] = l
	return l
}

// Tokenize highlights lines (already made displayable) as the language the
// file name says. It is pure CPU work, meant to run in a tea.Cmd next to the
// read that produced the lines. A window is tokenised as one text so that
// multi-line strings and comments colour right within it. Lines the lexer
// does not reproduce exactly fall back to plain text: highlighting must never
// change what is shown.
func Tokenize(name string, lines []string) [][]Token {
	return tokenizeWith(lexerFor(name), lines)
}

// tokenizeWith is Tokenize with a given lexer (nil: plain text).
func tokenizeWith(lexer chroma.Lexer, lines []string) [][]Token {
	out := make([][]Token, len(lines))
	if lexer != nil {
		lex(lexer, lines, out)
	}
	for i, l := range lines {
		var b strings.Builder
		for _, t := range out[i] {
			b.WriteString(t.Text)
		}
		if b.String() != l {
			out[i] = nil
			if l != "" {
				out[i] = []Token{{Kind: chroma.Text, Text: l}}
			}
		}
	}
	return out
}

// lex fills out with the lexer's tokens, line by line. chroma v3's
// iterator panics when a rule's regexp runs past its match timeout
// (250 ms: a slow machine, the race detector, a pathological line), as
// its iterator cannot return an error; the panic is recovered here and
// the window is shown plain: highlighting must never take the explorer
// down.
func lex(lexer chroma.Lexer, lines []string, out [][]Token) {
	defer func() {
		if recover() != nil {
			for i := range out {
				out[i] = nil // a cut token may have left a line half done
			}
		}
	}()
	if it, err := lexer.Tokenise(nil, strings.Join(lines, "\n")+"\n"); err == nil {
		i := 0
		for tok := range it {
			if i >= len(lines) {
				break
			}
			parts := strings.Split(tok.Value, "\n")
			for j, p := range parts {
				if j > 0 {
					i++
					if i >= len(lines) {
						break
					}
				}
				if p != "" {
					out[i] = append(out[i], Token{Kind: tok.Type, Text: p})
				}
			}
		}
	}
}

// syntaxStyles maps token kinds to styles drawn from the palette. It is
// built once per Styles and only read afterwards. The palette is ours, not a
// chroma theme: chroma's styles package parses every theme at start-up
// (about 16 ms), a cost every `repox call` would pay for nothing.
type syntaxStyles struct {
	none bool // NO_COLOR: every token is plain
	m    map[chroma.TokenType]lipgloss.Style
}

func newSyntaxStyles(p palette) *syntaxStyles {
	n := lipgloss.NewStyle
	return &syntaxStyles{m: map[chroma.TokenType]lipgloss.Style{
		chroma.Keyword:         n().Foreground(p.keyword),
		chroma.KeywordType:     n().Foreground(p.typ),
		chroma.NameBuiltin:     n().Foreground(p.typ),
		chroma.NameFunction:    n().Foreground(p.function),
		chroma.NameClass:       n().Foreground(p.typ),
		chroma.NameTag:         n().Foreground(p.keyword),
		chroma.NameAttribute:   n().Foreground(p.function),
		chroma.LiteralString:   n().Foreground(p.str),
		chroma.LiteralNumber:   n().Foreground(p.number),
		chroma.Comment:         n().Foreground(p.comment).Italic(true),
		chroma.CommentPreproc:  n().Foreground(p.keyword),
		chroma.GenericDeleted:  n().Foreground(p.bad),
		chroma.GenericInserted: n().Foreground(p.good),
		chroma.GenericHeading:  n().Foreground(p.accent).Bold(true),
	}}
}

// style finds the most specific style for kind: the kind itself, then its
// sub-category, then its category; plain text otherwise.
func (s *syntaxStyles) style(kind chroma.TokenType) lipgloss.Style {
	if s == nil || s.none {
		return lipgloss.NewStyle()
	}
	for _, k := range []chroma.TokenType{kind, kind.SubCategory(), kind.Category()} {
		if st, ok := s.m[k]; ok {
			return st
		}
	}
	return lipgloss.NewStyle()
}
