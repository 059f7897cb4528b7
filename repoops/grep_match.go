package repoops

// repo_grep's matcher: where the fixed-string pattern occurs in a buffer,
// line by line.

import (
	"bytes"
)

// matcher finds the pattern in a buffer: byte for byte, or under Unicode
// simple case folding (foldFinder) when case is ignored and some rune of the
// pattern has another case.
type matcher struct {
	find *finder
	pat  []byte
	fold *foldFinder
}

func newMatcher(p string, caseSensitive bool) *matcher {
	if !caseSensitive && needsFold(p) {
		return &matcher{fold: newFoldFinder(p)}
	}
	return &matcher{pat: []byte(p), find: newFinder([]byte(p))}
}

// index returns the start and end of the first match in b, or -1.
func (m *matcher) index(b []byte) (int, int) {
	if m.fold != nil {
		return m.fold.index(b)
	}
	i := m.find.index(b)
	if i < 0 {
		return -1, -1
	}
	return i, i + len(m.pat)
}

// scanMatches counts every matching line of data and keeps the first keep.
func scanMatches(data []byte, m *matcher, keep int) (int, []GrepLine) {
	var lines []GrepLine
	var visit func(lineNo, lineStart, lineEnd, ms, me int) bool
	if keep > 0 {
		visit = func(lineNo, lineStart, lineEnd, ms, me int) bool {
			lines = append(lines, GrepLine{Line: lineNo, Text: snippet(data[lineStart:lineEnd], ms-lineStart, me-lineStart)})
			return len(lines) < keep
		}
	}
	return eachMatch(data, m, visit), lines
}

// eachMatch is the one scanner of repo_grep: it counts every matching line
// of data (a line counts once, however many matches it holds), passing each
// to visit — its number, where it starts and ends, and where its first
// match starts and ends — for as long as visit asks for more (true); from
// then on, or with no visit, it only counts, skipping to the end of each
// matching line without counting line numbers.
func eachMatch(data []byte, m *matcher, visit func(lineNo, lineStart, lineEnd, ms, me int) bool) int {
	hay := data
	count, lineNo, counted := 0, 1, 0
	detail := visit != nil
	pos := 0
	for pos <= len(hay) {
		if !detail {
			// Only counting now: find a match, skip to the end of its line.
			s, _ := m.index(hay[pos:])
			if s < 0 {
				break
			}
			count++
			nl := bytes.IndexByte(hay[pos+s:], '\n')
			if nl < 0 {
				break
			}
			pos += s + nl + 1
			continue
		}
		s, e := m.index(hay[pos:])
		if s < 0 {
			break
		}
		s, e = s+pos, e+pos
		lineStart := bytes.LastIndexByte(hay[:s], '\n') + 1
		lineEnd := bytes.IndexByte(hay[s:], '\n')
		if lineEnd < 0 {
			lineEnd = len(hay)
		} else {
			lineEnd += s
		}
		lineNo += bytes.Count(hay[counted:lineStart], []byte{'\n'})
		counted = lineStart
		count++
		detail = visit(lineNo, lineStart, lineEnd, s, min(e, lineEnd))
		pos = lineEnd + 1
	}
	return count
}
