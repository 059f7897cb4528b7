package repoops

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// Grep caps: counted, stated, never silent (seed 000).
const (
	grepMaxLines      = 50
	grepMaxPerFile    = 5
	grepLineChars     = 160
	grepMaxFileBytes  = 8 << 20
	grepMaxPatternLen = 1000
)

// GrepArgs are repo_grep's arguments.
type GrepArgs struct {
	Pattern       string `json:"pattern"`
	Path          string `json:"path,omitempty"`
	CaseSensitive *bool  `json:"case_sensitive,omitempty"`
}

// GrepLine is one shown matching line.
type GrepLine struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

// GrepFile is one file with shown matches.
type GrepFile struct {
	Path  string     `json:"path"` // display form
	Lines []GrepLine `json:"lines"`
	More  int        `json:"more"`           // matching lines in this file not shown
	Note  string     `json:"note,omitempty"` // when the file changed between the count and the read
}

// GrepSkipped counts files of the set that were not searched, and why.
type GrepSkipped struct {
	Binary     int `json:"binary"`
	TooBig     int `json:"over_8_mib"`
	Unreadable int `json:"unreadable"`
	Symlinks   int `json:"symlinks"`
	Special    int `json:"special"`
	Missing    int `json:"missing"`
	Submodules int `json:"submodules"` // folders git lists as one path (gitlinks)
	// Folders a walk outside git could not enter: their files were not searched.
	UnreadableDirs int      `json:"unreadable_folders"`
	DirExamples    []string `json:"unreadable_folder_examples,omitempty"`
}

func (s GrepSkipped) total() int {
	return s.Binary + s.TooBig + s.Unreadable + s.Symlinks + s.Special + s.Missing + s.Submodules + s.UnreadableDirs
}

// GrepResult is repo_grep's typed result.
type GrepResult struct {
	Pattern       string      `json:"pattern"`
	Path          string      `json:"path"`
	CaseSensitive bool        `json:"case_sensitive"`
	Files         []GrepFile  `json:"files"`
	ShownLines    int         `json:"shown_lines"`
	TotalLines    int         `json:"total_lines"` // every matching line, shown or not
	TotalFiles    int         `json:"total_files"` // files with at least one match
	Searched      int         `json:"searched"`    // files whose content was searched
	Skipped       GrepSkipped `json:"skipped"`
}

func init() {
	register("repo_grep",
		"Search file contents for a fixed string (never a regex, never a flag) in the repository's file set (git's tracked and untracked-but-not-ignored files; .gitignore honoured outside git). "+
			fmt.Sprintf("Prints matching lines as path:line: text — at most %d lines in all and %d per file (then path: (+N more matching lines in this file)), each cut to %d characters around the match with …. ", grepMaxLines, grepMaxPerFile, grepLineChars)+
			fmt.Sprintf("Every match is still counted: (showing %d of 812 matching lines in 97 files — narrow with path or a longer pattern). ", grepMaxLines)+
			fmt.Sprintf("Always ends with what was searched and skipped (binary files, files over %s, unreadable files and folders, symlinks, which are not followed, and submodules), so no match is a complete answer. ", SizeText(grepMaxFileBytes))+
			fmt.Sprintf("case_sensitive defaults to true. pattern: 1-%d characters, one line. ", grepMaxPatternLen)+"path limits the search to a folder or file (by whole path components).",
		true, []string{"pattern"},
		map[string]any{
			"pattern":        map[string]any{"type": "string", "minLength": 1, "maxLength": grepMaxPatternLen, "description": fmt.Sprintf("Text to find, matched literally within one line (1-%d characters).", grepMaxPatternLen)},
			"path":           map[string]any{"type": "string", "description": "Folder or file to search, relative to the root (default: the whole repository)."},
			"case_sensitive": map[string]any{"type": "boolean", "default": true, "description": "false folds case as Unicode simple case folding does (k also finds K and U+212A KELVIN SIGN; ß does not find ss)."},
		},
		func(ctx context.Context, s *Session, a GrepArgs) (*GrepResult, error) { return s.Grep(ctx, a) })
}

// grepRun runs repo_grep, telling st (when not nil) of every matching file
// and of its progress as it goes: Grep and GrepStream.
func (s *Session) grepRun(ctx context.Context, a GrepArgs, st *GrepStream) (*GrepResult, error) {
	p := a.Pattern
	switch {
	case p == "":
		return nil, refusef("pattern is empty — give the text to search for")
	case utf8.RuneCountInString(p) > grepMaxPatternLen: // characters, as the schema's maxLength counts
		return nil, refusef("pattern is %s characters; at most %s are searched — use a distinctive part of it", Commas(utf8.RuneCountInString(p)), Commas(grepMaxPatternLen))
	case strings.ContainsAny(p, "\n\r"):
		return nil, refusef("pattern contains a line break; repo_grep matches within one line — search for one line of it")
	case strings.IndexByte(p, 0) >= 0:
		return nil, refusef("pattern contains a NUL byte; repo_grep searches text files, which hold none")
	case !utf8.ValidString(p):
		return nil, refusef("pattern is not valid UTF-8")
	}
	rel, err := s.repo.resolvePath(a.Path)
	if err != nil {
		return nil, err
	}
	cs := a.CaseSensitive == nil || *a.CaseSensitive
	return s.repo.grep(ctx, p, rel, cs, st)
}

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

