package gitignore

import "strings"

// Results of Rules.match.
const (
	ignoreNoMatch  = 0
	ignoreExcluded = 1
	ignoreIncluded = 2 // a negated pattern matched
)

// match returns the verdict of the last pattern in r that matches path
// (whose final component is base).
func (r *Rules) match(path, base string, isDir bool) int {
	name, inBase := path, true
	if r.base != "" {
		n := len(r.base)
		if len(path) > n && path[n] == '/' && path[:n] == r.base {
			name = path[n+1:]
		} else {
			inBase = false
		}
	}
	best := -1
	if !r.indexed {
		for i := len(r.patterns) - 1; i >= 0; i-- {
			if r.patterns[i].matches(name, base, inBase, isDir) {
				best = i
				break
			}
		}
	} else {
		if r.nameLens&ignoreLenBit(len(base)) != 0 {
			if h, ok := r.byName[base]; ok {
				best = h.get(isDir)
			}
		}
		if r.extLens != 0 {
			if dot := strings.LastIndexByte(base, '.'); dot >= 0 && r.extLens&ignoreLenBit(len(base)-dot) != 0 {
				if h, ok := r.byExt[base[dot:]]; ok {
					best = max(best, h.get(isDir))
				}
			}
		}
		if inBase && r.pathLens&ignoreLenBit(len(name)) != 0 {
			if h, ok := r.byPath[name]; ok {
				best = max(best, h.get(isDir))
			}
		}
		for j := len(r.rest) - 1; j >= 0; j-- {
			i := int(r.rest[j])
			if i < best {
				break
			}
			if r.patterns[i].matches(name, base, inBase, isDir) {
				best = i
				break
			}
		}
	}
	switch {
	case best < 0:
		return ignoreNoMatch
	case r.patterns[best].negate:
		return ignoreIncluded
	default:
		return ignoreExcluded
	}
}

// matches reports whether p matches the entry whose path relative to the
// rule file's directory is name (inBase false: the entry is not below that
// directory) and whose final component is base.
func (p *ignorePattern) matches(name, base string, inBase, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	switch p.kind {
	case ignoreBaseLiteral:
		return base == p.pat
	case ignoreBaseSuffix:
		return strings.HasSuffix(base, p.pat)
	case ignoreBaseGlob:
		return ignoreGlobMatch(p, base)
	case ignorePathLiteral:
		return inBase && name == p.pat
	case ignorePathAnyDepth:
		return inBase && strings.HasSuffix(name, p.pat) &&
			(len(name) == len(p.pat) || name[len(name)-len(p.pat)-1] == '/')
	case ignorePathGlob:
		return inBase && ignoreGlobMatch(p, name)
	}
	return false
}

// ignoreGlobMatch matches s against a glob pattern the way git's
// match_pathname does: the glob-free head of the pattern literally, the rest
// with wildmatch. The literal tail is a cheap necessary condition.
func ignoreGlobMatch(p *ignorePattern, s string) bool {
	return len(s) >= p.prefix && s[:p.prefix] == p.pat[:p.prefix] &&
		strings.HasSuffix(s[p.prefix:], p.tail) &&
		ignoreWildmatch(p.pat[p.prefix:], s[p.prefix:])
}

// Chain is an immutable stack of rule sets, shallowest first; nil is the empty chain.
type Chain struct {
	rules  *Rules
	parent *Chain // shallower sets
}

// With returns a new chain with r pushed as the deepest (highest-priority) set; r == nil returns c unchanged.
func (c *Chain) With(r *Rules) *Chain {
	if r == nil || len(r.patterns) == 0 {
		return c
	}
	return &Chain{rules: r, parent: c}
}

// Ignored reports whether relPath (repo-relative, '/'-separated, no leading or trailing slash) is ignored.
// isDir says whether it is a directory. Deeper sets are consulted first; within a set the last matching
// pattern decides; a negated match means "not ignored" and stops the search.
func (c *Chain) Ignored(relPath string, isDir bool) bool {
	base := relPath[strings.LastIndexByte(relPath, '/')+1:]
	for ; c != nil; c = c.parent {
		switch c.rules.match(relPath, base, isDir) {
		case ignoreExcluded:
			return true
		case ignoreIncluded:
			return false
		}
	}
	return false
}
