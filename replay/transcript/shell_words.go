package transcript

import (
	"strings"
)

// shellWords splits a command line into words with sh quoting rules; ok is
// false when it holds anything that is not a plain word: operators,
// redirection, substitution, globbing outside quotes, variables.
func shellWords(s string) ([]string, bool) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				switch {
				case s[j] == '$' || s[j] == '`':
					return nil, false
				case s[j] == '\\' && j+1 < len(s) && strings.IndexByte("\"\\$`", s[j+1]) >= 0:
					// inside double quotes a backslash quotes only these
					j++
					cur.WriteByte(s[j])
				case s[j] == '\\' && j+1 < len(s) && s[j+1] == '\n':
					return nil, false // a line continuation: not a plain word
				default:
					cur.WriteByte(s[j])
				}
			}
			if j >= len(s) {
				return nil, false
			}
			i = j
			inWord = true
		case ch == '\\':
			// outside quotes a backslash quotes the next character
			// (`my\ file.txt` is one word); at the end of the line or
			// before a newline it continues the line: not a plain word
			if i+1 >= len(s) || s[i+1] == '\n' {
				return nil, false
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		case strings.IndexByte("|&;<>()$`\n*?[{~#", ch) >= 0:
			return nil, false
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, true
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
	// one pass, no []string between: a 6 MB output of 250,000 lines
	// allocated 62 MB here with a split and appends (issue 43 item 6)
	body = strings.TrimSuffix(body, "\n")
	if body == "" {
		return saw
	}
	saw.Lines = make([]SawLine, 0, strings.Count(body, "\n")+1)
	for l := range strings.SplitSeq(body, "\n") {
		saw.Lines = append(saw.Lines, SawLine{N: c.Shell.From + len(saw.Lines), Text: strings.TrimSuffix(l, "\r")})
	}
	return saw
}
