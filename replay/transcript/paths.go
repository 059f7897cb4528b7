package transcript

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

// callRel is relPath for a call's own path argument: when p lies outside
// the agent's folder the call gets that reason and ok is false. The tool
// mappers, split by tool family, share it.
func callRel(c *Call, p, cwd string) (string, bool) {
	r, ok := relPath(p, cwd)
	if !ok {
		c.NoEquivalent = outsideReason(p, cwd)
	}
	return r, ok
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

// globQuery maps a Glob (pattern, the folder it searches) to repo_find's
// query and path. An absolute pattern inside the session's folder is made
// relative, as Read and Edit paths are (its literal folders, up to the
// first part with a * ? [ or {, are the part relPath maps); one outside
// has no equivalent, and why says so. repo_find matches a glob with a '/'
// against the whole repo-relative path, and Claude Code's Glob matches
// against the path under its folder: such a pattern is joined to the
// folder.
func globQuery(pattern, dir, cwd string) (query, rel, why string) {
	if strings.HasPrefix(pattern, "/") {
		parts := strings.Split(pattern, "/")
		lit := len(parts)
		for i, p := range parts {
			if strings.ContainsAny(p, "*?[{") {
				lit = i
				break
			}
		}
		prefix := strings.Join(parts[:lit], "/")
		if prefix == "" {
			prefix = "/"
		}
		base, ok := relPath(prefix, cwd)
		if !ok {
			return "", "", "Glob pattern " + pattern + " lies outside the session's folder " + cwd + ", which no repox tool reaches"
		}
		rest := strings.Join(parts[lit:], "/")
		switch {
		case rest == "":
			return base, "", "" // no glob at all: the path itself, as a substring
		case base == "":
			return rest, "", ""
		}
		return base + "/" + rest, base, ""
	}
	rel, ok := relPath(dir, cwd)
	if !ok {
		return "", "", outsideReason(dir, cwd)
	}
	if rel != "" && strings.Contains(pattern, "/") {
		return rel + "/" + pattern, rel, ""
	}
	return pattern, rel, ""
}
