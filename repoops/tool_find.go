package repoops

import (
	"context"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"
)

const (
	findDefaultLimit = 50
	findMaxLimit     = 200
	findMaxQueryLen  = 1000
)

// FindArgs are repo_find's arguments.
type FindArgs struct {
	Query string `json:"query"`
	Path  string `json:"path,omitempty"`
	Limit *int   `json:"limit,omitempty"`
}

// FindResult is repo_find's typed result.
type FindResult struct {
	Query    string   `json:"query"`
	Path     string   `json:"path"`
	Glob     bool     `json:"glob"`
	Matches  []string `json:"matches"` // display form, best first
	Total    int      `json:"total"`
	Searched int      `json:"searched"` // files whose paths were compared
	Limit    int      `json:"limit"`
	// Folders a walk outside git could not enter: their paths were not compared.
	UnreadableDirs int      `json:"unreadable_folders"`
	DirExamples    []string `json:"unreadable_folder_examples,omitempty"`
	raw            []string // repo-relative raw paths of Matches
}

// RawMatches returns the repo-relative raw paths of the shown matches.
func (f *FindResult) RawMatches() []string { return f.raw }

func registerFind() {
	register(ToolFind,
		"Find files by path: a case-insensitive substring of the repo-relative path, or a glob when the query has *, ? or [ (** crosses folders; a glob without / matches file names at any depth). "+
			"Searches the same file set as repo_grep (git's tracked and untracked-but-not-ignored files). Other characters are literal: :(exclude)x is just text. "+
			fmt.Sprintf("Results: one path a line, file-name matches first, then folder-part matches, shorter paths first. limit 1-%d (default %d); when cut: (showing %d of 812 matches — narrow with path or a longer query). ", findMaxLimit, findDefaultLimit, findDefaultLimit)+
			"No match says how many files were searched under which path. To search contents use repo_grep.",
		true, []string{"query"},
		map[string]any{
			"query": map[string]any{"type": "string", "minLength": 1, "maxLength": findMaxQueryLen, "description": fmt.Sprintf("Part of a path (case-insensitive), or a glob such as *.go or src/**/test_*.py (1-%d characters).", findMaxQueryLen)},
			"path":  map[string]any{"type": "string", "description": "Folder to search under, relative to the root (default: the whole repository)."},
			"limit": map[string]any{"type": "integer", "minimum": 1, "maximum": findMaxLimit, "default": findDefaultLimit, "description": fmt.Sprintf("Most paths to return (1-%d, default %d).", findMaxLimit, findDefaultLimit)},
		},
		func(ctx context.Context, s *Session, a FindArgs) (*FindResult, error) { return s.Find(ctx, a) })
}

// Find runs repo_find.
func (s *Session) Find(ctx context.Context, a FindArgs) (*FindResult, error) {
	limit, err := intArg("limit", a.Limit, findDefaultLimit, 1, findMaxLimit, "")
	if err != nil {
		return nil, err
	}
	q := a.Query
	switch {
	case q == "":
		return nil, refusef("query is empty — give part of a file name, or a glob such as *.go")
	case utf8.RuneCountInString(q) > findMaxQueryLen: // characters, as the schema's maxLength counts
		return nil, refusef("query is %s characters; at most %s are accepted — use a shorter part of the path", Commas(utf8.RuneCountInString(q)), Commas(findMaxQueryLen))
	case strings.IndexByte(q, 0) >= 0:
		return nil, refusef("query contains a NUL byte, which no path holds")
	}
	rel, err := s.repo.resolvePath(a.Path)
	if err != nil {
		return nil, err
	}
	return s.repo.find(ctx, q, rel, limit)
}

func (r *Repo) find(ctx context.Context, q, scope string, limit int) (*FindResult, error) {
	res := &FindResult{Query: q, Path: DisplayPath(scope), Limit: limit}
	match, err := findMatcher(q, res)
	if err != nil {
		return nil, err
	}
	// git lists tracked files even when they were deleted: what is shown
	// and counted is what exists (a folder with many hits is read once,
	// not stat'ed per hit). The tracked matches are checked in batches as
	// they come, while the untracked walk runs on the other core, and the
	// last batch of them once the tracked half is done.
	var pres func(string) (bool, bool) // a warm repository's kept answers
	if r.git != nil {
		pres = r.keptPresence(ctx)
	}
	c := newFindCollector(r, limit, pres)
	stats, err := r.eachFileThen(ctx, scope, func(f string) {
		res.Searched++
		if ok, nameHit := match(f); ok {
			c.add(f, nameHit)
		}
	}, c.flush)
	if err != nil {
		return nil, err
	}
	c.flush()
	res.UnreadableDirs, res.DirExamples = stats.UnreadableDirs, stats.Examples
	if res.Searched == 0 && scope != "" {
		if _, err := r.fs.Lstat(scope); err != nil {
			return nil, describeOpenError(scope, err)
		}
	}
	res.Total = c.total
	for _, h := range c.best.win {
		res.Matches = append(res.Matches, DisplayPath(h.path)+r.repoSuffix(h.path))
		res.raw = append(res.raw, h.path)
	}
	return res, nil
}

// findMatcher is the test of one path against query q: a glob (res.Glob
// set; a malformed one is refused) over the whole path, or a fold of the
// name and path; nameHit says the match is in the name.
func findMatcher(q string, res *FindResult) (func(f string) (ok, nameHit bool), error) {
	lq := strings.ToLower(q)
	if !strings.ContainsAny(q, "*?[") {
		return newFindFold(lq).match, nil
	}
	res.Glob = true
	if _, err := path.Match(strings.ReplaceAll(lq, "**", "*"), ""); err != nil {
		return nil, refusef("query %q is a malformed glob (%v) — close the [ ], or search for a plain part of the name", q, err)
	}
	g := compileGlob(lq)
	return func(f string) (bool, bool) { return g.match(strings.ToLower(f)), true }, nil
}

// findHit is one matching path that exists.
type findHit struct {
	path    string
	nameHit bool
}

// findHitLess orders the hits shown: matches in the name first, then
// shorter paths, then path order.
func findHitLess(a, b findHit) bool {
	if a.nameHit != b.nameHit {
		return a.nameHit
	}
	if len(a.path) != len(b.path) {
		return len(a.path) < len(b.path)
	}
	return pathLess(a.path, b.path)
}

// Render is the model text of repo_find.
func (f *FindResult) Render() string {
	var b strings.Builder
	for _, m := range f.Matches {
		b.WriteString(m)
		b.WriteByte('\n')
	}
	where := "the whole repository"
	if f.Path != "." {
		where = f.Path
	}
	switch {
	case f.Total == 0:
		fmt.Fprintf(&b, "no path matches %q among %s in %s (repo_find matches paths; use repo_grep to search contents)", f.Query, Plural(f.Searched, "file", "files"), where)
	case len(f.Matches) < f.Total:
		fmt.Fprintf(&b, "(showing %s of %s matches — narrow with path or a longer query)", Commas(len(f.Matches)), Commas(f.Total))
	default:
		fmt.Fprintf(&b, "(%s among %s in %s)", Plural(f.Total, "match", "matches"), Plural(f.Searched, "file", "files"), where)
	}
	if f.UnreadableDirs > 0 {
		fmt.Fprintf(&b, "\n(%s could not be read, so the files in it are not included: %s)", Plural(f.UnreadableDirs, "folder", "folders"), strings.Join(f.DirExamples, ", "))
	}
	return b.String()
}
