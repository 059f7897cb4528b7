package repoops

import (
	"path"
)

// LinkTarget is what the TUI's tree shows of a symlink rel (repo-relative,
// raw): its target as stored, in display form, and whether it leads to a
// folder inside the root that ListDir lists the way repo_tree {"path":rel}
// does. A link that leaves the root, enters .git, loops or dangles is no
// folder (the tools refuse it, and say why, when it is used).
func (r *Repo) LinkTarget(rel string) (target string, toDir bool, err error) {
	t, err := r.fs.Readlink(rel)
	if err != nil {
		return "", false, describeOpenError(rel, err)
	}
	if hasGitDirPart(rel) || r.checkLinks(rel, true) != nil {
		return QuoteName(t), false, nil
	}
	f, err := r.fs.OpenRead(rel) // follows the links, inside the root only; a FIFO does not block
	if err != nil {
		return QuoteName(t), false, nil
	}
	defer f.Close()
	st, err := f.Stat()
	return QuoteName(t), err == nil && st.IsDir(), nil
}

// Hidden reports whether an ignore rule hides the file rel (repo-relative,
// raw) from the file set: repo_tree, repo_find and repo_grep never list it,
// though repo_read_file reads it by its exact path. It asks the listing of
// rel's folder, the same rules every tool applies, and answers false for a
// path that listing does not name at all.
func (r *Repo) Hidden(rel string) (bool, error) {
	dir := path.Dir(rel)
	if dir == "." {
		dir = ""
	}
	l, err := r.ListDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range l.Ignored {
		if e.Path == rel {
			return true, nil
		}
	}
	return false, nil
}
