// Package gitignore is the core's gitignore matcher: a pure function of
// the ignore files' bytes and a path, with no I/O (the caller reads the
// files through rootfs or gitexec and hands their content to Compile). The
// promise is git's verdict: a path is ignored here exactly when git's
// check-ignore says so for the same rule files (ignore_test.go compares
// with git on fixtures and random rules and paths).
package gitignore

import (
	"bytes"
	"strings"
)

// This package implements gitignore matching with the semantics of git's
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

// Rules is the compiled content of one ignore file (.gitignore or .git/info/exclude).
type Rules struct {
	base     string // directory holding the file, "" for the repository root
	patterns []ignorePattern

	// Index built by Compile for files with many patterns: the last
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

// ignoreIndexMin is the pattern count from which Compile builds the
// index; below it a plain backwards scan is faster.
const ignoreIndexMin = 8

var ignoreUTF8BOM = []byte{0xEF, 0xBB, 0xBF}

// Compile parses data; baseDir is the repo-relative, '/'-separated directory holding the file ("" for the root).
func Compile(baseDir string, data []byte) *Rules {
	baseDir = strings.Trim(baseDir, "/")
	if baseDir == "." {
		baseDir = ""
	}
	r := &Rules{base: baseDir}
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

func (r *Rules) buildIndex() {
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
func (r *Rules) add(s string) {
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
