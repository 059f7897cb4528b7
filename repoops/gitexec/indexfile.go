package gitexec

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"os"
	"path/filepath"
)

// readIndexFile reads the tracked paths and gitlinks from the git folder's
// index file itself, as `git ls-files -z --stage` run in the repox root
// would list them (paths under the root, relative to it, in index order),
// without starting git: the explorer's first rows wait on this read, and
// git printing a 92k-entry index with its object ids takes longer than
// reading the file. ok is false for every form this reader does not take,
// and then git is asked: an index that is missing, not a regular file or
// over max bytes, a version other than 2, 3 or 4, a repository whose
// objects are not SHA-1, an index that is split or sparse (it would need
// other files or trees), any required extension, and anything malformed.
func (g *Runner) readIndexFile(c *gitConfig, max int64) (t *Tracked, links []string, ok bool) {
	if c.objectFormat != "" && c.objectFormat != "sha1" {
		return nil, nil, false
	}
	prefix := ""
	if g.prefix != "" {
		prefix = g.prefix + "/"
	}
	f, size := openOuter(filepath.Join(g.gitDir, "index"), max)
	if f == nil {
		return nil, nil, false
	}
	defer f.Close()
	return parseIndexFrom(bufio.NewReaderSize(f, indexReadBuf), size, prefix)
}

// indexReadBuf is the read buffer of the index file: the file is read
// through it, never held whole (92k entries are 10 MB, their paths less
// than half of it), and a path longer than it is left to git.
const indexReadBuf = 64 << 10

// openOuter opens a regular file (never through a symlink at its last
// name) of at most max bytes, by readOuter's rules; its size is the open
// file's own, so a rename over the name meanwhile changes nothing read.
func openOuter(abs string, max int64) (*os.File, int64) {
	lst, err := os.Lstat(abs)
	if err != nil || !lst.Mode().IsRegular() {
		return nil, 0
	}
	f, err := os.Open(abs)
	if err != nil {
		return nil, 0
	}
	st, err := f.Stat()
	if err != nil || !os.SameFile(lst, st) || st.Size() > max || st.Size() == 0 {
		f.Close()
		return nil, 0
	}
	return f, st.Size()
}

// parseIndex is readIndexFile's reading of the index file's bytes, for the
// paths under prefix (empty, or a folder with its slash). The bytes are the
// repository's: anything it does not know gives ok false, never a panic
// (FuzzParseIndex).
func parseIndex(data []byte, prefix string) (t *Tracked, links []string, ok bool) {
	return parseIndexFrom(bufio.NewReaderSize(bytes.NewReader(data), indexReadBuf), int64(len(data)), prefix)
}

// parseIndexFrom is parseIndex on the size bytes that r reads.
func parseIndexFrom(r *bufio.Reader, size int64, prefix string) (t *Tracked, links []string, ok bool) {
	var hdr [64]byte
	if size < 12+20 || size > math.MaxInt32 {
		return nil, nil, false
	}
	if _, err := io.ReadFull(r, hdr[:12]); err != nil || string(hdr[:4]) != "DIRC" {
		return nil, nil, false
	}
	version := binary.BigEndian.Uint32(hdr[4:])
	count := int(binary.BigEndian.Uint32(hdr[8:]))
	if version < 2 || version > 4 || int64(count) > size/62 {
		return nil, nil, false
	}
	body := size - 20 // the SHA-1 trailer follows the body
	pos := int64(12)
	// take reads the next n bytes of the body into hdr.
	take := func(n int) bool {
		if pos+int64(n) > body {
			return false
		}
		if _, err := io.ReadFull(r, hdr[:n]); err != nil {
			return false
		}
		pos += int64(n)
		return true
	}
	b := newTrackedBuilder(int(size/2), count)
	var path []byte
	for range count {
		start := pos
		if !take(62) {
			return nil, nil, false
		}
		mode := binary.BigEndian.Uint32(hdr[24:])
		flags := binary.BigEndian.Uint16(hdr[60:])
		if flags&0x4000 != 0 { // extended flags (version 3 and later)
			if version < 3 || !take(2) {
				return nil, nil, false
			}
			if binary.BigEndian.Uint16(hdr[:])&(1<<14) != 0 { // a sparse-directory entry
				return nil, nil, false
			}
		}
		strip := 0
		if version == 4 {
			var n int
			strip, n = readIndexVarint(r, body-pos)
			if n <= 0 || strip > len(path) {
				return nil, nil, false
			}
			pos += int64(n)
		}
		name, err := r.ReadSlice(0)
		if err != nil || pos+int64(len(name)) > body {
			return nil, nil, false // no NUL before the body's end, or a name over the buffer
		}
		pos += int64(len(name))
		name = name[:len(name)-1]
		if version == 4 {
			path = append(path[:len(path)-strip], name...)
		} else {
			path = append(path[:0], name...)
			// NUL-padded to a multiple of eight bytes, at least one NUL.
			end := start + (pos-start+7)&^7
			if end > body {
				return nil, nil, false
			}
			if _, err := r.Discard(int(end - pos)); err != nil {
				return nil, nil, false
			}
			pos = end
		}
		if !cleanIndexPath(path) {
			return nil, nil, false // git would call the index corrupt: let it say so
		}
		rel, under := bytes.CutPrefix(path, []byte(prefix))
		if !under || len(rel) == 0 {
			continue
		}
		b.add(rel, mode == 0o160000)
	}
	// Extensions: an optional one starts with 'A'..'Z'; any other (the
	// split index's "link", the sparse index's "sdir") changes what the
	// entries mean.
	for pos+8 <= body {
		if !take(8) {
			return nil, nil, false
		}
		sig := hdr[:4]
		n := int64(binary.BigEndian.Uint32(hdr[4:]))
		if sig[0] < 'A' || sig[0] > 'Z' || pos+n > body {
			return nil, nil, false
		}
		if _, err := r.Discard(int(n)); err != nil {
			return nil, nil, false
		}
		pos += n
	}
	if pos != body {
		return nil, nil, false
	}
	t, links = b.done()
	return t, links, true
}

// readIndexVarint is indexVarint read from r, at most room bytes.
func readIndexVarint(r *bufio.Reader, room int64) (v, n int) {
	var buf [10]byte
	for n < len(buf) && int64(n) < room {
		c, err := r.ReadByte()
		if err != nil {
			return 0, 0
		}
		buf[n] = c
		n++
		if c&128 == 0 {
			return indexVarint(buf[:n])
		}
	}
	return 0, 0
}

// indexVarint decodes git's offset varint (index version 4's strip
// length); n is 0 when it is malformed.
func indexVarint(b []byte) (v, n int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	v = int(c & 127)
	n = 1
	for c&128 != 0 {
		if n >= len(b) || n > 8 {
			return 0, 0
		}
		c = b[n]
		n++
		v = (v+1)<<7 | int(c&127)
	}
	return v, n
}

// cleanIndexPath is git's own rule for a path in the index: not empty, no
// leading or trailing slash, no empty, "." or ".." part, and no ".git" part
// in any case. The index is the repository's bytes; a path git would never
// have written is refused, not trusted.
func cleanIndexPath(p []byte) bool {
	if len(p) == 0 {
		return false
	}
	for part := range bytes.SplitSeq(p, []byte{'/'}) {
		if len(part) == 0 || string(part) == "." || string(part) == ".." || bytes.EqualFold(part, []byte(".git")) {
			return false
		}
	}
	return true
}
