package gitexec

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
)

// indexCursor walks the entries of an index file one at a time through a
// bounded window (indexWindow): what is held is the window and the one
// path, never the table, so a pass over a million entries costs the same
// memory as one over ten. Every rule of the direct read is here (the
// header, each entry, clean paths, the bound on the paths' bytes, the
// extensions after the entries); parseIndexWindow builds its Tracked
// table from it and IndexStream's passes stream from it.
type indexCursor struct {
	w        *indexWindow
	version  uint32
	count    int // entries in the file
	i        int // entries read
	prefix   []byte
	maxNames int64
	names    int64  // bytes of the paths under prefix so far, a NUL each
	path     []byte // the entry's whole path
	rel      []byte // the entry's path under prefix (a part of path)
	gitlink  bool
	bad      bool // the file is not one this reader takes
	ended    bool // every entry and the extensions were read
}

// newIndexCursor reads the header of the size bytes r reads; ok is false
// for a file the direct read does not take (see readIndexFile).
func newIndexCursor(r io.Reader, size int64, prefix string, maxNames int64, window int) (*indexCursor, bool) {
	if prefix != "" && prefix[len(prefix)-1] != '/' {
		return nil, false // "sub" would make "sub-x/y" the path "-x/y"
	}
	if size < 12+20 || size > math.MaxInt32 {
		return nil, false
	}
	w := &indexWindow{r: r, buf: make([]byte, 0, min(int64(window), size)), left: size - 20} // the SHA-1 trailer follows the body
	if !w.need(12) || string(w.buf[:4]) != "DIRC" {
		return nil, false
	}
	version := binary.BigEndian.Uint32(w.buf[4:])
	count := int(binary.BigEndian.Uint32(w.buf[8:]))
	if version < 2 || version > 4 || int64(count) > size/62 {
		return nil, false
	}
	w.off = 12
	return &indexCursor{w: w, version: version, count: count, prefix: []byte(prefix), maxNames: min(maxNames, math.MaxInt32)}, true // offsets into the paths are int32
}

// next moves to the next entry under the prefix: false at the end of the
// entries or on the first thing this reader does not take (then ok says
// which). rel and path are valid until the next call.
func (c *indexCursor) next() bool {
	for !c.bad && c.i < c.count {
		var mode uint32
		var ok bool
		c.i++
		if c.path, mode, ok = c.w.entry(c.version, c.path); !ok || !cleanIndexPath(c.path) {
			c.bad = true // git would call the index corrupt: let it say so
			return false
		}
		rel, under := bytes.CutPrefix(c.path, c.prefix)
		if !under || len(rel) == 0 {
			continue
		}
		if c.names += int64(len(rel)) + 1; c.names > c.maxNames {
			c.bad = true
			return false
		}
		c.rel, c.gitlink = rel, mode == 0o160000
		return true
	}
	if !c.bad && !c.ended {
		c.ended = true
		c.bad = !c.w.skipExtensions() || c.w.left != 0 || c.w.off != len(c.w.buf)
	}
	return false
}

// ok reports, once next has returned false, whether the whole file was
// read and taken.
func (c *indexCursor) ok() bool { return c.ended && !c.bad }
