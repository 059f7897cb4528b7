package gitexec

import (
	"bytes"
	"encoding/binary"
)

// parseIndexBytes is the reference for parseIndex: the same reading of an
// index held whole in memory, as repox did before it read the file through
// a window (before the window, the prefix rule it has now excepted).
// FuzzParseIndexStream holds the two to the same answers.
func parseIndexBytes(data []byte, prefix string) (t *Tracked, links []string, ok bool) {
	if prefix != "" && prefix[len(prefix)-1] != '/' {
		return nil, nil, false // "sub" would make "sub-x/y" the path "-x/y"
	}
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