// snippet renders one matching line, cut to grepLineChars runes around the
// match [ms, me) with … where text was left out. Only a window of bytes
// around the match is ever decoded: a minified file's one huge line costs
// no more than a short one.
func snippet(line []byte, ms, me int) string {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	me = min(me, len(line))
	ms = min(ms, me)
	const window = grepLineChars * utf8.UTFMax
	if len(line) <= window && utf8.RuneCount(line) <= grepLineChars {
		return safeText(line)
	}
	bs := max(0, ms-window)
	for bs > 0 && !utf8.RuneStart(line[bs]) {
		bs++
	}
	ae := min(len(line), me+window)
	for ae < len(line) && !utf8.RuneStart(line[ae]) {
		ae--
	}
	before := []rune(safeText(line[bs:ms]))
	match := []rune(safeText(line[ms:me]))
	after := []rune(safeText(line[me:ae]))
	if len(match) >= grepLineChars {
		return string(match[:grepLineChars]) + "…"
	}
	room := grepLineChars - len(match)
	lead := min(len(before), room/3)
	trail := min(len(after), room-lead)
	if trail < room-lead { // the line ends soon: give the rest to the start
		lead = min(len(before), room-trail)
	}
	var b strings.Builder
	if lead < len(before) || bs > 0 {
		b.WriteString("…")
	}
	b.WriteString(string(before[len(before)-lead:]))
	b.WriteString(string(match))
	b.WriteString(string(after[:trail]))
	if trail < len(after) || ae < len(line) {
		b.WriteString("…")
	}
	return b.String()
}

// grepTally is one worker's account of the files it searched: counts of
// every outcome, and the files that matched. Nothing is kept of a file
// without a match, so memory follows the matches, not the repository.
type grepTally struct {
	searched int
	skipped  GrepSkipped
	matched  []fileMatch
}

type fileMatch struct {
	path  string
	count int
}

func (t *grepTally) add(path string, oc rootfs.Outcome, binary bool, count int) {
	switch {
	case oc == rootfs.ScanTooBig:
		t.skipped.TooBig++
	case oc == rootfs.ScanUnreadable:
		t.skipped.Unreadable++
	case oc == rootfs.ScanSymlink:
		t.skipped.Symlinks++
	case oc == rootfs.ScanSpecial:
		t.skipped.Special++
	case oc == rootfs.ScanMissing:
		t.skipped.Missing++
	case oc == rootfs.ScanFolder:
		t.skipped.Submodules++
	case binary:
		t.skipped.Binary++
	default:
		t.searched++
	}
	if count > 0 {
		t.matched = append(t.matched, fileMatch{path: path, count: count})
	}
}

