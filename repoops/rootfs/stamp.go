package rootfs

import "os"

// Stamp is what a stat says of a folder or file for a cache kept beside
// it: its size, mode, mtime and ctime (ns), device and inode. A name
// created, deleted or renamed in a folder moves the folder's mtime and
// ctime; a rewrite that puts the mtime back still moves the ctime, which
// no unprivileged process can set. The zero Stamp is "absent or
// unreadable". Compare two with ==.
type Stamp struct {
	Size, Mtime, Ctime int64
	Ino, Dev           uint64
	Mode               os.FileMode
}

// StampOf is the Stamp of a stat (a folder's, from its open fd).
func StampOf(st os.FileInfo) Stamp {
	ino, dev, ctime := FileIDs(st)
	return Stamp{Size: st.Size(), Mtime: st.ModTime().UnixNano(), Ctime: ctime, Ino: ino, Dev: dev, Mode: st.Mode() & stampModeBits}
}

// Newest is the later of the stamp's two times.
func (s Stamp) Newest() int64 { return max(s.Mtime, s.Ctime) }

// Full says the stamp has an inode and a ctime (not on Windows): only such
// a stamp shows every change.
func (s Stamp) Full() bool { return s.Ino != 0 && s.Ctime != 0 }

// stampModeBits are the mode bits a Stamp keeps: the kind and permissions.
const stampModeBits = os.ModeDir | os.ModeSymlink | os.ModePerm
