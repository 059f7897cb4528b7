//go:build unix

package rootfs

import (
	"os"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// StampAll stats each repo-relative path of rels without following a final
// link and returns their Stamps in order (the zero Stamp for one that is
// absent or cannot be reached without following a link). The folders above
// the paths are opened one component at a time relative to the root's fd
// (O_NOFOLLOW, a Scanner's stack), so a list in depth-first order costs
// about one fstatat per path: the revalidation of a kept file set. A long
// list is cut in consecutive parts stamped side by side, one Scanner each.
func (r *Root) StampAll(rels []string) []Stamp {
	out := make([]Stamp, len(rels))
	parts := min(runtime.GOMAXPROCS(0), 4, len(rels)/stampPart)
	if parts <= 1 {
		r.stampRange(rels, out)
		return out
	}
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := len(rels)*p/parts, len(rels)*(p+1)/parts
		wg.Go(func() { r.stampRange(rels[lo:hi], out[lo:hi]) })
	}
	wg.Wait()
	return out
}

// stampPart is the fewest paths worth a goroutine of their own.
const stampPart = 256

func (r *Root) stampRange(rels []string, out []Stamp) {
	sc := r.Scanner()
	defer sc.Close()
	var st unix.Stat_t
	for i, rel := range rels {
		if rel == "" {
			if err := statRetry(sc.rootFd, ".", &st); err == nil {
				out[i] = stampOfUnix(&st)
			}
			continue
		}
		if !plainRel(rel) {
			continue
		}
		dir, name := "", rel
		if j := strings.LastIndexByte(rel, '/'); j >= 0 {
			dir, name = rel[:j], rel[j+1:]
		}
		dfd, oc := sc.enterDir(dir)
		if oc != ScanRead {
			continue
		}
		if err := statRetry(dfd, name, &st); err == nil {
			out[i] = stampOfUnix(&st)
		}
	}
}

func statRetry(dfd int, name string, st *unix.Stat_t) error {
	for {
		err := unix.Fstatat(dfd, name, st, unix.AT_SYMLINK_NOFOLLOW)
		if err != unix.EINTR {
			return err
		}
	}
}

// stampOfUnix is StampOf for a raw stat: the same fields os.Lstat's
// FileInfo gives.
func stampOfUnix(st *unix.Stat_t) Stamp {
	mode := os.FileMode(st.Mode & 0o777)
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		mode |= os.ModeDir
	case unix.S_IFLNK:
		mode |= os.ModeSymlink
	}
	mt, ct := st.Mtim, st.Ctim
	return Stamp{
		Size:  st.Size,
		Mtime: int64(mt.Sec)*1e9 + int64(mt.Nsec),
		Ctime: int64(ct.Sec)*1e9 + int64(ct.Nsec),
		Ino:   uint64(st.Ino),
		Dev:   uint64(st.Dev),
		Mode:  mode,
	}
}
