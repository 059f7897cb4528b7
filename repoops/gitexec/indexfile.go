package gitexec

import (
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
	return parseIndexFrom(f, size, prefix, max)
}

// indexReadBuf is the read buffer of the index file: the file is read
// through it, never held whole (92k entries are 10 MB, their paths less
// than half of it); it grows only for one entry longer than it.
const indexReadBuf = 64 << 10

// openOuter opens a regular file (never through a symlink at its last
// name) of at most max bytes, by readOuter's rules; its size is the open
// file's own, so a rename over the name meanwhile changes nothing read.
func openOuter(abs string, max int64) (*os.File, int64) {
	f, st, err := openRegular(abs, false, max)
	if err != nil {
		return nil, 0
	}
	if st.Size() == 0 {
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
	return parseIndexFrom(bytes.NewReader(data), int64(len(data)), prefix, math.MaxInt32)
}

// indexWindow is a sliding window on the index file's body (the bytes
// before the trailer): the parser looks at buf[off:], refilled from r.
type indexWindow struct {
	r    io.Reader
	buf  []byte
	off  int   // the parser's place in buf
	left int64 // body bytes not yet read into buf
}

// need makes n bytes from off available, growing the buffer for an entry
// longer than it; false when the body ends first.
func (w *indexWindow) need(n int) bool {
	for len(w.buf)-w.off < n {
		if w.left == 0 {
			return false
		}
		if n > cap(w.buf) {
			grown := make([]byte, len(w.buf)-w.off, int(min(max(int64(n), 2*int64(cap(w.buf))), int64(n)+w.left)))
			copy(grown, w.buf[w.off:])
			w.buf, w.off = grown, 0
		}
		rest := copy(w.buf[:cap(w.buf)], w.buf[w.off:])
		w.off = 0
		room := int64(cap(w.buf) - rest)
		k, err := io.ReadFull(w.r, w.buf[rest:rest+int(min(room, w.left))])
		w.buf = w.buf[:rest+k]
		w.left -= int64(k)
		if err != nil {
			return false
		}
	}
	return true
}

// cstring is the length of the NUL-terminated string at off (NUL not
// counted); -1 when the body or the buffer ends first.
func (w *indexWindow) cstring() int {
	for seen := 0; ; {
		if i := bytes.IndexByte(w.buf[w.off+seen:], 0); i >= 0 {
			return seen + i
		}
		seen = len(w.buf) - w.off
		if !w.need(seen + 1) {
			return -1
		}
	}
}

// skip passes n bytes of the body.
func (w *indexWindow) skip(n int64) bool {
	if have := int64(len(w.buf) - w.off); n <= have {
		w.off += int(n)
		return true
	} else {
		n -= have
	}
	w.off, w.buf = 0, w.buf[:0]
	if n > w.left {
		return false
	}
	if _, err := io.CopyN(io.Discard, w.r, n); err != nil {
		return false
	}
	w.left -= n
	return true
}

// parseIndexFrom is parseIndex on the size bytes that r reads, refusing an
// index whose paths come to more than maxNames bytes: version 4 writes a
// path as what it keeps of the one before plus what it adds, so a file of
// 200 KB can name gigabytes.
func parseIndexFrom(r io.Reader, size int64, prefix string, maxNames int64) (t *Tracked, links []string, ok bool) {
	return parseIndexWindow(r, size, prefix, maxNames, indexReadBuf)
}

// parseIndexWindow is parseIndexFrom through a buffer of window bytes
// (the tests' are small, to cross every boundary).
func parseIndexWindow(r io.Reader, size int64, prefix string, maxNames int64, window int) (t *Tracked, links []string, ok bool) {
	c, ok := newIndexCursor(r, size, prefix, maxNames, window)
	if !ok {
		return nil, nil, false
	}
	// The paths' room is sized once the first entries show how long they
	// run (indexNamesRoom), not from the file's size.
	b := newTrackedBuilder(int(min(size/2, 32<<10)), c.count)
	for c.next() {
		b.add(c.rel, c.gitlink)
		if c.i == indexSampleEntries && prefix == "" {
			b.reserve(indexNamesRoom(c.version, size, int64(c.count), int64(c.i), b.names.Len(), c.maxNames))
		}
	}
	if !c.ok() {
		return nil, nil, false
	}
	t, links = b.done()
	return t, links, true
}

// entry reads one index entry of the given version: its mode, and its
// path, which replaces path (the one before, of which version 4 keeps a
// part). A malformed entry, or a sparse-directory one, is !ok. It is
// parseIndexWindow's per-entry step, on the listing's hot path: it reuses
// path's array and allocates nothing.
func (w *indexWindow) entry(version uint32, path []byte) (_ []byte, mode uint32, ok bool) {
	// An entry's fixed part, its extended flags, v4's strip length:
	// 74 bytes at most, then the name.
	if !w.need(62) {
		return nil, 0, false
	}
	e := w.buf[w.off:]
	mode = binary.BigEndian.Uint32(e[24:])
	flags := binary.BigEndian.Uint16(e[60:])
	head := 62
	if flags&0x4000 != 0 { // extended flags (version 3 and later)
		if version < 3 || !w.need(64) {
			return nil, 0, false
		}
		e = w.buf[w.off:]
		if binary.BigEndian.Uint16(e[62:])&(1<<14) != 0 { // a sparse-directory entry
			return nil, 0, false
		}
		head = 64
	}
	w.off += head
	if version == 4 {
		w.need(10) // the varint, when the body holds it
		strip, n := indexVarint(w.buf[w.off:])
		if n <= 0 || strip > len(path) {
			return nil, 0, false
		}
		w.off += n
		end := w.cstring()
		if end < 0 {
			return nil, 0, false
		}
		path = append(path[:len(path)-strip], w.buf[w.off:w.off+end]...)
		w.off += end + 1
		return path, mode, true
	}
	end := w.cstring()
	if end < 0 {
		return nil, 0, false
	}
	path = append(path[:0], w.buf[w.off:w.off+end]...)
	// NUL-padded to a multiple of eight bytes, at least one NUL.
	if !w.skip(int64((head+end+8)&^7 - head)) {
		return nil, 0, false
	}
	return path, mode, true
}

// skipExtensions passes the extensions after the entries. An optional one
// starts with 'A'..'Z'; any other (the split index's "link", the sparse
// index's "sdir") changes what the entries mean, so it is !ok.
func (w *indexWindow) skipExtensions() bool {
	for w.need(8) {
		sig := w.buf[w.off]
		n := int64(binary.BigEndian.Uint32(w.buf[w.off+4:]))
		w.off += 8
		if sig < 'A' || sig > 'Z' || !w.skip(n) {
			return false
		}
	}
	return true
}

// indexSampleEntries is how many entries are read before the paths' room
// is sized for the whole index (indexNamesRoom); until then it grows.
const indexSampleEntries = 2048

// indexNamesRoom is the room the whole index's paths (each with its NUL)
// are expected to need, from the first seen of count entries, whose paths
// took names bytes, with an eighth to spare; never more than maxNames. In
// versions 2 and 3 every path is in the file after at least 62 bytes of
// entry header, so what the file holds besides the headers bounds them.
func indexNamesRoom(version uint32, size, count, seen int64, names int, maxNames int64) int {
	want := int64(names) * count / seen
	want = min(want+want/8, maxNames)
	if version < 4 {
		want = min(want, size-12-20-62*count)
	}
	return int(max(want, int64(names)))
}

// reserve gives the paths room for n bytes in all, exactly (Grow would
// make twice the room there is plus what is asked for): the paths so far
// are copied once into the new room, and the old buffer is dropped.
func (b *trackedBuilder) reserve(n int) {
	if n <= b.names.Cap() {
		return
	}
	old := b.names.String() // prev and the offsets stay valid: the bytes are the same
	b.names.Reset()
	b.names.Grow(n)
	b.names.WriteString(old)
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
	// Part by part, jumping between slashes with IndexByte: this runs for
	// every entry of the index (92k on the mono corpus), where splitting
	// into parts and folding each cost half of the whole read. Every bad
	// part is empty or starts with a dot; ".git" in any case is the only
	// one folding matters for, and no non-ASCII rune folds to g, i or t.
	if len(p) == 0 {
		return false
	}
	for i := 0; ; {
		if p[i] == '/' {
			return false // an empty part: a leading or double slash
		}
		if p[i] == '.' && dotPartBad(p[i:]) {
			return false
		}
		j := bytes.IndexByte(p[i:], '/')
		if j < 0 {
			return true
		}
		if i += j + 1; i == len(p) {
			return false // a trailing slash
		}
	}
}

// dotPartBad reports whether the part at the start of p (which starts
// with a dot) is ".", ".." or ".git" in any case.
func dotPartBad(p []byte) bool {
	ends := func(n int) bool { return len(p) == n || p[n] == '/' }
	switch {
	case ends(1):
		return true
	case p[1] == '.' && ends(2):
		return true
	}
	return len(p) >= 4 && p[1]|0x20 == 'g' && p[2]|0x20 == 'i' && p[3]|0x20 == 't' && ends(4)
}
