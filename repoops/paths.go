package repoops

import (
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// maxPathLen bounds what path intake even looks at (PATH_MAX on Linux).
const maxPathLen = 4096

// resolvePath turns a path given by a model or a person into a clean
// repo-relative, '/'-separated path; "" is the root. It is the intake of
// every tool that opens what the path names (read, tree, find, grep,
// edit, insert, write): besides the lexical checks of intakePath it
// follows the path's symlinks inside the root (checkLinks) and refuses a
// path that only a link makes lead into .git, out of the root, in a loop
// or nowhere. Confinement itself stays os.Root's job when the path is
// opened. Every doubt refuses (fail closed).
func (r *Repo) resolvePath(p string) (string, error) {
	clean, wantDir, err := r.intakePath(p)
	if err != nil {
		return "", err
	}
	if err := r.checkLinks(clean, wantDir); err != nil {
		return "", err
	}
	return clean, nil
}

// resolveFilePath is resolvePath for a path that must name a file (the
// write tools): a trailing "/" names a folder, so a file is never created
// under that name.
func (r *Repo) resolveFilePath(p string) (string, error) {
	clean, wantDir, err := r.intakePath(p)
	if err != nil {
		return "", err
	}
	if err := r.checkLinks(clean, wantDir); err != nil {
		return "", err
	}
	if wantDir && clean != "" {
		return "", refusef("path %s names a folder (a / follows its last name); the write tools change files — give the file's path without the trailing /", QuoteName(p))
	}
	return clean, nil
}

// resolveGitPath is the intake of repo_git: git takes the path as a
// literal pathspec and never follows a link in the work tree (a link is a
// blob to git, whatever it points to), so links are not followed here.
func (r *Repo) resolveGitPath(p string) (string, error) {
	clean, wantDir, err := r.intakePath(p)
	if err == nil && wantDir {
		// "x/" names the folder x, as it does for every tool.
		err = r.checkLinks(clean, true)
	}
	return clean, err
}

// intakePath does the lexical part of path intake: quoted names, NUL,
// absolute paths inside the root, "..", names of git's storage. wantDir
// reports that the path as given names a folder (it ends in "/" or "/.").
// A part the path treats as a folder ("a.txt/", "a.txt/..") that is a
// file is refused, since cleaning the path would otherwise drop the "/"
// and reach the file.
func (r *Repo) intakePath(p string) (clean string, wantDir bool, err error) {
	if len(p) > maxPathLen {
		return "", false, refusef("path is %s bytes long; paths are at most %s bytes", Commas(len(p)), Commas(maxPathLen))
	}
	if p, err = unquotePath(p); err != nil {
		return "", false, err
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", false, refusef("path %s contains a NUL byte, which no file name can hold", strconv.Quote(p))
	}
	if err := osPathRefusal(p); err != nil {
		return "", false, err
	}
	switch p {
	case "", ".", "./", "/":
		return "", false, nil
	}
	given := p
	if strings.HasPrefix(p, "/") {
		rel, err := r.absToRel(p)
		if err != nil || rel == "" {
			return "", false, err
		}
		p = rel
	}
	clean = path.Clean(p)
	if clean == "." {
		clean = ""
	}
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", false, refusef("path %s leads outside the repository — give a path inside it, relative to the root", DisplayPath(given))
	}
	for _, part := range strings.Split(clean, "/") {
		if isGitDirName(part) {
			return "", false, gitDirRefusal(DisplayPath(given))
		}
	}
	if p == clean {
		return clean, false, nil
	}
	if wantDir, err = r.checkSlashedParts(p, clean); err != nil {
		return "", false, err
	}
	if clean == "" {
		return "", false, nil
	}
	return clean, wantDir, nil
}

// unquotePath accepts back the Go-quoted form repox prints for unusual
// names, also with the "/" a folder is listed with; any other path is
// returned as it is.
func unquotePath(p string) (string, error) {
	if len(p) < 2 || p[0] != '"' {
		return p, nil
	}
	q, slash := p, ""
	if len(p) >= 3 && strings.HasSuffix(p, `"/`) {
		q, slash = p[:len(p)-1], "/"
	}
	if q[len(q)-1] != '"' {
		return p, nil
	}
	u, err := strconv.Unquote(q)
	if err != nil {
		return "", refusef("path %s looks Go-quoted but does not unquote (%v) — pass the name exactly as a listing printed it", strconv.Quote(p), err)
	}
	return u + slash, nil
}

// absToRel is the absolute path p as a path relative to the root ("" for
// the root itself), keeping a final "/" or "/."; a path outside the root
// is refused, with a hint when it names something as a relative path.
func (r *Repo) absToRel(p string) (string, error) {
	rel, ok := r.relFromAbs(p)
	if !ok {
		hint := "give a path relative to the repository root"
		if asRel := strings.TrimLeft(p, "/"); asRel != "" {
			if _, err := r.fs.Lstat(path.Clean(asRel)); err == nil {
				hint = fmt.Sprintf("did you mean %s, relative to the root? Paths are relative to the repository root", DisplayPath(path.Clean(asRel)))
			}
		}
		return "", refusef("path %s is outside the repository %s — %s", DisplayPath(p), QuoteName(r.dir), hint)
	}
	if rel == "" {
		return "", nil
	}
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.") {
		rel += "/"
	}
	return rel, nil
}

// checkSlashedParts checks that every part the path as given (p) puts a
// "/" after is a folder, since cleaning it to clean would drop that "/";
// wantDir reports that clean itself was written as a folder.
func (r *Repo) checkSlashedParts(p, clean string) (wantDir bool, err error) {
	var lex []string
	parts := strings.Split(p, "/")
	for i, c := range parts {
		switch c {
		case "", ".":
			continue
		case "..":
			if len(lex) > 0 {
				lex = lex[:len(lex)-1]
			}
			continue
		}
		lex = append(lex, c)
		if i == len(parts)-1 {
			continue // the end: no "/" after it
		}
		folder := strings.Join(lex, "/")
		switch {
		case folder == clean:
			wantDir = true
		case underScope(clean, folder):
			// an ancestor of clean: checkLinks sees it on the way
		default:
			if err := r.checkLinks(folder, true); err != nil {
				return false, err
			}
		}
	}
	return wantDir, nil
}

// relFromAbs maps an absolute path inside the root to a relative one. Both
// the directory as given and its resolved form are accepted, so a root
// reached through a symlink still recognises its own absolute paths.
func (r *Repo) relFromAbs(p string) (string, bool) {
	for _, base := range []string{r.dir, r.realDir} {
		if base == "" {
			continue
		}
		rel, err := filepath.Rel(base, filepath.Clean(p))
		if err != nil {
			continue
		}
		if rel == "." {
			return "", true
		}
		if filepath.IsLocal(rel) {
			return filepath.ToSlash(rel), true
		}
	}
	return "", false
}

// underScope reports whether rel lies in the folder scope (by whole path
// components: "memory/user-a" never covers "memory/user-a-2").
func underScope(rel, scope string) bool {
	if scope == "" {
		return true
	}
	if len(rel) < len(scope) || rel[:len(scope)] != scope {
		return false
	}
	return len(rel) == len(scope) || rel[len(scope)] == '/'
}

// joinRel joins a folder and a name into a repo-relative path.
func joinRel(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}
