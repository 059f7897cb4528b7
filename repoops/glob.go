package repoops

import (
	"path"
	"strings"
)

// glob is a compiled repo_find glob (already lower-cased, as the paths it
// is matched against are). A pattern without "/" matches the file name with
// path.Match. Otherwise it is split into segments: a segment that is
// exactly "**" matches zero or more whole path segments, any other is a
// path.Match pattern for one segment ("**" inside it is "*").
//
// Matching runs the segments as a small automaton over the path's
// segments — the set of pattern positions still alive after each path
// segment, where a position that needs more segments than are left, or
// fewer with no "**" after it to take the rest, is dead — so its cost is at most (pattern segments × path segments)
// segment comparisons, never the exponential backtracking that a
// recursive "try every split for every **" costs on `**/**/…/nomatch`.
type glob struct {
	name bool     // no "/": match the base name only
	pat  string   // the whole pattern, when name
	segs []string // a one-segment path.Match pattern, or "" where deep is set
	deep []bool   // the segment is "**": zero or more whole segments
	// need[i] is how many path segments segs[i:] take at least (its
	// non-"**" segments); open[i] says a "**" in segs[i:] can take more.
	need []int
	open []bool
	cur  []bool // scratch: live positions (len(segs)+1)
	next []bool
	// steps counts segment comparisons, so tests can bound the work.
	steps int
	tail  string // literal end every match has (see globTail); "" for none
}

// compileGlob compiles a lower-cased glob. It does not validate it: find
// refuses a malformed glob first.
func compileGlob(lq string) *glob {
	if !strings.Contains(lq, "/") {
		return &glob{name: true, pat: lq, tail: globTail(lq)}
	}
	g := &glob{tail: globTail(lq)}
	for _, s := range strings.Split(lq, "/") {
		if s == "**" {
			// Consecutive "**" match the same as one.
			if n := len(g.deep); n > 0 && g.deep[n-1] {
				continue
			}
			g.segs, g.deep = append(g.segs, ""), append(g.deep, true)
			continue
		}
		// Inside a segment "**" is "*" ("***" too: it is not "**").
		g.segs, g.deep = append(g.segs, strings.ReplaceAll(s, "**", "*")), append(g.deep, false)
	}
	g.need, g.open = make([]int, len(g.segs)+1), make([]bool, len(g.segs)+1)
	for i := len(g.segs) - 1; i >= 0; i-- {
		g.need[i], g.open[i] = g.need[i+1], g.open[i+1] || g.deep[i]
		if !g.deep[i] {
			g.need[i]++
		}
	}
	g.cur = make([]bool, len(g.segs)+1)
	g.next = make([]bool, len(g.segs)+1)
	return g
}

// match reports whether the lower-cased repo-relative path lf matches.
func (g *glob) match(lf string) bool {
	if !strings.HasSuffix(lf, g.tail) {
		return false // cheap: most paths fail on their last bytes
	}
	if g.name {
		g.steps++
		ok, _ := path.Match(g.pat, lf[strings.LastIndexByte(lf, '/')+1:])
		return ok
	}
	cur, next := g.cur, g.next
	clear(cur)
	cur[0] = true
	g.close(cur)
	rest := lf
	left := strings.Count(lf, "/") + 1 // path segments from seg on
	for ; ; left-- {
		seg, tail, more := strings.Cut(rest, "/")
		clear(next)
		alive := false
		for i, p := range g.segs {
			if !cur[i] {
				continue
			}
			if g.deep[i] {
				next[i], alive = true, true
				continue
			}
			// A position that cannot end in a match on the segments
			// left is not tried: `**/*_test.go` compares only the last.
			if n := g.need[i]; n > left || n < left && !g.open[i] {
				continue
			}
			g.steps++
			if ok, _ := path.Match(p, seg); ok {
				next[i+1], alive = true, true
			}
		}
		if !alive {
			return false
		}
		g.close(next)
		cur, next = next, cur
		if !more {
			return cur[len(g.segs)]
		}
		rest = tail
	}
}

// close adds the positions reachable without consuming a segment: a live
// "**" may match nothing.
func (g *glob) close(live []bool) {
	for i, d := range g.deep {
		if live[i] && d {
			live[i+1] = true
		}
	}
}
