package repoops

import (
	"errors"
	"io/fs"
	"path"
	"strings"
)

// maxLinkHops is os.Root's limit on the links one path may go through.
const maxLinkHops = 8

// isGitDirName reports whether one path component names git's storage on
// some file system repox may run on, by the rules git itself applies
// before it checks a path out (verify_path with core.protectNTFS, on by
// default everywhere, and core.protectHFS): ".git" in any case; on NTFS
// also with trailing dots or spaces (".git.", ".git "), with a stream
// (".git::$INDEX_ALLOCATION", ".git:x") and as the 8.3 short name
// "git~1"; on HFS+ also with the code points HFS+ ignores (".g\u200cit").
// No clone can hold such a name, and where the file system folds them
// they are the .git folder, so repox treats every one as .git: refused as
// a path, and never listed, searched or entered by a scan.
func isGitDirName(name string) bool {
	if len(name) < 4 {
		return false
	}
	if strings.ContainsFunc(name, hfsIgnorable) {
		name = strings.Map(func(r rune) rune {
			if hfsIgnorable(r) {
				return -1
			}
			return r
		}, name)
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimRight(name, ". ")
	return strings.EqualFold(name, ".git") || strings.EqualFold(name, "git~1")
}

// hfsIgnorable lists the code points HFS+ drops when it compares names
// (the set git's is_hfs_dotgit skips).
func hfsIgnorable(r rune) bool {
	return (r >= 0x200c && r <= 0x200f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x206a && r <= 0x206f) || r == 0xfeff
}

// hasGitDirPart reports whether any component of a repo-relative path is
// a name for git's storage.
func hasGitDirPart(rel string) bool {
	if plainlyNoGitPart(rel) {
		return false
	}
	for rel != "" {
		part := rel
		if i := strings.IndexByte(rel, '/'); i >= 0 {
			part, rel = rel[:i], rel[i+1:]
		} else {
			rel = ""
		}
		if isGitDirName(part) {
			return true
		}
	}
	return false
}

// gitDirRefusal is the one refusal for a path that names git's storage.
func gitDirRefusal(shown string) *Refusal {
	return refusef("path %s is inside .git, git's own storage, which is not part of the file set — use repo_git for history and status", shown)
}

// linkStep is a path component still to resolve, and the link whose
// target it came from ("" for a component of the path as given).
type linkStep struct {
	name   string
	link   string // repo-relative path of that link
	target string // its target, as stored
}

// checkLinks follows every symlink on the way to rel (a clean repo-relative
// path) the way os.Root follows them when rel is opened, and refuses rel
// when that way enters git's storage (".git" in any form, also a nested
// repository's), when a link leads outside the root or is absolute, when
// links loop, when a link on the way dangles, or when a file stands where
// the path needs a folder. wantDir says the path as given named a folder
// (it ended in "/"), so its end must be one. A part that does not exist
// (and came from no link) is not refused here: a create may follow, and
// the tool that opens it says "does not exist". Every lookup goes through
// os.Root, so the check itself never reaches outside the root; os.Root
// stays the boundary when the path is opened.
func (r *Repo) checkLinks(rel string, wantDir bool) error {
	if rel == "" {
		return nil
	}
	shown := DisplayPath(rel)
	var todo []linkStep
	for _, p := range strings.Split(rel, "/") {
		todo = append(todo, linkStep{name: p})
	}
	var done []string // resolved components: every one a real folder
	hops := 0
	for len(todo) > 0 {
		step := todo[0]
		todo = todo[1:]
		switch step.name {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return refusef("%s goes through the symlink %s, whose target %s leads outside the repository; repox never follows links out of the root", shown, DisplayPath(step.link), QuoteName(step.target))
			}
			done = done[:len(done)-1]
			continue
		}
		cur := path.Join(append(append([]string(nil), done...), step.name)...)
		if isGitDirName(step.name) {
			return step.gitDirRefusal(rel, shown)
		}
		st, err := r.fs.Lstat(cur)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && step.link != "" {
				return step.danglingRefusal(rel, shown)
			}
			return nil // missing, unreadable: the open says so
		}
		if err := osLinkRefusal(st.Mode(), shown, DisplayPath(cur), cur == rel); err != nil {
			return err
		}
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			hops++
			if hops > maxLinkHops {
				return refusef("%s is a symlink loop (or a chain of more than %d links); it cannot be opened", shown, maxLinkHops)
			}
			target, err := r.fs.Readlink(cur)
			if err != nil {
				return nil // the open says why
			}
			if strings.HasPrefix(target, "/") {
				return r.absLinkRefusal(target, cur, rel, shown)
			}
			var next []linkStep
			for _, p := range strings.Split(target, "/") {
				next = append(next, linkStep{name: p, link: cur, target: target})
			}
			todo = append(next, todo...)
		case st.IsDir():
			done = append(done, step.name)
		default:
			if len(todo) > 0 || wantDir {
				return refusef("%s is a file, not a folder%s — call repo_tree on its parent folder to see what is there", DisplayPath(cur), step.through())
			}
			done = append(done, step.name)
		}
	}
	return nil
}

// through names the link a step came from, for a refusal's text ("" for
// a part of the path as given).
func (s linkStep) through() string {
	if s.link == "" {
		return ""
	}
	return ", reached through the symlink " + DisplayPath(s.link) + " (to " + QuoteName(s.target) + ")"
}

// gitDirRefusal refuses a step into git's storage: named so in the path
// as given, or reached through a link (rel itself, or one on the way).
func (s linkStep) gitDirRefusal(rel, shown string) error {
	if s.link == "" {
		return gitDirRefusal(shown)
	}
	if s.link == rel {
		return refusef("%s is a symlink to %s, inside .git, git's own storage, which is not part of the file set — repox never follows a link into it; use repo_git for history and status", shown, QuoteName(s.target))
	}
	return refusef("%s goes through the symlink %s, whose target %s is inside .git, git's own storage, which is not part of the file set — repox never follows a link into it; use repo_git for history and status", shown, DisplayPath(s.link), QuoteName(s.target))
}

// danglingRefusal refuses a step a link leads to that does not exist:
// rel is a dangling link, or goes through one.
func (s linkStep) danglingRefusal(rel, shown string) error {
	if s.link == rel {
		return refusef("%s is a symlink to %s, which does not exist — the link dangles; call repo_tree on its folder to see what is there", shown, QuoteName(s.target))
	}
	return refusef("%s goes through the symlink %s, whose target %s does not exist — the link dangles", shown, DisplayPath(s.link), QuoteName(s.target))
}

// absLinkRefusal refuses the link cur, whose target is absolute: repox
// follows only relative links, and says whether it pointed inside.
func (r *Repo) absLinkRefusal(target, cur, rel, shown string) error {
	where := "which leads outside the repository"
	if _, inside := r.relFromAbs(target); inside {
		where = "which points into the repository, but by an absolute path"
	}
	if cur == rel {
		return refusef("%s is a symlink to the absolute path %s, %s; repox follows only relative links that stay inside the root", shown, QuoteName(target), where)
	}
	return refusef("%s goes through the symlink %s, whose target is the absolute path %s, %s; repox follows only relative links that stay inside the root", shown, DisplayPath(cur), QuoteName(target), where)
}
