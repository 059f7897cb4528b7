package gitexec

import (
	"bytes"
	"encoding/binary"
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
	return parseIndex(readOuter(filepath.Join(g.gitDir, "index"), max), prefix)
}

// parseIndex is readIndexFile's reading of the index file's bytes, for the
// paths under prefix (empty, or a folder with its slash). The bytes are the
// repository's: anything it does not know gives ok false, never a panic
// (FuzzParseIndex).
func parseIndex(data []byte, prefix string) (t *Tracked, links []string, ok bool) {
	if len(data) < 12+20 || string(data[:4]) != "DIRC" {
		return nil, nil, false
	}
	version := binary.BigEndian.Uint32(data[4:])
	count := int(binary.BigEndian.Uint32(data[8:]))
	if version < 2 || version > 4 || count > len(data)/62 {
		return nil, nil, false
	}
	body := data[:len(data)-20] // the SHA-1 trailer
	b := newTrackedBuilder(len(data)/2, count)
	var path []byte
	off := 12
	for range count {
		start := off
		if off+62 > len(body) {
			return nil, nil, false
		}
		mode := binary.BigEndian.Uint32(body[off+24:])
		flags := binary.BigEndian.Uint16(body[off+60:])
		p := off + 62
		if flags&0x4000 != 0 { // extended flags (version 3 and later)
			if version < 3 || p+2 > len(body) {
				return nil, nil, false
			}
			if binary.BigEndian.Uint16(body[p:])&(1<<14) != 0 { // a sparse-directory entry
				return nil, nil, false
			}
			p += 2
		}
		if version == 4 {
			strip, n := indexVarint(body[p:])
			if n <= 0 || strip > len(path) {
				return nil, nil, false
			}
			p += n
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, nil, false
			}
			path = append(path[:len(path)-strip], body[p:p+end]...)
			off = p + end + 1
		} else {
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, nil, false
			}
			path = append(path[:0], body[p:p+end]...)
			// NUL-padded to a multiple of eight bytes, at least one NUL.
			off = start + (p-start+end+8)&^7
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
	for off+8 <= len(body) {
		sig := body[off : off+4]
		size := int(binary.BigEndian.Uint32(body[off+4:]))
		if sig[0] < 'A' || sig[0] > 'Z' || size < 0 || off+8+size > len(body) {
			return nil, nil, false
		}
		off += 8 + size
	}
	if off != len(body) {
		return nil, nil, false
	}
	t, links = b.done()
	return t, links, true
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
