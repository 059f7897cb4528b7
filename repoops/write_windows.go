package repoops

import "context"

// Writing on Windows is not built yet: the Unix write path holds the
// folder as an fd reached with O_NOFOLLOW, locks with flock, writes a temp
// file relative to that fd and renames it there, none of which has a
// tested Windows counterpart in this version. Rather than write in a way
// that differs (following a reparse point, losing the lock, leaving a
// temp name), every change is refused with this sentence, and the gate
// says the same.
const windowsWritesRefused = "writing is not supported on Windows yet: repo_edit, repo_insert and repo_write refuse here (nothing was changed); the reading tools (repo_tree, repo_find, repo_grep, repo_read_file, repo_git) work — make the change with another tool, or run repox on Linux or macOS"

type editTarget struct {
	rel, shown  string
	missingDirs []string
}

func (r *Repo) openEditTarget(rel string, mkdirs bool) (*editTarget, error) {
	return nil, refusef("%s: %s", DisplayPath(rel), windowsWritesRefused)
}

func (t *editTarget) refusal() error { return refusef("%s: %s", t.shown, windowsWritesRefused) }

func (t *editTarget) close()                          {}
func (t *editTarget) inspect() (*fileState, error)    { return nil, t.refusal() }
func (t *editTarget) openFile() (int, error)          { return -1, t.refusal() }
func (t *editTarget) load(fd int) (*fileState, error) { return nil, t.refusal() }
func (t *editTarget) writeAtomic(content []byte, old *fileState, oldFd int, create bool) error {
	return t.refusal()
}

func lockFile(ctx context.Context, fd int, shown string) error {
	return refusef("%s: %s", shown, windowsWritesRefused)
}
func unlockFile(fd int) {}
func closeFd(fd int)    {}
