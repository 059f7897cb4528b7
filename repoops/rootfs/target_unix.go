//go:build unix

package rootfs

import (
	"crypto/sha256"
	"os"
	"strings"

	"github.com/repoxhq/repox/repoops/words"
	"golang.org/x/sys/unix"
)

// Target is a file as the write tools reach it: its folder held open
// as an fd obtained from the root one component at a time with O_NOFOLLOW,
// so no symlink is ever followed and nothing outside the root is touched,
// and its name in that folder. Every later step (open, lock, temp file,
// rename, folder fsync) is relative to that fd.
type Target struct {
	rel   string
	shown string
	dirFd int // -1 when the folder does not exist yet
	dir   string
	name  string
	// missingDirs are the folders on the way that do not exist yet
	// (repo-relative, outermost first); only a create may make them.
	missingDirs []string
	hooks       Hooks
	faults      *faultSeam // the Root's test seam
}

// Target reaches rel's folder without following symlinks. With mkdirs,
// missing folders are created (NewDirMode); without, they are listed in
// MissingDirs and the file cannot be opened. Close it when done.
func (r *Root) Target(rel string, mkdirs bool) (*Target, error) {
	shown := words.DisplayPath(rel)
	if rel == "" {
		return nil, words.Refusef(". is the repository root, a folder — give a file path")
	}
	t := &Target{rel: rel, shown: shown, dirFd: -1, hooks: r.currentHooks(), faults: &r.faults}
	parts := strings.Split(rel, "/")
	t.name = parts[len(parts)-1]
	t.dir = strings.Join(parts[:len(parts)-1], "/")
	cur, err := unix.Openat(int(r.dirFile.Fd()), ".", oFolder, 0)
	if err != nil {
		return nil, words.Refusef("%s: the repository root cannot be opened: %v", shown, err)
	}
	for i, part := range parts[:len(parts)-1] {
		sub := strings.Join(parts[:i+1], "/")
		fd, err := unix.Openat(cur, part, oFolder, 0)
		if err == unix.ENOENT {
			if !mkdirs {
				unix.Close(cur)
				for j := i; j < len(parts)-1; j++ {
					t.missingDirs = append(t.missingDirs, strings.Join(parts[:j+1], "/"))
				}
				return t, nil
			}
			if err := unix.Mkdirat(cur, part, NewDirMode); err != nil && err != unix.EEXIST {
				unix.Close(cur)
				return nil, words.Refusef("%s: the folder %s cannot be created: %v", shown, words.DisplayPath(sub), err)
			}
			unix.Fsync(cur) // make the new folder's entry durable
			t.missingDirs = append(t.missingDirs, sub)
			fd, err = unix.Openat(cur, part, oFolder, 0)
		}
		if err != nil {
			why := describeComponent(cur, part, sub, err)
			unix.Close(cur)
			return nil, words.Refusef("%s: %s", shown, why)
		}
		unix.Close(cur)
		cur = fd
	}
	t.dirFd = cur
	return t, nil
}

// describeComponent says why a folder on the way could not be entered.
func describeComponent(dirFd int, name, sub string, err error) string {
	var st unix.Stat_t
	if unix.Fstatat(dirFd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFLNK:
			return "the folder " + words.DisplayPath(sub) + " is a symlink; repox writes files only at their real path, never through a link"
		case unix.S_IFDIR:
		default:
			return words.DisplayPath(sub) + " is a file, not a folder — call repo_tree on its parent to see what is there"
		}
	}
	if err == unix.EACCES {
		return "the folder " + words.DisplayPath(sub) + " is not accessible (permission denied)"
	}
	return "the folder " + words.DisplayPath(sub) + " cannot be opened: " + err.Error()
}

// MissingDirs are the folders on the way that did not exist (repo-relative,
// outermost first): with mkdirs, the ones Target created.
func (t *Target) MissingDirs() []string { return t.missingDirs }

// Close releases the target's folder.
func (t *Target) Close() {
	if t.dirFd >= 0 {
		unix.Close(t.dirFd)
		t.dirFd = -1
	}
}

// File is the target's file, open read-only: the one a write replaces.
type File struct {
	t  *Target
	fd int
}

// Close closes the file (releasing its lock).
func (f *File) Close() { unix.Close(f.fd) }

// OpenFile opens the target read-only without following a symlink and
// without blocking, after checking what the name is. A missing file
// returns ErrNotFound; every other problem is a refusal with its reason.
func (t *Target) OpenFile() (*File, error) {
	fd, err := t.openFile()
	if err != nil {
		return nil, err
	}
	return &File{t: t, fd: fd}, nil
}

