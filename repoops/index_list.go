package repoops

import (
	"bytes"
	"context"
	"sort"
)

// One read of git's index serves two questions: which paths are tracked
// (an entry a .gitignore rule matches stays in the file set when git tracks
// it) and which are gitlinks (submodules). `git ls-files -z --stage` prints
// the index as stored; it stats nothing, unlike `--cached --ignored
// --exclude-standard`, which lstats every tracked file to match rules and
// cost as much as listing the whole file set.

// trackedIgnored answers "does git track this path, or something under this
// folder?" for entries an ignore rule matches: git keeps what it tracks, so
// those stay in the file set. The index's paths are kept in one buffer in
// byte order (git's index order), searched by bisection.
type trackedIgnored struct {
	names []byte  // every tracked path, each followed by a NUL
	offs  []int32 // start of each path in names
}

func (t *trackedIgnored) at(i int) []byte {
	p := t.names[t.offs[i]:]
	return p[:bytes.IndexByte(p, 0)]
}

// first returns the index of the first path >= key.
func (t *trackedIgnored) first(key []byte) int {
	return sort.Search(len(t.offs), func(i int) bool { return bytes.Compare(t.at(i), key) >= 0 })
}

func (t *trackedIgnored) covers(rel string, isDir bool) bool {
	if isDir {
		key := []byte(rel + "/")
		i := t.first(key)
		return i < len(t.offs) && bytes.HasPrefix(t.at(i), key)
	}
	key := []byte(rel)
	i := t.first(key)
	return i < len(t.offs) && bytes.Equal(t.at(i), key)
}

func (r *Repo) trackedIgnored() *trackedIgnored {
	if r.git == nil {
		return nil
	}
	r.mu.Lock()
	t := r.tracked
	r.mu.Unlock()
	if t != nil {
		return t
	}
	if t, _ := r.loadIndex(context.Background()); t != nil {
		return t
	}
	return &trackedIgnored{} // not cached: the next listing asks again
}

// loadIndex reads the index once (until Refresh) into r.tracked and
// r.links; both are nil when git failed.
func (r *Repo) loadIndex(ctx context.Context) (*trackedIgnored, *gitlinkSet) {
	t := &trackedIgnored{}
	l := &gitlinkSet{paths: map[string]bool{}}
	sorted := true
	var prev []byte
	_, err := r.git.stream(ctx, maxFileListBytes, func(rec []byte) {
		// "<mode> <object> <stage>\t<path>"
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			return
		}
		if bytes.HasPrefix(meta, []byte("160000 ")) && !l.paths[string(path)] {
			l.paths[string(path)] = true
			l.sorted = append(l.sorted, string(path))
		}
		if prev != nil && bytes.Equal(prev, path) {
			return // another stage of a conflicted path
		}
		if prev != nil && bytes.Compare(prev, path) > 0 {
			sorted = false
		}
		t.offs = append(t.offs, int32(len(t.names)))
		t.names = append(t.names, path...)
		t.names = append(t.names, 0)
		prev = t.names[t.offs[len(t.offs)-1] : len(t.names)-1]
	}, "ls-files", "-z", "--stage")
	if err != nil {
		return nil, nil
	}
	if !sorted { // git's index is in byte order; never rely on it blindly
		sort.Slice(t.offs, func(i, j int) bool { return bytes.Compare(t.at(i), t.at(j)) < 0 })
	}
	sort.Slice(l.sorted, func(i, j int) bool { return pathLess(l.sorted[i], l.sorted[j]) })
	r.mu.Lock()
	r.tracked, r.links = t, l
	r.mu.Unlock()
	return t, l
}
