//go:build linux

package rootfs

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// presenceDense is how many paths of one folder make reading its names
// cheaper than one fstatat each.
const presenceDense = 4

// ExistAll answers Exists for every path of rels, calling keep(i, ok) for
// each in order. The paths are taken folder by folder, the folders in
// depth-first order, so each folder (and each folder above it) is opened
// once however git's order interleaves them ("a/b.c", "a/b/x", "a/b0").
// A folder with presenceDense or more of the paths is answered from one
// read of its names (getdents, through the folder opened the way Exists
// opens it) instead of one fstatat per path: a name the folder lists is
// what fstatat without following would find. A folder far larger than the
// paths asked in it stops being read part-way, and the paths not found by
// then get one fstatat each, so the cost stays within a small factor of
// the per-path checks. Every path the fast way does not find gets
// os.Root.Lstat's own answer, as in Exists.
func (p *Presence) ExistAll(rels []string, keep func(i int, ok bool)) {
	ok := make([]bool, len(rels))
	// next chains the paths of one folder (-1 ends a chain); a run of
	// paths in the same folder costs no map access.
	next := make([]int32, len(rels))
	var groups []presenceGroup
	ids := map[string]int32{}
	cur := int32(-1)
	for i, rel := range rels {
		d := dirOf(rel)
		if cur < 0 || groups[cur].dir != d {
			id, seen := ids[d]
			if !seen {
				id = int32(len(groups))
				groups = append(groups, presenceGroup{dir: d, first: -1, last: -1})
				ids[d] = id
			}
			cur = id
		}
		g := &groups[cur]
		next[i] = -1
		if g.last < 0 {
			g.first = int32(i)
		} else {
			next[g.last] = int32(i)
		}
		g.last = int32(i)
		g.n++
	}
	slices.SortFunc(groups, func(a, b presenceGroup) int {
		if a.dir == b.dir {
			return 0
		}
		if PathLess(a.dir, b.dir) {
			return -1
		}
		return 1
	})
	var (
		buf  []byte
		want map[string]int32
	)
	// Every folder this call reads is opened by it (the stack starts
	// empty) and read at most once, so each read starts at offset 0.
	p.fr.enterDir("")
	for gi := range groups {
		g := &groups[gi]
		dfd, oc := p.fr.enterDir(g.dir)
		if oc != ScanRead {
			for i := g.first; i >= 0; i = next[i] {
				ok[i] = p.slow(rels[i])
			}
			continue
		}
		if g.n >= presenceDense {
			if buf == nil {
				buf, want = make([]byte, 32<<10), map[string]int32{}
			}
			p.readNames(g, dfd, rels, next, ok, want, buf)
		}
		for i := g.first; i >= 0; i = next[i] {
			if !ok[i] {
				ok[i] = p.statIn(dfd, rels[i])
			}
		}
	}
	for i := range rels {
		keep(i, ok[i])
	}
}

// presenceGroup is the paths of one folder: a chain through next.
type presenceGroup struct {
	dir         string
	first, last int32
	n           int
}

// statIn answers Exists for rel, whose folder is open as dfd.
func (p *Presence) statIn(dfd int, rel string) bool {
	if !plainRel(rel) {
		return p.slow(rel)
	}
	var st unix.Stat_t
	for {
		err := unix.Fstatat(dfd, baseOf(rel), &st, unix.AT_SYMLINK_NOFOLLOW)
		if err == unix.EINTR {
			continue
		}
		if err == nil {
			return true
		}
		return p.slow(rel)
	}
}

func dirOf(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}

// readNames marks ok the paths of g that the listing of its folder (open
// as dfd) holds, until every one is found, the listing ends, or too much
// of it was read for the paths asked. A path it does not mark is left to
// the caller.
func (p *Presence) readNames(g *presenceGroup, dfd int, rels []string, next []int32, ok []bool, want map[string]int32, buf []byte) {
	// The Scanner's own folder fds are only ever used as openat/fstatat
	// bases, and ExistAll opens each folder it reads and reads it once, so
	// it is at its start without a seek (and were it not, a name missed is
	// only left to fstatat). The root's fd is shared: read it through a
	// fresh one.
	fd := dfd
	if g.dir == "" {
		var err error
		if fd, err = openat(dfd, ".", oFolder); err != nil {
			return
		}
		defer unix.Close(fd)
	}
	clear(want)
	for i := g.first; i >= 0; i = next[i] {
		if plainRel(rels[i]) {
			want[baseOf(rels[i])] = i
		}
	}
	// A getdents entry is ~40 bytes here; a name read costs about a fifth
	// of an fstatat, so reading stops after a few names per path asked.
	left, budget := len(want), 8*g.n+64
	for left > 0 && budget > 0 {
		n, err := unix.Getdents(fd, buf[:min(len(buf), max(4<<10, 40*budget))])
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			return
		}
		// struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
		for off := 0; off+19 <= n; {
			reclen := int(binary.NativeEndian.Uint16(buf[off+16:]))
			if reclen < 19 || off+reclen > n {
				return
			}
			name := buf[off+19 : off+reclen]
			if z := bytes.IndexByte(name, 0); z >= 0 {
				name = name[:z]
			}
			if i, hit := want[string(name)]; hit && !ok[i] {
				ok[i] = true
				left--
			}
			off += reclen
			budget--
		}
	}
}

func baseOf(rel string) string { return rel[strings.LastIndexByte(rel, '/')+1:] }
