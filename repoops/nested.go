package repoops

import (
	"context"
	"strings"
)

// Nested repositories, in git mode. git's file set never holds the files of
// another repository inside this one: a submodule (a gitlink in the index)
// is listed as its bare path, and an untracked folder that is itself a git
// repository as "folder/". Every tool shows such a folder as one entry of
// kind KindRepo that says what it is, and never lists or searches inside it.
// Whether an untracked folder is a repository is git's decision (it checks
// the folder's .git in ways worth not re-implementing), asked only for
// folders that hold a .git entry.

// Marks on a nested repository's tree entry.
const (
	MarkSubmodule  = "[submodule: a separate git repository, not listed — open it as its own root]"
	MarkNestedRepo = "[a separate git repository inside this one, not listed — open it as its own root]"
)

// gitlinkSet is the submodules (gitlinks) git's index holds.
type gitlinkSet struct {
	paths  map[string]bool
	sorted []string
}

// gitlinks returns the index's submodules, read once (until Refresh).
func (r *Repo) gitlinks(ctx context.Context) *gitlinkSet {
	if r.git == nil {
		return &gitlinkSet{}
	}
	r.mu.Lock()
	if l := r.links; l != nil {
		r.mu.Unlock()
		return l
	}
	r.mu.Unlock()
	if _, l := r.loadIndex(ctx); l != nil {
		return l
	}
	return &gitlinkSet{} // not cached: the next listing asks again
}

// gitlinksUnder lists the submodules at or below scope.
func (r *Repo) gitlinksUnder(ctx context.Context, scope string) []string {
	var out []string
	for _, p := range r.gitlinks(ctx).sorted {
		if underScope(p, scope) {
			out = append(out, p)
		}
	}
	return out
}

// nestedMark classifies the folder rel (not ignored, in git mode): "" for
// an ordinary folder, else the mark of a nested repository. hasGit says
// whether rel holds a .git entry; it is asked only when rel is not yet
// classified (until Refresh).
func (r *Repo) nestedMark(ctx context.Context, rel string, links *gitlinkSet, hasGit func() bool) string {
	if links.paths[rel] {
		return MarkSubmodule
	}
	r.mu.Lock()
	mark, ok := r.nested[rel]
	r.mu.Unlock()
	if ok {
		return mark
	}
	if hasGit() {
		// git lists an untracked repository as "rel/" and an ordinary
		// folder by its files; the first record decides.
		first := ""
		if _, err := r.git.Stream(ctx, 1<<20, func(rec []byte) {
			if first == "" {
				first = string(rec)
			}
		}, "ls-files", "-z", "--others", "--exclude-standard", "--", rel); err != nil {
			return "" // not cached: asked again next time
		}
		if first == rel+"/" {
			mark = MarkNestedRepo
		}
	}
	r.mu.Lock()
	r.nested[rel] = mark
	r.mu.Unlock()
	return mark
}

// insideNestedRepo returns the nested repository that rel is in or is
// (with its mark), or "" when none; git mode only.
func (r *Repo) insideNestedRepo(ctx context.Context, rel string) (string, string) {
	if r.git == nil || rel == "" {
		return "", ""
	}
	links := r.gitlinks(ctx)
	dir := ""
	for _, part := range strings.Split(rel, "/") {
		dir = joinRel(dir, part)
		d := dir
		m := r.nestedMark(ctx, d, links, func() bool {
			if st, err := r.fs.Lstat(d); err != nil || !st.IsDir() {
				return false
			}
			_, err := r.fs.Lstat(joinRel(d, ".git"))
			return err == nil
		})
		if m != "" {
			return dir, m
		}
	}
	return "", ""
}

// repoSuffix is what a file-set entry that is a nested repository (a
// folder on disk, which no other entry of git's file set is) adds to its
// path in a list of paths; "" for anything else.
func (r *Repo) repoSuffix(rel string) string {
	if r.git == nil {
		return ""
	}
	r.fresh(context.Background())
	if st, err := r.fs.Lstat(rel); err != nil || !st.IsDir() {
		return ""
	}
	if r.gitlinks(context.Background()).paths[rel] {
		return "/ " + MarkSubmodule
	}
	return "/ " + MarkNestedRepo
}
