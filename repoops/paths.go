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
// repo-relative, '/'-separated path; "" is the root. It never touches the
// disk: confinement against symlinks is os.Root's job when the path is
// opened. Every doubt refuses (fail closed).
func (r *Repo) resolvePath(p string) (string, error) {
	if len(p) > maxPathLen {
		return "", refusef("path is %s bytes long; paths are at most %s bytes", commas(len(p)), commas(maxPathLen))
	}
	if len(p) >= 2 && p[0] == '"' && p[len(p)-1] == '"' {
		// The quoted form repox prints for unusual names is accepted back.
		u, err := strconv.Unquote(p)
		if err != nil {
			return "", refusef("path %s looks Go-quoted but does not unquote (%v) — pass the name exactly as a listing printed it", p, err)
		}
		p = u
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", refusef("path %s contains a NUL byte, which no file name can hold", strconv.Quote(p))
	}
	switch p {
	case "", ".", "./", "/":
		return "", nil
	}
	if strings.HasPrefix(p, "/") {
		rel, ok := r.relFromAbs(p)
		if !ok {
			hint := "give a path relative to the repository root"
			if asRel := strings.TrimLeft(p, "/"); asRel != "" {
				if _, err := r.root.Lstat(osPath(path.Clean(asRel))); err == nil {
					hint = fmt.Sprintf("did you mean %s, relative to the root? Paths are relative to the repository root", DisplayPath(path.Clean(asRel)))
				}
			}
			return "", refusef("path %s is outside the repository %s — %s", DisplayPath(p), r.dir, hint)
		}
		p = rel
		if p == "" {
			return "", nil
		}
	}
	clean := path.Clean(p)
	if clean == "." {
		return "", nil
	}
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", refusef("path %s leads outside the repository — give a path inside it, relative to the root", DisplayPath(p))
	}
	for _, part := range strings.Split(clean, "/") {
		if strings.EqualFold(part, ".git") {
			return "", refusef("path %s is inside .git, git's own storage, which is not part of the file set — use repo_git for history and status", DisplayPath(p))
		}
	}
	return clean, nil
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

// osPath is the name to hand os.Root for a repo-relative path.
func osPath(rel string) string {
	if rel == "" {
		return "."
	}
	return filepath.FromSlash(rel)
}
