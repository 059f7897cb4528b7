package transcript

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// shellWords splits a command line into words with the shell's quoting
// rules; ok is false when it holds anything that is not one simple command
// of plain words: operators, several commands, redirection, assignments,
// substitution, variables, globbing or brace and tilde expansion outside
// quotes, ANSI-C quoting, comments, line continuations. The line is parsed
// by mvdan.cc/sh (bash's grammar), so what counts as a word is the shell's
// answer, not a splitter's guess.
func shellWords(s string) ([]string, bool) {
	if strings.Contains(s, "\\\n") || (len(s)-len(strings.TrimRight(s, "\\")))%2 == 1 {
		return nil, false // a line continuation (a last backslash continues onto nothing): not a plain word
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)).Parse(strings.NewReader(s), "")
	if err != nil || len(f.Stmts) != 1 || len(f.Last) > 0 {
		return nil, false
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(st.Comments) > 0 ||
		len(call.Assigns) > 0 || len(call.Args) == 0 || st.Semicolon.IsValid() {
		return nil, false
	}
	words := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		word, ok := plainWord(w)
		if !ok {
			return nil, false
		}
		words = append(words, word)
	}
	return words, true
}

// unquotedSpecial are the characters that make an unquoted literal more
// than itself when no backslash quotes them: globbing, brace and tilde
// expansion, a comment, a lone $ (bash keeps it as text; a reader cannot
// tell it from a variable at a glance, so it is not plain).
const unquotedSpecial = "*?[{~#$"

// plainWord is a word's value when every part of it is literal text:
// unquoted text without expansions, single quotes, or double quotes
// holding only text.
func plainWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if !literal(&b, p.Value, "", unquotedSpecial) {
				return "", false
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false // $'…' decodes escapes: not plain
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false // $"…" is translated text
			}
			for _, in := range p.Parts {
				lit, ok := in.(*syntax.Lit)
				if !ok || !literal(&b, lit.Value, "\"$`\\", "$`") {
					return "", false // a variable or substitution inside the quotes
				}
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// literal writes the text v stands for: a backslash quotes the character
// after it (outside quotes every one, quoted is ""; inside double quotes
// only those of quoted, the others stay). It is false when a character of
// special stands unquoted.
func literal(b *strings.Builder, v, quoted, special string) bool {
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v) && (quoted == "" || strings.IndexByte(quoted, v[i+1]) >= 0):
			i++
		case strings.IndexByte(special, v[i]) >= 0:
			return false
		}
		b.WriteByte(v[i])
	}
	return true
}

var NlLine = LazyRegexp(`^ *([0-9]+)\t`)

// shellSaw reads the output of a mapped shell read as numbered lines.
func shellSaw(c *Call, body string) *Saw {
	if c.Shell == nil {
		return nil
	}
	saw := &Saw{Path: c.Shell.path}
	if c.Shell.Numbered {
		saw.Lines = parseNumbered(body, NlLine())
		return saw
	}
	for i, l := range SplitLines(body) {
		saw.Lines = append(saw.Lines, SawLine{N: c.Shell.From + i, Text: l})
	}
	return saw
}
