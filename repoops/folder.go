package repoops

import (
	"context"
	"io/fs"
	"strings"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// Folder is a folder a face fills with files of its own: the demo
// repository that `repox demo` writes, and reads back for its tour. It is
// not a tool (no model names a path here, so no gate applies), but every
// access goes through the disk door under the write tools' rules, because
// the folder may be one a person was handed:
//
//   - every folder on a path is entered one component at a time with
//     O_NOFOLLOW (rootfs.Target), so no link is followed, on the way or
//     at the name, and nothing outside the folder is read or written;
//   - only a regular, singly linked file this process may change is read
//     or replaced; a FIFO, socket or device is opened without blocking,
//     refused and never read;
//   - a write is atomic: a new file appears whole, an old one is replaced
//     by a rename that keeps its owner, group and mode.
//
// Paths are '/'-separated and relative to the folder, with no empty, "."
// or ".." part and no part git treats as .git. On Windows, where the door
// writes nothing yet, every read and write is refused as the write tools
// are.
type Folder struct {
	fs *rootfs.Root
}

// OpenFolder opens the existing folder at the absolute path dir.
func OpenFolder(dir string) (*Folder, error) {
	root, err := rootfs.Open(dir)
	if err != nil {
		return nil, err
	}
	return &Folder{fs: root}, nil
}

// Close releases the folder.
func (f *Folder) Close() error { return f.fs.Close() }

// folderPath refuses a path a Folder does not take.
func folderPath(rel string) error {
	if !fs.ValidPath(rel) || rel == "." {
		return refusef("%s is not a plain path inside the folder (relative, '/'-separated, no empty, . or .. part)", QuoteName(rel))
	}
	for part := range strings.SplitSeq(rel, "/") {
		if isGitDirName(part) {
			return refusef("%s lies in git's storage, which repox never writes", DisplayPath(rel))
		}
	}
	return nil
}

// kindRefusal says, in the words of a folder of the face's own files,
// why rel is never read or written: a link, a folder, a special file.
// It only words the refusal; the door's checks (Target) hold whatever the
// name turns into after this look. A name it cannot look at (missing, or
// behind a folder link the door refuses in its own words) passes.
func (f *Folder) kindRefusal(rel string) error {
	st, err := f.fs.Lstat(rel)
	if err != nil {
		return nil
	}
	shown := DisplayPath(rel)
	switch m := st.Mode(); {
	case m&fs.ModeSymlink != 0:
		return refusef("%s is a symlink; nothing in this folder is read or written through a link", shown)
	case m.IsDir():
		return refusef("%s is a folder, not a file", shown)
	case !m.IsRegular():
		return refusef("%s is a %s, not a regular file: it is never opened so that it could block, nor read", shown, SpecialKind(m))
	}
	return nil
}

// ReadFile reads the regular file rel whole, when it holds at most max
// bytes. A missing file (or folder on the way) is an error that
// errors.Is(err, fs.ErrNotExist) recognises; a link, a hard-linked or
// special file, or a longer file is refused in words.
func (f *Folder) ReadFile(rel string, max int) ([]byte, error) {
	if err := folderPath(rel); err != nil {
		return nil, err
	}
	if err := f.kindRefusal(rel); err != nil {
		return nil, err
	}
	t, err := f.fs.Target(rel, false)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	st, err := t.Inspect(max)
	if err != nil {
		return nil, err
	}
	if !st.Exists {
		return nil, &fs.PathError{Op: "read", Path: DisplayPath(rel), Err: fs.ErrNotExist}
	}
	if len(st.Content) > max {
		return nil, refusef("%s is larger than %s, more than it should hold", DisplayPath(rel), SizeText(max))
	}
	return st.Content, nil
}

// WriteFile makes rel hold content: a new file (mode rootfs.NewFileMode,
// less the umask), with any missing folders, or the existing regular file
// replaced whole under its lock, keeping its mode.
func (f *Folder) WriteFile(ctx context.Context, rel string, content []byte) error {
	if err := folderPath(rel); err != nil {
		return err
	}
	if err := f.kindRefusal(rel); err != nil {
		return err
	}
	t, err := f.fs.Target(rel, true)
	if err != nil {
		return err
	}
	defer t.Close()
	file, err := t.OpenFile()
	if err == rootfs.ErrNotFound {
		return t.Create(content)
	}
	if err != nil {
		return err
	}
	defer file.Close()
	if err := file.Lock(ctx); err != nil {
		return err
	}
	defer file.Unlock()
	// Replace keeps the old file's identity, not its bytes: read one.
	st, err := file.Load(0)
	if err == rootfs.ErrReplaced {
		return refusef("%s was replaced while it was being written — nothing was written; try again", DisplayPath(rel))
	}
	if err != nil {
		return err
	}
	return t.Replace(content, st, file)
}

// MkdirAll makes the folder rel and any missing folder on its way (mode
// rootfs.NewDirMode, less the umask); a folder already there is kept.
func (f *Folder) MkdirAll(rel string) error {
	if err := folderPath(rel); err != nil {
		return err
	}
	// A Target reaches, and with mkdirs makes, the folders on the way to
	// a name; the name itself is never opened.
	t, err := f.fs.Target(rel+"/.repox-mkdir", true)
	if err != nil {
		return err
	}
	t.Close()
	return nil
}
