package repoops

import (
	"context"
	"sort"

	"github.com/repoxhq/repox/repoops/gitexec"
)

// One read of git's index (gitexec.ReadIndex) serves two questions: which
// paths are tracked (an entry a .gitignore rule matches stays in the file
// set when git tracks it) and which are gitlinks (submodules).

// trackedIgnored answers "does git track this path, or something under this
// folder?" for entries an ignore rule matches: git keeps what it tracks, so
// those stay in the file set.
func (r *Repo) trackedIgnored() *gitexec.Tracked {
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
	return &gitexec.Tracked{} // not cached: the next listing asks again
}

// loadIndex reads the index once (until Refresh) into r.tracked and
// r.links; both are nil when git failed.
func (r *Repo) loadIndex(ctx context.Context) (*gitexec.Tracked, *gitlinkSet) {
	t, links, err := r.git.ReadIndex(ctx, maxFileListBytes)
	if err != nil {
		return nil, nil
	}
	l := &gitlinkSet{paths: map[string]bool{}, sorted: links}
	for _, p := range links {
		l.paths[p] = true
	}
	sort.Slice(l.sorted, func(i, j int) bool { return pathLess(l.sorted[i], l.sorted[j]) })
	r.mu.Lock()
	r.tracked, r.links = t, l
	r.mu.Unlock()
	return t, l
}
