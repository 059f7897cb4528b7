package replay

import (
	"path"
	"strings"
)

// relPath turns a path an agent used into one relative to the session's
// folder cwd: absolute paths under cwd lose the prefix, relative paths are
// cleaned. ok is false for a path outside cwd (or a relative path leading
// out of it), which no repox tool can reach.
func relPath(p, cwd string) (string, bool) {
	if p == "" {
		return "", true
	}
	if strings.HasPrefix(p, "/") {
		if cwd == "" {
			return "", false
		}
		c := strings.TrimSuffix(path.Clean(cwd), "/")
		cp := path.Clean(p)
		if cp == c {
			return "", true
		}
		if !strings.HasPrefix(cp, c+"/") {
			return "", false
		}
		return cp[len(c)+1:], true
	}
	cp := path.Clean(p)
	if cp == "." {
		return "", true
	}
	if cp == ".." || strings.HasPrefix(cp, "../") {
		return "", false
	}
	return cp, true
}

// relJoin resolves p against a working folder wd that is itself relative
// to the session's folder (a shell's workdir), then as relPath.
func relJoin(p, wd, cwd string) (string, bool) {
	if strings.HasPrefix(p, "/") || wd == "" {
		return relPath(p, cwd)
	}
	return relPath(path.Join(wd, p), cwd)
}

func outsideReason(p, cwd string) string {
	if cwd == "" {
		return "path " + p + " is absolute and the transcript records no working folder to map it from"
	}
	return "path " + p + " is outside the session's folder " + cwd
}

// optionalPath is a command's one optional path argument (none: the
// folder it runs in) as a repo-relative path; when it lies outside the
// agent's folder the call gets that reason and ok is false.
func optionalPath(c *Call, args []string, wd, cwd string) (rel string, ok bool) {
	p := ""
	if len(args) == 1 {
		p = args[0]
	}
	if rel, ok = relJoin(p, wd, cwd); !ok {
		c.NoEquivalent = outsideReason(p, cwd)
	}
	return rel, ok
}
