package repoops

import "context"

// EachFile streams the file set under path (repo-relative, "" or "." for
// the whole repository) to visit, as it is listed: the very set repo_find
// compares and repo_grep searches (eachFile), so a face that lists it
// shows the same files the tools see. Paths are raw and repo-relative;
// show them with DisplayPath. It returns the number of folders a walk
// outside git could not enter.
func (r *Repo) EachFile(ctx context.Context, path string, visit func(rel string)) (unreadableDirs int, err error) {
	rel, err := r.resolvePath(path)
	if err != nil {
		return 0, err
	}
	st, err := r.eachFile(ctx, rel, visit)
	return st.UnreadableDirs, err
}

// PathLess is the order the tools show paths in: a folder's contents
// follow it directly ('/' sorts before every other byte).
func PathLess(a, b string) bool { return pathLess(a, b) }
