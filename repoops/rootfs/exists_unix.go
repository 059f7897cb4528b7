//go:build unix

package rootfs

import (
	"strings"

	"golang.org/x/sys/unix"
)

// Presence answers "is this path git lists still on disk?" for many paths
// at once, the way os.Root.Lstat would, at a fraction of the cost: the
// folders are opened one component at a time relative to the root's fd
// (O_NOFOLLOW, kept open while consecutive paths share them, as git's order
// makes them do) and each name costs one fstatat that does not follow a
// final symlink. A path found that way exists for os.Root too (no link on
// the way); every other answer (missing, a folder part that is a symlink,
// an error) is os.Root.Lstat's own, so the answers are exactly its answers,
// and only the rare deleted file pays its price. Not safe for concurrent use; close it when done.
type Presence struct {
	r  *Root
	fr *Scanner
}

// Presence returns a checker for many paths; Close it when done.
func (r *Root) Presence() *Presence { return &Presence{r: r, fr: r.Scanner()} }

// Close releases the folders the checker holds open.
func (p *Presence) Close() { p.fr.Close() }

// Exists reports whether the repo-relative path rel exists (a symlink
// counts as itself, wherever it points).
func (p *Presence) Exists(rel string) bool {
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i], rel[i+1:]
	}
	if !plainRel(rel) {
		return p.slow(rel) // a form git does not print: let os.Root decide
	}
	dfd, oc := p.fr.enterDir(dir)
	if oc != ScanRead {
		return p.slow(rel)
	}
	var st unix.Stat_t
	for {
		err := unix.Fstatat(dfd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		if err == unix.EINTR {
			continue
		}
		if err == nil {
			return true
		}
		return p.slow(rel)
	}
}

func (p *Presence) slow(rel string) bool {
	_, err := p.r.root.Lstat(osPath(rel))
	return err == nil
}

// plainRel reports whether rel is a clean relative path: no empty, "." or
// ".." part, no leading "/".
func plainRel(rel string) bool {
	start := 0
	for i := 0; i <= len(rel); i++ {
		if i < len(rel) && rel[i] != '/' {
			continue
		}
		if part := rel[start:i]; part == "" || part == "." || part == ".." {
			return false
		}
		start = i + 1
	}
	return true
}
