package repoops

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/repoxhq/repox/repoops/gitexec"
	"github.com/repoxhq/repox/repoops/gitignore"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// Repo is one repository opened for the agent tools. Every file access goes
// through fs (rootfs, one os.Root held on the directory and fd-relative
// scans inside it), so nothing a tool does can reach outside it; every git
// process goes through git (gitexec). A Repo is safe for concurrent use.
type Repo struct {
	dir     string          // absolute path as opened
	realDir string          // dir with symlinks resolved (for absolute-path intake)
	fs      *rootfs.Root    // the one door to the disk: every access stays inside the root
	git     *gitexec.Runner // the one door to git
	gitNote string          // why git mode is off, when it is off for a reason worth saying

	mu           sync.Mutex
	ignoreCache  map[string]*gitignore.Rules // folder -> its compiled .gitignore (nil entry: none)
	tracked      *gitexec.Tracked            // tracked files that match an ignore rule (git mode)
	lineIdx      map[string]*lineIndex       // big files' line marks, by repo-relative path
	outer        *gitignore.Chain            // ignore rules from outside the root (see outerChainLocked)
	outerIgnored bool                        // the root itself is ignored by them
	outerDone    bool
	links        *gitlinkSet       // the index's submodules (git mode), read once
	nested       map[string]string // folder -> nested-repository mark ("" ordinary), asked of git once
	warm         *warmSet          // KeepWarm: the untracked files kept between calls (warm.go)
	calls        atomic.Uint64     // calls made through a Session: a warm repository revalidates once per call
}

// findGitBin is gitexec.FindGit; tests swap it for a stand-in git.
var findGitBin = gitexec.FindGit

// Open opens dir as a repository. Inside a git work tree (dir/.git is a
// folder) the file set is git's; elsewhere it is a walk honouring every
// .gitignore met on the way.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot resolve %s: %w", dir, err)
	}
	root, err := rootfs.Open(abs)
	if err != nil {
		return nil, err
	}
	r := &Repo{dir: abs, fs: root, ignoreCache: map[string]*gitignore.Rules{}, nested: map[string]string{}}
	r.realDir = root.RealDir()
	w := gitexec.Where{Dir: r.realDir, Bin: findGitBin()}
	if w.Dir == "" {
		w.Dir = r.dir
	}
	if st, err := r.fs.Lstat(".git"); err == nil {
		w.DotGit = st
	}
	r.git, r.gitNote = gitexec.Detect(w)
	return r, nil
}

// Close stops the git processes still running (and waits for them), then
// releases the root, after the bulk scans still running (a cancelled
// search finishing its batch) have let go of its fd.
func (r *Repo) Close() error {
	if r.git != nil {
		r.git.Close() // git still running (a status of a huge tree) is stopped, not left behind
	}
	return r.fs.Close()
}

// Dir is the absolute path of the repository root.
func (r *Repo) Dir() string { return r.dir }

// Name is the root folder's name, for status lines and titles, in the
// display form (QuoteName): a folder name never reaches a terminal raw.
func (r *Repo) Name() string { return QuoteName(filepath.Base(r.dir)) }

// IsGit reports whether the root is a git work tree that repo_git serves.
func (r *Repo) IsGit() bool { return r.git != nil }

// Branch returns the checked-out branch (or a short commit id when HEAD is
// detached); "" outside git. It reads .git/HEAD and runs nothing. HEAD is
// repository content, so the name comes in the display form (QuoteName).
func (r *Repo) Branch() string {
	if r.git == nil {
		return ""
	}
	b, err := r.git.Head()
	if err != nil {
		return ""
	}
	head := strings.TrimSpace(string(b))
	if ref, ok := strings.CutPrefix(head, "ref: "); ok {
		return QuoteName(strings.TrimPrefix(ref, "refs/heads/"))
	}
	if len(head) > 12 {
		head = head[:12]
	}
	return QuoteName(head)
}

// Refresh forgets cached ignore rules and git's tracked-file view, so the
// next listing sees changes made on disk meanwhile.
func (r *Repo) Refresh() {
	r.mu.Lock()
	r.ignoreCache = map[string]*gitignore.Rules{}
	r.tracked = nil
	r.outer, r.outerIgnored, r.outerDone = nil, false, false
	r.links, r.nested = nil, map[string]string{}
	r.mu.Unlock()
}

// describeOpenError turns an error from os.Root into a model-facing refusal
// for the repo-relative path rel.
func describeOpenError(rel string, err error) *Refusal {
	shown := DisplayPath(rel)
	var pe *fs.PathError
	msg := err.Error()
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		base := rel
		if i := strings.LastIndexByte(rel, '/'); i >= 0 {
			base = rel[i+1:]
		}
		return refusef("%s does not exist — call repo_find with query %q to look for it", shown, base)
	case strings.Contains(msg, "escapes from parent") || strings.Contains(msg, "path escapes"):
		return refusef("%s goes through a symlink that leads outside the repository; repox never follows links out of the root", shown)
	case strings.Contains(msg, "too many levels of symbolic links"):
		return refusef("%s is a symlink loop (or a chain of more than %d links); it cannot be opened", shown, maxLinkHops)
	case errors.Is(err, fs.ErrPermission):
		return refusef("%s is not readable (permission denied)", shown)
	case strings.Contains(msg, "not a directory"):
		return refusef("%s: a part of this path is a file, not a folder — call repo_tree on the parent folder to see what is there", shown)
	case strings.Contains(msg, "file name too long"):
		return refusef("%s: a name in this path is too long for the file system", shown)
	}
	return refusef("%s cannot be opened: %s", shown, quoteText(msg))
}
