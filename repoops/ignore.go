package repoops

import (
	"bytes"
	"strings"
)

// This file implements gitignore matching with the semantics of git's
// dir.c (add_patterns_from_buffer, parse_path_pattern, match_basename,
// match_pathname, last_matching_pattern_from_list) and wildmatch.c, with
// core.ignorecase=false. Patterns are parsed once; the common pattern shapes
// (plain names, "*.ext", anchored literal paths, "**/name") are matched
// without running the glob matcher, and nothing on the matching path
// allocates.
//
// Deliberately out of scope (the caller's business or not needed):
//   - "a path inside an excluded directory cannot be re-included": the
//     walker never descends into an ignored directory;
//   - tracked files are never ignored by git; this matcher only looks at
//     patterns;
//   - core.ignorecase=true (case-insensitive matching);
//   - non-ASCII bytes in [[:class:]] expressions are never members of a
//     class (git may consult the C library's locale tables for some classes).

// ignorePatternKind selects how an ignorePattern is matched.
type ignorePatternKind uint8

const (
	// ignoreBaseLiteral: the final path component equals pat.
	ignoreBaseLiteral ignorePatternKind = iota
	// ignoreBaseSuffix: the final component ends with pat (pattern "*"+pat,
	// pat free of glob characters).
	ignoreBaseSuffix
	// ignoreBaseGlob: wildmatch(pat, final component).
	ignoreBaseGlob
	// ignorePathLiteral: the path relative to the rule file's directory
	// equals pat.
	ignorePathLiteral
	// ignorePathAnyDepth: pattern "**/"+pat (pat a plain name): the relative
	// path is pat or ends in "/"+pat.
	ignorePathAnyDepth
	// ignorePathGlob: the relative path starts with pat[:prefix] and the rest
	// matches wildmatch(pat[prefix:], rest), as git's match_pathname does.
	ignorePathGlob
)

type ignorePattern struct {
	pat     string
	prefix  int    // glob-free leading bytes of pat (globs only)
	tail    string // literal bytes any match must end with (globs only)
	kind    ignorePatternKind
	negate  bool // "!pattern"
	dirOnly bool // "pattern/"
}

// ignoreRules is the compiled content of one ignore file (.gitignore or .git/info/exclude).
type ignoreRules struct {
	base     string // directory holding the file, "" for the repository root
	patterns []ignorePattern

	// Index built by compileIgnore for files with many patterns: the last
	// matching pattern is the highest-numbered of the candidates found in
	// the maps and the first match scanning rest backwards.
	indexed bool
	byName  map[string]ignoreHit // ignoreBaseLiteral, by name
	byExt   map[string]ignoreHit // ignoreBaseSuffix with suffix "."+ext (ext dot-free), by suffix
	byPath  map[string]ignoreHit // ignorePathLiteral, by path relative to base
	rest    []int32              // every other pattern, ascending
	// Bit min(len(key), 63) is set for each key of the map, to skip most
	// lookups.
	nameLens, extLens, pathLens uint64
}

func ignoreLenBit(n int) uint64 { return 1 << min(n, 63) }

// ignoreHit holds the highest index of the patterns sharing a map key that
// can match a file (dirOnly patterns cannot) and that can match a directory;
// -1 for none.
type ignoreHit struct{ file, dir int32 }

func (h ignoreHit) get(isDir bool) int {
	if isDir {
		return int(h.dir)
	}
	return int(h.file)
}

// ignoreIndexMin is the pattern count from which compileIgnore builds the
// index; below it a plain backwards scan is faster.
const ignoreIndexMin = 8

var ignoreUTF8BOM = []byte{0xEF, 0xBB, 0xBF}

// compileIgnore parses data; baseDir is the repo-relative, '/'-separated directory holding the file ("" for the root).
func compileIgnore(baseDir string, data []byte) *ignoreRules {
	baseDir = strings.Trim(baseDir, "/")
	if baseDir == "." {
		baseDir = ""
	}
	r := &ignoreRules{base: baseDir}
	data = bytes.TrimPrefix(data, ignoreUTF8BOM)
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		// git skips empty lines and lines starting with '#' before it
		// strips the '\r' of a CRLF line ending.
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		// git handles each line as a C string.
		if i := bytes.IndexByte(line, 0); i >= 0 {
			line = line[:i]
		}
		r.add(ignoreTrimTrailingSpaces(line))
	}
	if len(r.patterns) >= ignoreIndexMin {
		r.buildIndex()
	}
	return r
}

func (r *ignoreRules) buildIndex() {
	r.indexed = true
	put := func(m *map[string]ignoreHit, lens *uint64, key string, i int, dirOnly bool) {
		*lens |= ignoreLenBit(len(key))
		if *m == nil {
			*m = map[string]ignoreHit{}
		}
		h, ok := (*m)[key]
		if !ok {
			h = ignoreHit{-1, -1}
		}
		if !dirOnly {
			h.file = int32(i)
		}
		h.dir = int32(i)
		(*m)[key] = h
	}
	for i := range r.patterns {
		p := &r.patterns[i]
		switch {
		case p.kind == ignoreBaseLiteral:
			put(&r.byName, &r.nameLens, p.pat, i, p.dirOnly)
		case p.kind == ignoreBaseSuffix && strings.LastIndexByte(p.pat, '.') == 0:
			put(&r.byExt, &r.extLens, p.pat, i, p.dirOnly)
		case p.kind == ignorePathLiteral:
			put(&r.byPath, &r.pathLens, p.pat, i, p.dirOnly)
		default:
			r.rest = append(r.rest, int32(i))
		}
	}
}

