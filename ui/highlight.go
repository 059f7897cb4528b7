package ui

import (
	"path"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
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
	out := make([][]Token, len(lines))
	lexer := lexerFor(name)
	if lexer != nil {
		if it, err := lexer.Tokenise(nil, strings.Join(lines, "\n")+"\n"); err == nil {
			i := 0
			for tok := it(); tok != chroma.EOF && i < len(lines); tok = it() {
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

// syntaxStyles maps token kinds to styles from a chroma theme chosen for
// the background. Built lazily per kind; only View touches it.
type syntaxStyles struct {
	none  bool // NO_COLOR: every token is plain
	theme *chroma.Style
	mu    sync.Mutex
	m     map[chroma.TokenType]lipgloss.Style
}

func newSyntaxStyles(isDark bool) *syntaxStyles {
	name := "github"
	if isDark {
		name = "github-dark"
	}
	return &syntaxStyles{theme: styles.Get(name), m: map[chroma.TokenType]lipgloss.Style{}}
}

func (s *syntaxStyles) style(kind chroma.TokenType) lipgloss.Style {
	if s == nil || s.none || s.theme == nil {
		return lipgloss.NewStyle()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.m[kind]; ok {
		return st
	}
	e := s.theme.Get(kind)
	st := lipgloss.NewStyle()
	if e.Colour.IsSet() {
		st = st.Foreground(lipgloss.Color(e.Colour.String()))
	}
	if e.Bold == chroma.Yes {
		st = st.Bold(true)
	}
	if e.Italic == chroma.Yes {
		st = st.Italic(true)
	}
	s.m[kind] = st
	return st
}
