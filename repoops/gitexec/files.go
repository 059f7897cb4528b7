package gitexec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/repoxhq/repox/repoops/words"
)

// Head returns the content of the git folder's HEAD file; it runs nothing.
func (g *Runner) Head() ([]byte, error) {
	return os.ReadFile(filepath.Join(g.gitDir, "HEAD"))
}

// ExcludesFile returns the content of the repository's core.excludesFile
// when the in-root rule (see inRootFile) honours it, by readOuter's rules;
// nil otherwise.
func (g *Runner) ExcludesFile(ctx context.Context, max int64) []byte {
	c, err := g.config(ctx)
	if err != nil {
		return nil
	}
	if p := g.inRootPath(c.excludes); p != "" {
		return readOuter(p, max)
	}
	return nil
}

// ReadWorkTreeFile returns the content of the file at rel ('/'-separated,
// relative to the work tree's top), for the ignore files git reads between
// the top and a repox root that is a sub-folder of it (.git/info/exclude,
// each .gitignore on the way down), by readOuter's rules.
func (g *Runner) ReadWorkTreeFile(rel string, max int64) []byte {
	return readOuter(filepath.Join(g.workDir, filepath.FromSlash(rel)), max)
}

// readOuter reads a regular file (never through a symlink at its last
// name, as git does) of at most max bytes; nil when it is missing, not
// regular, larger, unreadable or empty.
func readOuter(abs string, max int64) []byte {
	data, err := readRegularFile(abs, false, max)
	if err != nil || len(data) == 0 {
		return nil
	}
	return data
}

// Tracked answers "does git track this path, or something under this
// folder?". The index's paths are kept in one string in byte order (git's
// index order), searched by bisection; each path is a substring of it, so
// listing them makes no copies.
type Tracked struct {
	names string  // every tracked path, each followed by a NUL
	offs  []int32 // start of each path in names
	// inOrder: the index itself held its paths in byte order, the stages
	// of a path in a row, so this is the order and the set `git ls-files
	// --cached --deduplicate` prints.
	inOrder bool
}

func (t *Tracked) at(i int) string { return t.nameAt(t.offs[i]) }

// nameAt is the path that starts at off in names.
func (t *Tracked) nameAt(off int32) string {
	p := t.names[off:]
	return p[:strings.IndexByte(p, 0)]
}

// Len is the number of tracked paths.
func (t *Tracked) Len() int { return len(t.offs) }

// Path is the i-th tracked path in byte order (0 <= i < Len).
func (t *Tracked) Path(i int) string {
	if t.inOrder { // the paths lie in names one after the other
		end := len(t.names)
		if i+1 < len(t.offs) {
			end = int(t.offs[i+1])
		}
		return t.names[t.offs[i] : end-1]
	}
	return t.at(i)
}

// Search returns the index of the first path >= key (Len when none is).
func (t *Tracked) Search(key string) int {
	return sort.Search(len(t.offs), func(i int) bool { return t.at(i) >= key })
}

// Covers reports whether git tracks rel (a file) or anything under rel (a
// folder), by path component: "a" covers "a/x", never "a-b/y".
func (t *Tracked) Covers(rel string, isDir bool) bool {
	if isDir {
		key := rel + "/"
		i := t.Search(key)
		return i < len(t.offs) && strings.HasPrefix(t.at(i), key)
	}
	i := t.Search(rel)
	return i < len(t.offs) && t.at(i) == rel
}

// ReadIndex reads git's index once: the tracked paths, and the gitlinks
// (submodules) in index order, each once, as `git ls-files -z --stage`
// prints them (the index as stored, nothing stat'ed, unlike `--cached
// --ignored --exclude-standard`, which lstats every tracked file). The
// index file is read directly when its form allows (readIndexFile);
// otherwise git lists it, and at most limit bytes of listing are read.
func (g *Runner) ReadIndex(ctx context.Context, limit int) (*Tracked, []string, error) {
	c, err := g.config(ctx)
	if err != nil {
		return nil, nil, err
	}
	if c.include != "" {
		return nil, nil, errors.New(includeRefusal(c.include))
	}
	if t, links, ok := g.indexFile(c, int64(limit)); ok {
		return t, links, nil
	}
	return g.readIndexGit(ctx, limit)
}

// readIndexGit is ReadIndex through `git ls-files -z --stage`.
func (g *Runner) readIndexGit(ctx context.Context, limit int) (*Tracked, []string, error) {
	b := newTrackedBuilder(0, 0)
	// The index file holds every path plus at least 62 bytes of entry
	// header each: its size bounds the listing's path bytes, so the buffer
	// is made once instead of grown (and copied) while git prints.
	if st, err := os.Stat(filepath.Join(g.gitDir, "index")); err == nil && st.Size() > 0 {
		size := min(st.Size(), int64(limit))
		b = newTrackedBuilder(int(size), int(size/64+1))
	}
	cut, err := g.Stream(ctx, limit, func(rec []byte) {
		// "<mode> <object> <stage>\t<path>"
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			return
		}
		b.add(path, bytes.HasPrefix(meta, []byte("160000 ")))
	}, "ls-files", "-z", "--stage")
	if err != nil {
		return nil, nil, err
	}
	if cut {
		// A part of the index is not the index: a tracked path left out
		// would make a tracked-but-ignored file vanish from the tree.
		return nil, nil, fmt.Errorf("git's index listing is over %s", words.SizeText(limit))
	}
	t, links := b.done()
	return t, links, nil
}

// trackedBuilder collects the index's entries, from git's listing or the
// index file, into a Tracked and the gitlinks. The paths go into one
// strings.Builder, whose string is Tracked's names with no final copy.
type trackedBuilder struct {
	t       *Tracked
	names   strings.Builder
	links   []string
	seen    map[string]bool // gitlinks taken
	sorted  bool
	hasPrev bool
	prev    string // the last path added (a substring of names)
}

// newTrackedBuilder makes a builder with room for size bytes of paths and
// count entries.
func newTrackedBuilder(size, count int) *trackedBuilder {
	b := &trackedBuilder{t: &Tracked{offs: make([]int32, 0, count)}, seen: map[string]bool{}, sorted: true}
	b.names.Grow(size)
	return b
}

// add takes one entry: every stage of a conflicted path comes in a row and
// counts once.
func (b *trackedBuilder) add(path []byte, gitlink bool) {
	if gitlink && !b.seen[string(path)] {
		b.seen[string(path)] = true
		b.links = append(b.links, string(path))
	}
	if b.hasPrev && b.prev == string(path) {
		return
	}
	if b.hasPrev && b.prev > string(path) {
		b.sorted = false
	}
	t := b.t
	start := b.names.Len()
	t.offs = append(t.offs, int32(start))
	b.names.Write(path)
	b.names.WriteByte(0)
	b.prev, b.hasPrev = b.names.String()[start:start+len(path)], true
}

// done sorts the paths if they did not come in byte order (git's index is
// in byte order; never rely on it blindly) and drops repeats that were not
// in a row.
func (b *trackedBuilder) done() (*Tracked, []string) {
	t := b.t
	t.names, b.prev = b.names.String(), ""
	t.inOrder = b.sorted
	if !b.sorted {
		sort.Slice(t.offs, func(i, j int) bool { return t.at(i) < t.at(j) })
		keep := t.offs[:0] // in place: keep is never ahead of the range
		for _, o := range t.offs {
			if len(keep) == 0 || t.nameAt(keep[len(keep)-1]) != t.nameAt(o) {
				keep = append(keep, o)
			}
		}
		t.offs = keep
	}
	return t, b.links
}
