package repoops

import (
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// editMaxBytes caps a file the write tools read or produce (8 MiB).
const editMaxBytes = 8 << 20

// fileState is a file's bytes and identity as the write tools saw them.
type fileState = rootfs.State

// openEditTarget reaches rel for the write tools (rootfs.Target: its
// folder held open, no link followed).
func (r *Repo) openEditTarget(rel string, mkdirs bool) (*rootfs.Target, error) {
	return r.fs.Target(rel, mkdirs)
}

// inspectTarget is the target's current state by the write tools' rules
// (Exists is false for a missing file).
func inspectTarget(t *rootfs.Target, shown string) (*fileState, error) {
	st, err := t.Inspect(editMaxBytes)
	if err != nil {
		return nil, err
	}
	if st.Exists {
		if err := editableContent(shown, st.Content); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// loadTarget reads the open, locked file by the write tools' rules.
func loadTarget(f *rootfs.File, shown string) (*fileState, error) {
	st, err := f.Load(editMaxBytes)
	if err != nil {
		return nil, err
	}
	if err := editableContent(shown, st.Content); err != nil {
		return nil, err
	}
	return st, nil
}

// editableContent refuses what the write tools never change: oversize,
// binary and non-UTF-8 files.
func editableContent(shown string, content []byte) error {
	if len(content) > editMaxBytes {
		return refusef("%s is over %s bytes (%s); repox edits smaller files only", shown, Commas(editMaxBytes), SizeText(editMaxBytes))
	}
	if looksBinary(content) {
		return refusef("%s is a binary file (a NUL byte in its first %s bytes); repox edits text files only", shown, Commas(binarySniffLen))
	}
	if !utf8.Valid(content) {
		return refusef("%s is not valid UTF-8; repox edits UTF-8 text only, because writing it back would replace the invalid bytes — edit it with another tool", shown)
	}
	return nil
}
