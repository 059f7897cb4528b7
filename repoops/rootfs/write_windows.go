package rootfs

import (
	"context"

	"github.com/repoxhq/repox/repoops/words"
)

// Writing on Windows is not built yet: the Unix write path holds the
// folder as an fd reached with O_NOFOLLOW, locks with flock, writes a temp
// file relative to that fd and renames it there, none of which has a
// tested Windows counterpart in this version. Rather than write in a way
// that differs (following a reparse point, losing the lock, leaving a
// temp name), every change is refused with this sentence, and the gate
// says the same.
const windowsWritesRefused = "writing is not supported on Windows yet: repo_edit, repo_insert and repo_write refuse here (nothing was changed); the reading tools (repo_tree, repo_find, repo_grep, repo_read_file, repo_git) work — make the change with another tool, or run repox on Linux or macOS"

// Target is a file as the write tools would reach it; on Windows none is
// ever made.
type Target struct {
	shown       string
	missingDirs []string
}

// Target refuses: writing is not supported on Windows yet.
func (r *Root) Target(rel string, mkdirs bool) (*Target, error) {
	return nil, words.Refusef("%s: %s", words.DisplayPath(rel), windowsWritesRefused)
}

func (t *Target) refusal() error { return words.Refusef("%s: %s", t.shown, windowsWritesRefused) }

// File is the target's open file; on Windows none is ever opened.
type File struct{ t *Target }

// The methods of the Unix write path, each refusing as Target does.

func (t *Target) MissingDirs() []string                             { return t.missingDirs }
func (t *Target) Close()                                            {}
func (t *Target) Inspect(max int) (*State, error)                   { return nil, t.refusal() }
func (t *Target) OpenFile() (*File, error)                          { return nil, t.refusal() }
func (t *Target) Create(content []byte) error                       { return t.refusal() }
func (t *Target) Replace(content []byte, old *State, f *File) error { return t.refusal() }
func (f *File) Close()                                              {}
func (f *File) Lock(ctx context.Context) error                      { return f.t.refusal() }
func (f *File) Unlock()                                             {}
func (f *File) Load(max int) (*State, error)                        { return nil, f.t.refusal() }