func (r *Repo) grep(ctx context.Context, pattern, scope string, caseSensitive bool, st *GrepStream) (*GrepResult, error) {
	if scope != "" {
		if _, err := r.fs.Lstat(scope); err != nil {
			return nil, describeOpenError(scope, err)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The file set streams in batches while the workers search: git is
	// still listing when the first files are read.
	const batchSize = 32
	todo := make(chan []string, 64)
	var listErr error
	var listStats walkStats
	go func() {
		defer close(todo)
		batch := make([]string, 0, batchSize)
		listStats, listErr = r.eachFile(ctx, scope, func(p string) {
			st.listed()
			batch = append(batch, p)
			if len(batch) == batchSize {
				todo <- batch
				batch = make([]string, 0, batchSize)
			}
		})
		if len(batch) > 0 {
			todo <- batch
		}
		st.listDone()
	}()
	base := newMatcher(pattern, caseSensitive)
	workers := max(1, min(runtime.GOMAXPROCS(0), 8))
	tallies := make([]grepTally, workers)
	var wg sync.WaitGroup
	for w := range tallies {
		wg.Add(1)
		go func(t *grepTally) {
			defer wg.Done()
			m := base
			rd := r.fs.Scanner()
			defer rd.Close()
			buf := make([]byte, 64<<10)
			for batch := range todo {
				if ctx.Err() != nil {
					continue // drain, so the lister can finish
				}
				for _, p := range batch {
					data, oc := rd.Read(p, &buf, grepMaxFileBytes)
					binary, count := false, 0
					if oc == rootfs.ScanRead {
						if binary = looksBinary(data); !binary {
							count = st.scan(p, data, m)
						}
					}
					t.add(p, oc, binary, count)
					st.fileDone(oc == rootfs.ScanRead && !binary)
				}
			}
		}(&tallies[w])
	}
	wg.Wait()
	if listErr != nil {
		return nil, listErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &GrepResult{Pattern: pattern, Path: DisplayPath(scope), CaseSensitive: caseSensitive}
	res.Skipped.UnreadableDirs = listStats.UnreadableDirs
	res.Skipped.DirExamples = listStats.Examples
	var matched []fileMatch
	for _, t := range tallies {
		res.Searched += t.searched
		res.Skipped.TooBig += t.skipped.TooBig
		res.Skipped.Unreadable += t.skipped.Unreadable
		res.Skipped.Symlinks += t.skipped.Symlinks
		res.Skipped.Special += t.skipped.Special
		res.Skipped.Missing += t.skipped.Missing
		res.Skipped.Submodules += t.skipped.Submodules
		res.Skipped.Binary += t.skipped.Binary
		matched = append(matched, t.matched...)
	}
	for _, fm := range matched {
		res.TotalFiles++
		res.TotalLines += fm.count
	}
	// Shown lines are the first ones in path order; only those files (at
	// most 50) are read a second time to take their lines.
	sort.Slice(matched, func(a, b int) bool { return pathLess(matched[a].path, matched[b].path) })
	rd := r.fs.Scanner()
	defer rd.Close()
	var buf []byte
	for _, fm := range matched {
		room := grepMaxLines - res.ShownLines
		if room <= 0 {
			break
		}
		f := GrepFile{Path: DisplayPath(fm.path)}
		if data, oc := rd.Read(fm.path, &buf, grepMaxFileBytes); oc == rootfs.ScanRead {
			_, f.Lines = scanMatches(data, base, min(grepMaxPerFile, room))
		}
		if len(f.Lines) == 0 {
			f.Note = "(changed while searching: its matching lines are no longer there)"
		}
		f.More = max(0, fm.count-len(f.Lines))
		res.Files = append(res.Files, f)
		res.ShownLines += len(f.Lines)
	}
	return res, nil
}

// Render is the model text of repo_grep.
func (g *GrepResult) Render() string {
	var b strings.Builder
	for _, f := range g.Files {
		for _, l := range f.Lines {
			fmt.Fprintf(&b, "%s:%d: %s\n", f.Path, l.Line, l.Text)
		}
		if f.Note != "" {
			fmt.Fprintf(&b, "%s: %s\n", f.Path, f.Note)
		} else if f.More > 0 {
			fmt.Fprintf(&b, "%s: (+%s more matching %s in this file)\n", f.Path, Commas(f.More), pluralWord(f.More, "line", "lines"))
		}
	}
	where := "the whole repository"
	if g.Path != "." {
		where = g.Path
	}
	cs := ""
	if !g.CaseSensitive {
		cs = ", ignoring case"
	}
	switch {
	case g.TotalLines == 0:
		fmt.Fprintf(&b, "no match for %q in %s%s.\n", g.Pattern, where, cs)
	case g.ShownLines < g.TotalLines:
		fmt.Fprintf(&b, "(showing %s of %s matching lines in %s — narrow with path or a longer pattern)\n",
			Commas(g.ShownLines), Commas(g.TotalLines), Plural(g.TotalFiles, "file", "files"))
	default:
		fmt.Fprintf(&b, "(%s in %s)\n", Plural(g.TotalLines, "matching line", "matching lines"), Plural(g.TotalFiles, "file", "files"))
	}
	fmt.Fprintf(&b, "searched %s in %s%s; %s", Plural(g.Searched, "file", "files"), where, cs, g.Skipped.describe())
	if g.TotalLines == 0 && g.Skipped.total() == 0 {
		b.WriteString(" — the search is complete: no file here contains it")
	}
	return b.String()
}

func (s GrepSkipped) describe() string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, Commas(n)+" "+what)
		}
	}
	add(s.Binary, "binary")
	add(s.TooBig, "over "+SizeText(grepMaxFileBytes))
	add(s.Unreadable, "unreadable")
	add(s.Symlinks, pluralWord(s.Symlinks, "symlink", "symlinks")+" (not followed)")
	add(s.Special, "special (FIFO, device or socket)")
	add(s.Missing, "listed by git but missing on disk")
	add(s.Submodules, pluralWord(s.Submodules, "submodule", "submodules")+" (a separate repository: open it to search it)")
	if s.UnreadableDirs > 0 {
		parts = append(parts, fmt.Sprintf("%s whose files were not searched (%s)", Plural(s.UnreadableDirs, "unreadable folder", "unreadable folders"), strings.Join(s.DirExamples, ", ")))
	}
	if len(parts) == 0 {
		return "skipped none"
	}
	return "skipped " + strings.Join(parts, ", ")
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
