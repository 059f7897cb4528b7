//go:build unix

package repoops

import (
	"crypto/sha256"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// editTarget is a file as the write tools reach it: its folder held open
// as an fd obtained from the root one component at a time with O_NOFOLLOW,
// so no symlink is ever followed and nothing outside the root is touched,
// and its name in that folder. Every later step (open, lock, temp file,
// rename, folder fsync) is relative to that fd.
type editTarget struct {
	rel   string
	shown string
	dirFd int // -1 when the folder does not exist yet
	dir   string
	name  string
	// missingDirs are the folders on the way that do not exist yet
	// (repo-relative, outermost first); only a create may make them.
	missingDirs []string
}

// openEditTarget reaches rel's folder without following symlinks. With
// mkdirs, missing folders are created (0755); without, they are listed in
// missingDirs and dirFd is -1.
func (r *Repo) openEditTarget(rel string, mkdirs bool) (*editTarget, error) {
	shown := DisplayPath(rel)
	if rel == "" {
		return nil, refusef(". is the repository root, a folder — give a file path")
	}
	t := &editTarget{rel: rel, shown: shown, dirFd: -1}
	parts := strings.Split(rel, "/")
	t.name = parts[len(parts)-1]
	t.dir = strings.Join(parts[:len(parts)-1], "/")
	cur, err := unix.Openat(int(r.dirFile.Fd()), ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, refusef("%s: the repository root cannot be opened: %v", shown, err)
	}
	for i, part := range parts[:len(parts)-1] {
		sub := strings.Join(parts[:i+1], "/")
		fd, err := unix.Openat(cur, part, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err == unix.ENOENT {
			if !mkdirs {
				unix.Close(cur)
				for j := i; j < len(parts)-1; j++ {
					t.missingDirs = append(t.missingDirs, strings.Join(parts[:j+1], "/"))
				}
				return t, nil
			}
			if err := unix.Mkdirat(cur, part, newDirMode); err != nil && err != unix.EEXIST {
				unix.Close(cur)
				return nil, refusef("%s: the folder %s cannot be created: %v", shown, DisplayPath(sub), err)
			}
			unix.Fsync(cur) // make the new folder's entry durable
			t.missingDirs = append(t.missingDirs, sub)
			fd, err = unix.Openat(cur, part, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		}
		if err != nil {
			why := describeComponent(cur, part, sub, err)
			unix.Close(cur)
			return nil, refusef("%s: %s", shown, why)
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
			return "the folder " + DisplayPath(sub) + " is a symlink; repox writes files only at their real path, never through a link"
		case unix.S_IFDIR:
		default:
			return DisplayPath(sub) + " is a file, not a folder — call repo_tree on its parent to see what is there"
		}
	}
	if err == unix.EACCES {
		return "the folder " + DisplayPath(sub) + " is not accessible (permission denied)"
	}
	return "the folder " + DisplayPath(sub) + " cannot be opened: " + err.Error()
}

func (t *editTarget) close() {
	if t.dirFd >= 0 {
		unix.Close(t.dirFd)
		t.dirFd = -1
	}
}

// openFile opens the target read-only without following a symlink and
// without blocking, after checking what the name is. A missing file
// returns errNotFound; every other problem is a refusal with its reason.
func (t *editTarget) openFile() (int, error) {
	if t.dirFd < 0 {
		return -1, errNotFound
	}
	var st unix.Stat_t
	if err := unix.Fstatat(t.dirFd, t.name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		if err == unix.ENOENT {
			return -1, errNotFound
		}
		return -1, refusef("%s cannot be inspected: %v", t.shown, err)
	}
	if err := t.kindRefusal(&st); err != nil {
		return -1, err
	}
	fd, err := unix.Openat(t.dirFd, t.name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	switch {
	case err == unix.ENOENT:
		return -1, errNotFound
	case err == unix.ELOOP:
		return -1, refusef("%s is a symlink; repox never writes through a link — edit the file it points to by its own path", t.shown)
	case err == unix.EACCES:
		return -1, refusef("%s is not readable (permission denied)", t.shown)
	case err != nil:
		return -1, refusef("%s cannot be opened: %v", t.shown, err)
	}
	return fd, nil
}

// kindRefusal refuses anything but a singly-linked regular file.
func (t *editTarget) kindRefusal(st *unix.Stat_t) error {
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
	case unix.S_IFLNK:
		target, _ := readlinkat(t.dirFd, t.name)
		if target != "" {
			return refusef("%s is a symlink (to %s); repox never writes through a link — edit the file it points to by its own path", t.shown, QuoteName(target))
		}
		return refusef("%s is a symlink; repox never writes through a link — edit the file it points to by its own path", t.shown)
	case unix.S_IFDIR:
		return refusef("%s is a folder, not a file — call repo_tree with path %q to list it", t.shown, t.shown)
	default:
		return refusef("%s is a %s, not a regular file — repox edits regular files only", t.shown, specialKind(modeOfStat(st)))
	}
	if st.Nlink > 1 {
		return refusef("%s has %d hard links; writing it would split them (the other names would keep the old content), so repox does not edit multiply-linked files — edit it with another tool", t.shown, st.Nlink)
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

// load reads an opened target whole and fingerprints it the way the read
// tool does (fstat at open, SHA-256 of every byte). It checks that the name
// still holds this file, and refuses binary, non-UTF-8 and oversize files.
func (t *editTarget) load(fd int) (*fileState, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, refusef("%s cannot be inspected: %v", t.shown, err)
	}
	if err := t.kindRefusal(&st); err != nil {
		return nil, err
	}
	var now unix.Stat_t
	if err := unix.Fstatat(t.dirFd, t.name, &now, unix.AT_SYMLINK_NOFOLLOW); err != nil || now.Ino != st.Ino || now.Dev != st.Dev {
		return nil, errReplaced
	}
	if err := t.changeRefusal(fd, &st); err != nil {
		return nil, err
	}
	content, err := preadAll(fd, editMaxBytes+1)
	if err != nil {
		return nil, refusef("%s could not be read: %v", t.shown, err)
	}
	if len(content) > editMaxBytes {
		return nil, refusef("%s is over %s bytes (%s); repox edits smaller files only", t.shown, Commas(editMaxBytes), SizeText(editMaxBytes))
	}
	if looksBinary(content) {
		return nil, refusef("%s is a binary file (a NUL byte in its first %s bytes); repox edits text files only", t.shown, Commas(binarySniffLen))
	}
	if !utf8.Valid(content) {
		return nil, refusef("%s is not valid UTF-8; repox edits UTF-8 text only, because writing it back would replace the invalid bytes — edit it with another tool", t.shown)
	}
	fs := &fileState{Exists: true, Content: content, Perm: uint32(st.Mode & 0o7777), Uid: st.Uid, Gid: st.Gid}
	fs.FP = fingerprintOfStat(&st)
	fs.FP.SHA256 = sha256.Sum256(content)
	return fs, nil
}

// preadAll reads a file from its start (whatever the fd's offset) up to
// max bytes.
func preadAll(fd int, max int) ([]byte, error) {
	var out []byte
	buf := make([]byte, 64<<10)
	for len(out) < max {
		n, err := unix.Pread(fd, buf, int64(len(out)))
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

// fingerprintOfStat matches fingerprintOf for a raw stat.
func fingerprintOfStat(st *unix.Stat_t) Fingerprint {
	return Fingerprint{
		Size:    st.Size,
		MtimeNs: st.Mtim.Sec*1e9 + st.Mtim.Nsec,
		CtimeNs: st.Ctim.Sec*1e9 + st.Ctim.Nsec,
		Inode:   uint64(st.Ino),
		Dev:     uint64(st.Dev),
	}
}

// inspect reads the target's current state without locking or writing:
// Exists is false for a missing file.
func (t *editTarget) inspect() (*fileState, error) {
	for try := 1; ; try++ {
		fd, err := t.openFile()
		if err == errNotFound {
			return &fileState{}, nil
		}
		if err != nil {
			return nil, err
		}
		fs, err := t.load(fd)
		unix.Close(fd)
		if err == errReplaced && try < 3 {
			continue // replaced (by a concurrent write) between open and check: look at what the name holds now
		}
		if err == errReplaced {
			return nil, refusef("%s was replaced while it was being read — try again", t.shown)
		}
		return fs, err
	}
}