// ignoreTrimTrailingSpaces drops trailing unescaped spaces (not tabs), like
// git's trim_trailing_spaces.
func ignoreTrimTrailingSpaces(line []byte) string {
	lastSpace := -1
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i >= len(line) {
				return string(line)
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		line = line[:lastSpace]
	}
	return string(line)
}

func ignoreIsGlobSpecial(c byte) bool {
	return c == '*' || c == '?' || c == '[' || c == '\\'
}

// ignoreSimpleLength is the length of the leading part of s that holds no
// glob special character (git's simple_length).
func ignoreSimpleLength(s string) int {
	for i := 0; i < len(s); i++ {
		if ignoreIsGlobSpecial(s[i]) {
			return i
		}
	}
	return len(s)
}

// ignoreLiteralTail returns bytes that every string matched by the glob p
// must end with: the bytes after the last glob special character and after
// the last '/' (the "**/" rule lets a '/' of the pattern match nothing). It
// returns "" when that tail holds a ']' that may close a bracket expression.
func ignoreLiteralTail(p string) string {
	i := len(p)
	for i > 0 && !ignoreIsGlobSpecial(p[i-1]) && p[i-1] != '/' {
		i--
	}
	if strings.IndexByte(p[i:], ']') >= 0 {
		return ""
	}
	return p[i:]
}

// add parses one pattern line the way git's parse_path_pattern does.
func (r *ignoreRules) add(s string) {
	var p ignorePattern
	if strings.HasPrefix(s, "!") {
		p.negate = true
		s = s[1:]
	}
	full := s // still holding the trailing '/', as git's checks see it
	if strings.HasSuffix(s, "/") {
		p.dirOnly = true
		s = s[:len(s)-1]
	}
	nowild := min(ignoreSimpleLength(full), len(s))
	if s == "" {
		return // matches nothing
	}
	if strings.IndexByte(s, '/') < 0 {
		// No slash: matched against the final path component at any depth.
		switch {
		case nowild == len(s):
			p.kind = ignoreBaseLiteral
			p.pat = s
		case s[0] == '*' && ignoreSimpleLength(full[1:]) == len(full)-1:
			p.kind = ignoreBaseSuffix
			p.pat = s[1:]
		default:
			// With no '/' in the pattern or the name, matching the
			// glob-free head literally and the rest with wildmatch is the
			// same as running wildmatch on the whole.
			p.kind = ignoreBaseGlob
			p.pat = s
			p.prefix = nowild
			p.tail = ignoreLiteralTail(s[nowild:])
		}
		r.patterns = append(r.patterns, p)
		return
	}
	// A slash anywhere but at the end anchors the pattern to the directory
	// of the file holding it. One leading slash is dropped.
	prefix := nowild
	if s[0] == '/' {
		s = s[1:]
		prefix--
	}
	if s == "" {
		return // matches nothing
	}
	switch {
	case prefix == len(s):
		p.kind = ignorePathLiteral
		p.pat = s
	case strings.HasPrefix(s, "**/") && len(s) > 3 && s[3] != '*' &&
		ignoreSimpleLength(s[3:]) == len(s)-3 && strings.IndexByte(s[3:], '/') < 0:
		p.kind = ignorePathAnyDepth
		p.pat = s[3:]
	default:
		p.kind = ignorePathGlob
		p.pat = s
		p.prefix = prefix
		p.tail = ignoreLiteralTail(s[prefix:])
	}
	r.patterns = append(r.patterns, p)
}

// Results of ignoreRules.match.
const (
	ignoreNoMatch  = 0
	ignoreExcluded = 1
	ignoreIncluded = 2 // a negated pattern matched
)

// match returns the verdict of the last pattern in r that matches path
// (whose final component is base).
func (r *ignoreRules) match(path, base string, isDir bool) int {
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

// ignoreChain is an immutable stack of rule sets, shallowest first; nil is the empty chain.
type ignoreChain struct {
	rules  *ignoreRules
	parent *ignoreChain // shallower sets
}

// with returns a new chain with r pushed as the deepest (highest-priority) set; r == nil returns c unchanged.
func (c *ignoreChain) with(r *ignoreRules) *ignoreChain {
	if r == nil || len(r.patterns) == 0 {
		return c
	}
	return &ignoreChain{rules: r, parent: c}
}

// ignored reports whether relPath (repo-relative, '/'-separated, no leading or trailing slash) is ignored.
// isDir says whether it is a directory. Deeper sets are consulted first; within a set the last matching
// pattern decides; a negated match means "not ignored" and stops the search.
func (c *ignoreChain) ignored(relPath string, isDir bool) bool {
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
// strings; compileIgnore cuts patterns at NUL and paths hold none).
func ignoreAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// ignoreDowild is a transliteration of dowild() in git's wildmatch.c with
// flags == WM_PATHNAME.
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
