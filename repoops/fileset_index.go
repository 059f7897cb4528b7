package repoops

import (
	"context"
	"strings"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// trackedFiles visits the tracked half of the file set under scope in the
// index's order: the paths `git ls-files -z --cached --deduplicate --
// scope` prints, taken from the index file the Runner reads itself (no
// git process, no copy per path; re-read whenever the file changed). When
// that read does not take the index (split, sparse, SHA-256, an unknown
// version, oversize, a path git would not write, out of order) the paths
// come from git instead: listCached runs `ls-files --cached`, each record
// filtered by keep. read is the bytes listed, for the file list's cap.
func (r *Repo) trackedFiles(ctx context.Context, scope string, visit func(string), listCached func(func([]byte)) (bool, error), keep func([]byte) (string, bool)) (read int, cut bool, err error) {
	t, ok, err := r.git.IndexFiles(ctx, maxFileListBytes)
	if err != nil {
		return 0, false, err
	}
	if !ok {
		cut, err = listCached(func(rec []byte) {
			read += len(rec) + 1
			if p, ok := keep(rec); ok {
				visit(p)
			}
		})
		return read, cut, err
	}
	n := t.Len()
	emit := func(p string) {
		read += len(p) + 1
		// Index paths are clean (gitexec refuses any other), so of keep's
		// rules only these two can drop one.
		if !hasGitDirPart(p) && !isWriteTempPath(p) {
			visit(p)
		}
	}
	lo := 0
	if scope != "" {
		// The pathspec `-- scope` (literal): scope itself, then what lies
		// under scope/, which in byte order come after scope's siblings
		// that extend its name ("scope-x", "scope.c").
		if i := t.Search(scope); i < n && t.Path(i) == scope {
			emit(scope)
		}
		lo = t.Search(scope + "/")
	}
	for i := lo; i < n; i++ {
		p := t.Path(i)
		if scope != "" && !underScope(p, scope) {
			break
		}
		if i&4095 == 4095 && ctx.Err() != nil {
			return read, false, ctx.Err()
		}
		emit(p)
	}
	return read, read > maxFileListBytes, nil
}

// isWriteTempPath is rootfs.IsWriteTempPath with its cheapest test first.
func isWriteTempPath(p string) bool {
	return strings.HasSuffix(p, rootfs.TempSuffix) && rootfs.IsWriteTempPath(p)
}
