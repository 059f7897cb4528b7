//go:build linux

package rootfs

import (
	"bytes"
	"encoding/binary"
	"strings"

	"golang.org/x/sys/unix"
)

// presenceDense is how many paths of one folder make reading its names
// cheaper than one fstatat each.
const presenceDense = 4

// ExistAll answers Exists for every path of rels, calling keep(i, ok) for
// each in order. A folder with presenceDense or more of the paths is answered from one
// read of its names (getdents, through a folder opened the way Exists
// opens it) instead of one fstatat per path: a name the folder lists is
// what fstatat without following would find. A folder far larger than the
// paths asked in it stops being read part-way, and the paths not found by
// then get Exists' own answer, so the cost stays within a small factor of
// the per-path checks.
func (p *Presence) ExistAll(rels []string, keep func(i int, ok bool)) {
	ok := make([]bool, len(rels))
	done := make([]bool, len(rels))
	// The paths by folder, folders in the order first met.
	var dirs []string
	groups := map[string][]int{}
	for i, rel := range rels {
		d := dirOf(rel)
		g, seen := groups[d]
		if !seen {
			dirs = append(dirs, d)
		}
		groups[d] = append(g, i)
	}
	want := map[string]int{}
	var buf []byte
	for _, d := range dirs {
		g := groups[d]
		if len(g) < presenceDense {
			continue
		}
		if buf == nil {
			buf = make([]byte, 32<<10)
		}
		p.readNames(d, rels, g, ok, done, want, buf)
	}
	for i, rel := range rels {
		if !done[i] {
			ok[i] = p.Exists(rel)
		}
		keep(i, ok[i])
	}
}

func dirOf(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}

// readNames marks (ok and done) the paths rels[g...] of the folder dir
// that its listing holds, until every one is found, the listing ends, or
// too much of it was read for the paths asked. A path it does not mark is
// left to Exists.
func (p *Presence) readNames(dir string, rels []string, g []int, ok, done []bool, want map[string]int, buf []byte) {
	dfd, oc := p.fr.enterDir(dir)
	if oc != ScanRead {
		return
	}
	// The Scanner's own folder fds are only ever used as openat/fstatat
	// bases, so their offset is free: read the names from the start. The
	// root's fd is shared: read it through a fresh one.
	fd := dfd
	if dir == "" {
		var err error
		if fd, err = openat(dfd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC); err != nil {
			return
		}
		defer unix.Close(fd)
	} else if _, err := unix.Seek(fd, 0, 0); err != nil {
		return
	}
	clear(want)
	for _, i := range g {
		if plainRel(rels[i]) {
			want[baseOf(rels[i])] = i
		}
	}
	left, budget := len(want), 64*len(g)+512
	for left > 0 && budget > 0 {
		n, err := unix.Getdents(fd, buf)
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
			if i, hit := want[string(name)]; hit && !done[i] {
				ok[i], done[i] = true, true
				left--
			}
			off += reclen
			budget--
		}
	}
}

func baseOf(rel string) string { return rel[strings.LastIndexByte(rel, '/')+1:] }