func (t *Target) openFile() (int, error) {
	if t.dirFd < 0 {
		return -1, ErrNotFound
	}
	var st unix.Stat_t
	if err := unix.Fstatat(t.dirFd, t.name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		if err == unix.ENOENT {
			return -1, ErrNotFound
		}
		return -1, words.Refusef("%s cannot be inspected: %v", t.shown, err)
	}
	if err := t.kindRefusal(&st); err != nil {
		return -1, err
	}
	fd, err := t.faults.Openat(t.dirFd, t.name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	switch {
	case err == unix.ENOENT:
		return -1, ErrNotFound
	case err == unix.ELOOP:
		return -1, words.Refusef("%s is a symlink; repox never writes through a link — edit the file it points to by its own path", t.shown)
	case err == unix.EACCES:
		return -1, words.Refusef("%s is not readable (permission denied)", t.shown)
	case err != nil:
		return -1, words.Refusef("%s cannot be opened: %v", t.shown, err)
	}
	return fd, nil
}

// kindRefusal refuses anything but a singly-linked regular file.
func (t *Target) kindRefusal(st *unix.Stat_t) error {
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
	case unix.S_IFLNK:
		target, _ := readlinkat(t.dirFd, t.name)
		if target != "" {
			return words.Refusef("%s is a symlink (to %s); repox never writes through a link — edit the file it points to by its own path", t.shown, words.QuoteName(target))
		}
		return words.Refusef("%s is a symlink; repox never writes through a link — edit the file it points to by its own path", t.shown)
	case unix.S_IFDIR:
		return words.Refusef("%s is a folder, not a file — call repo_tree with path %q to list it", t.shown, t.shown)
	default:
		return words.Refusef("%s is a %s, not a regular file — repox edits regular files only", t.shown, words.SpecialKind(modeOfStat(st)))
	}
	if st.Nlink > 1 {
		return words.Refusef("%s has %d hard links; writing it would split them (the other names would keep the old content), so repox does not edit multiply-linked files — edit it with another tool", t.shown, st.Nlink)
	}
	return nil
}

func modeOfStat(st *unix.Stat_t) os.FileMode {
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFIFO:
		return os.ModeNamedPipe
	case unix.S_IFSOCK:
		return os.ModeSocket
	case unix.S_IFCHR, unix.S_IFBLK:
		return os.ModeDevice
	}
	return os.ModeIrregular
}

func readlinkat(dirFd int, name string) (string, error) {
	buf := make([]byte, 4096)
	n, err := unix.Readlinkat(dirFd, name, buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

// Load reads the open file whole, up to max+1 bytes (a longer Content is
// over max), and fingerprints it the way the read tool does (fstat at
// open, SHA-256 of every byte). It checks that the name still holds this
// file (ErrReplaced otherwise) and that this process may change it. What
// the content may be (text, size) is the caller's rule.
func (f *File) Load(max int) (*State, error) { return f.t.load(f.fd, max) }

func (t *Target) load(fd int, max int) (*State, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, words.Refusef("%s cannot be inspected: %v", t.shown, err)
	}
	if err := t.kindRefusal(&st); err != nil {
		return nil, err
	}
	var now unix.Stat_t
	if err := unix.Fstatat(t.dirFd, t.name, &now, unix.AT_SYMLINK_NOFOLLOW); err != nil || now.Ino != st.Ino || now.Dev != st.Dev {
		return nil, ErrReplaced
	}
	if err := t.changeRefusal(fd, &st); err != nil {
		return nil, err
	}
	content, err := preadAll(t.faults, fd, max+1)
	if err != nil {
		return nil, words.Refusef("%s could not be read: %v", t.shown, err)
	}
	fs := &State{Exists: true, Content: content, Perm: uint32(st.Mode & 0o7777), Uid: st.Uid, Gid: st.Gid}
	fs.FP = fingerprintOfStat(&st)
	fs.FP.SHA256 = sha256.Sum256(content)
	return fs, nil
}

// preadAll reads a file from its start (whatever the fd's offset) up to
// max bytes.
func preadAll(sys *faultSeam, fd int, max int) ([]byte, error) {
	var out []byte
	buf := make([]byte, 64<<10)
	for len(out) < max {
		n, err := sys.Pread(fd, buf, int64(len(out)))
		if err == unix.EINTR || err == unix.EAGAIN {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			break
		}
		out = append(out, buf[:n]...)
	}
	if len(out) > max {
		out = out[:max]
	}
	return out, nil
}

// fingerprintOfStat matches FingerprintOf for a raw stat.
func fingerprintOfStat(st *unix.Stat_t) Fingerprint {
	return Fingerprint{
		Size:    st.Size,
		MtimeNs: st.Mtim.Sec*1e9 + st.Mtim.Nsec,
		CtimeNs: st.Ctim.Sec*1e9 + st.Ctim.Nsec,
		Inode:   uint64(st.Ino),
		Dev:     uint64(st.Dev),
	}
}

// Inspect reads the target's current state without locking or writing
// (Load's rules, up to max+1 bytes): Exists is false for a missing file.
func (t *Target) Inspect(max int) (*State, error) {
	for try := 1; ; try++ {
		fd, err := t.openFile()
		if err == ErrNotFound {
			return &State{}, nil
		}
		if err != nil {
			return nil, err
		}
		fs, err := t.load(fd, max)
		unix.Close(fd)
		if err == ErrReplaced && try < 3 {
			continue // replaced (by a concurrent write) between open and check: look at what the name holds now
		}
		if err == ErrReplaced {
			return nil, words.Refusef("%s was replaced while it was being read — try again", t.shown)
		}
		return fs, err
	}
}

func (r *Root) currentHooks() Hooks {
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	return r.hooks
}
