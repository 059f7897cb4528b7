package gitexec

import (
	"os"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// A stamp fingerprints the files a cached git answer depends on: for each,
// present or absent, its size, mtime (ns), ctime (ns), device and inode.
// A rewrite that keeps the size and puts the mtime back still moves the
// ctime, which no unprivileged process can set.
type stamp struct {
	text string
	// newest is the latest mtime or ctime (unix ns) of the present files.
	newest int64
	// full: every present file had an inode and a ctime (not on Windows);
	// only such a stamp may be kept across processes.
	full bool
}

// stampFiles stats each path (following links, as git does).
func stampFiles(paths ...string) stamp {
	sts := make([]os.FileInfo, len(paths))
	for i, p := range paths {
		if st, err := os.Stat(p); err == nil {
			sts[i] = st
		}
	}
	return stampOf(sts)
}

// stampOf is the stamp of the files' stats, nil for a file that is absent.
func stampOf(sts []os.FileInfo) stamp {
	s := stamp{full: true}
	var b strings.Builder
	for _, st := range sts {
		if st == nil {
			b.WriteString("-;")
			continue
		}
		text, full, newest := statText(st)
		s.full = s.full && full
		s.newest = max(s.newest, newest)
		b.WriteString(text)
		b.WriteByte(';')
	}
	s.text = b.String()
	return s
}

// statText is one file's part of a stamp: size, mtime (ns), ctime (ns),
// device and inode; full says it had an inode and a ctime, newest is the
// later of its two times.
func statText(st os.FileInfo) (text string, full bool, newest int64) {
	ino, dev, ctime := rootfs.FileIDs(st)
	mtime := st.ModTime().UnixNano()
	var b strings.Builder
	for _, n := range []int64{st.Size(), mtime, ctime} {
		b.WriteString(strconv.FormatInt(n, 10))
		b.WriteByte('.')
	}
	b.WriteString(strconv.FormatUint(dev, 10))
	b.WriteByte('.')
	b.WriteString(strconv.FormatUint(ino, 10))
	return b.String(), ino != 0 || ctime != 0, max(mtime, ctime)
}

// settled reports whether no stamped file changed within racyMargin of
// start, the moment before the stamp was taken: a file changed in the same
// clock tick as the read could change again and keep its stamp, so only a
// settled stamp is kept across processes.
func (s stamp) settled(start int64) bool {
	return s.full && s.newest <= start-int64(racyMargin)
}
