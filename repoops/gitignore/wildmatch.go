package gitignore

import "strings"

// Results of ignoreDowild, as in git's wildmatch.c.
const (
	ignoreWMMatch = iota
	ignoreWMNoMatch
	ignoreWMAbortAll
	ignoreWMAbortToStarStar
)

// ignoreWildmatch reports whether text matches pattern with git's wildmatch
// and WM_PATHNAME: '*', '?' and bracket expressions never match '/', "**"
// between slashes (or at either end) matches across directories.
func ignoreWildmatch(pattern, text string) bool {
	return ignoreDowild(pattern, text) == ignoreWMMatch
}

// ignoreAt returns s[i], or 0 past the end (git's patterns and paths are C
// strings; Compile cuts patterns at NUL and paths hold none).
func ignoreAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// ignoreDowild is a transliteration of dowild() in git's wildmatch.c with
// flags == WM_PATHNAME. It stays one long function on purpose, kept line
// for line recognisable beside the C so that it can be checked against
// git's: it is exempt from the 80-line limit on functions (issue 38).
func ignoreDowild(p, text string) int {
	pi, ti := 0, 0
	for ; pi < len(p); pi, ti = pi+1, ti+1 {
		pch := p[pi]
		tch := ignoreAt(text, ti)
		if tch == 0 && pch != '*' {
			return ignoreWMAbortAll
		}
		switch pch {
		case '\\':
			// Literal match with the following character.
			pi++
			if tch != ignoreAt(p, pi) {
				return ignoreWMNoMatch
			}
		case '?':
			if tch == '/' {
				return ignoreWMNoMatch
			}
		case '*':
			var matchSlash bool
			pi++
			if ignoreAt(p, pi) == '*' {
				prev := pi - 2
				for pi++; ignoreAt(p, pi) == '*'; pi++ {
				}
				c := ignoreAt(p, pi)
				if (prev < 0 || p[prev] == '/') &&
					(c == 0 || c == '/' || (c == '\\' && ignoreAt(p, pi+1) == '/')) {
					// "**/" may match nothing: try the rest of the
					// pattern right here.
					if c == '/' && ignoreDowild(p[pi+1:], text[ti:]) == ignoreWMMatch {
						return ignoreWMMatch
					}
					matchSlash = true
				}
			}
			if pi >= len(p) {
				// Trailing "**" matches everything, trailing "*" only
				// what holds no more slashes.
				if !matchSlash && strings.IndexByte(text[ti:], '/') >= 0 {
					return ignoreWMNoMatch
				}
				return ignoreWMMatch
			}
			if !matchSlash && p[pi] == '/' {
				// One '*' followed by '/' matches the rest of this
				// path component.
				slash := strings.IndexByte(text[ti:], '/')
				if slash < 0 {
					return ignoreWMNoMatch
				}
				ti += slash
				continue // the loop steps over both slashes
			}
			for ti < len(text) {
				tch = text[ti]
				if c := p[pi]; !ignoreIsGlobSpecial(c) {
					// Skip ahead to the next occurrence of the literal
					// that follows the star.
					for ti < len(text) {
						tch = text[ti]
						if (!matchSlash && tch == '/') || tch == c {
							break
						}
						ti++
					}
					if ti >= len(text) || tch != c {
						return ignoreWMNoMatch
					}
				}
				if m := ignoreDowild(p[pi:], text[ti:]); m != ignoreWMNoMatch {
					if !matchSlash || m != ignoreWMAbortToStarStar {
						return m
					}
				} else if !matchSlash && tch == '/' {
					return ignoreWMAbortToStarStar
				}
				ti++
			}
			return ignoreWMAbortAll
		case '[':
			pi++
			pch = ignoreAt(p, pi)
			if pch == '^' {
				pch = '!'
			}
			negated := pch == '!'
			if negated {
				pi++
				pch = ignoreAt(p, pi)
			}
			var prevCh byte
			matched := false
			for {
				if pch == 0 {
					return ignoreWMAbortAll
				}
				if pch == '\\' {
					pi++
					pch = ignoreAt(p, pi)
					if pch == 0 {
						return ignoreWMAbortAll
					}
					if tch == pch {
						matched = true
					}
				} else if pch == '-' && prevCh != 0 && ignoreAt(p, pi+1) != 0 && ignoreAt(p, pi+1) != ']' {
					pi++
					pch = ignoreAt(p, pi)
					if pch == '\\' {
						pi++
						pch = ignoreAt(p, pi)
						if pch == 0 {
							return ignoreWMAbortAll
						}
					}
					if tch <= pch && tch >= prevCh {
						matched = true
					}
					pch = 0 // so that prevCh becomes 0
				} else if pch == '[' && ignoreAt(p, pi+1) == ':' {
					s := pi + 2
					pi = s
					for pch = ignoreAt(p, pi); pch != 0 && pch != ']'; pch = ignoreAt(p, pi) {
						pi++
					}
					if pch == 0 {
						return ignoreWMAbortAll
					}
					n := pi - s - 1
					if n < 0 || p[pi-1] != ':' {
						// No ":]": treat the '[' as an ordinary member.
						pi = s - 2
						pch = '['
						if tch == pch {
							matched = true
						}
					} else {
						in, ok := ignoreCharClass(p[s:s+n], tch)
						if !ok {
							return ignoreWMAbortAll // malformed [:class:]
						}
						if in {
							matched = true
						}
						pch = 0 // so that prevCh becomes 0
					}
				} else if tch == pch {
					matched = true
				}
				prevCh = pch
				pi++
				pch = ignoreAt(p, pi)
				if pch == ']' {
					break
				}
			}
			if matched == negated || tch == '/' {
				return ignoreWMNoMatch
			}
		default:
			if tch != pch {
				return ignoreWMNoMatch
			}
		}
	}
	if ti < len(text) {
		return ignoreWMNoMatch
	}
	return ignoreWMMatch
}

// ignoreCharClass reports whether c is in the POSIX class name (ASCII only,
// as git's own ctype tables); ok is false for an unknown class.
func ignoreCharClass(name string, c byte) (in, ok bool) {
	lower := c >= 'a' && c <= 'z'
	upper := c >= 'A' && c <= 'Z'
	digit := c >= '0' && c <= '9'
	graph := c > ' ' && c < 0x7f
	switch name {
	case "alnum":
		return lower || upper || digit, true
	case "alpha":
		return lower || upper, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < ' ' || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return graph, true
	case "lower":
		return lower, true
	case "print":
		return graph || c == ' ', true
	case "punct":
		return graph && !lower && !upper && !digit, true
	case "space":
		return c == ' ' || c == '\t' || c == '\n' || c == '\r', true
	case "upper":
		return upper, true
	case "xdigit":
		return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'), true
	}
	return false, false
}
