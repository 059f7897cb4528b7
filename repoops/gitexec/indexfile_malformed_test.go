package gitexec

import (
	"encoding/binary"
	"runtime"
	"strings"
	"testing"
)

// handIndex is an index of version v whose header claims count entries,
// then body as given (entries, each made by handEntry), then a zero
// trailer.
func handIndex(v, count uint32, body ...[]byte) []byte {
	d := []byte("DIRC")
	d = binary.BigEndian.AppendUint32(d, v)
	d = binary.BigEndian.AppendUint32(d, count)
	for _, b := range body {
		d = append(d, b...)
	}
	return append(d, make([]byte, 20)...)
}

// handEntry is one entry of a regular file: the 62 bytes before the name
// (the name's length in the flags), then tail as it stands in the body:
// for version 4 the strip varint, the name and its NUL; for 2 and 3 the
// name and its NUL padding, as the caller writes them.
func handEntry(nameLen int, tail string) []byte {
	e := make([]byte, 62)
	binary.BigEndian.PutUint32(e[24:], 0o100644)
	binary.BigEndian.PutUint16(e[60:], uint16(nameLen))
	return append(e, tail...)
}

// pad is a version 2 name with its NUL padding: the entry is a multiple
// of eight bytes with at least one NUL.
func pad(name string) string {
	return name + strings.Repeat("\x00", (62+len(name)+8)&^7-62-len(name))
}

// A name must end with a NUL inside the body: one that runs to the end
// of the body (here "ab" with no NUL after it, in both the padded and the
// v4 form) is a malformed index, refused, never read as a shorter path.
// The well-formed forms of the same entry are read, so the refusal is
// the NUL's doing.
func TestParseIndexRefusesANameWithoutItsNUL(t *testing.T) {
	for _, c := range []struct {
		v    uint32
		good string
	}{{2, pad("ab")}, {4, "\x00ab\x00"}} {
		if tr, _, ok := parseIndex(handIndex(c.v, 1, handEntry(2, c.good)), ""); !ok || tr.Len() != 1 || tr.Path(0) != "ab" {
			t.Fatalf("version %d: the well-formed entry was not read as ab", c.v)
		}
		bad := "ab"
		if c.v == 4 {
			bad = "\x00ab"
		}
		if tr, _, ok := parseIndex(handIndex(c.v, 1, handEntry(2, bad)), ""); ok {
			t.Errorf("version %d: a name without its NUL was read, as %d paths", c.v, tr.Len())
		}
	}
}

// The smallest index is its 12-byte header and 20-byte trailer, no
// entries (git writes it for an empty index): it reads as no paths.
// Anything shorter is refused, never a panic.
func TestParseIndexSizeFloor(t *testing.T) {
	empty := handIndex(2, 0)
	if len(empty) != 32 {
		t.Fatalf("the empty index is %d bytes", len(empty))
	}
	if tr, _, ok := parseIndex(empty, ""); !ok || tr.Len() != 0 {
		t.Errorf("the 32-byte empty index: ok %v; want it read, with no paths", ok)
	}
	for n := range 32 {
		if _, _, ok := parseIndex(empty[:n], ""); ok {
			t.Errorf("an index of %d bytes was read", n)
		}
	}
}

// Version 4 writes a path as how much of the previous one it keeps (a
// varint of how many bytes to strip) plus what it adds: a strip longer
// than the previous path, or a varint that does not end, is malformed and
// refused. The same entry with a strip of 0 is read.
func TestParseIndexRefusesBadV4Strips(t *testing.T) {
	if _, _, ok := parseIndex(handIndex(4, 1, handEntry(2, "\x00ab\x00")), ""); !ok {
		t.Fatal("the well-formed v4 entry was refused")
	}
	for name, tail := range map[string]string{
		"a strip past the previous path": "\x05ab\x00",
		"a varint that does not end":     strings.Repeat("\x80", 10) + "ab\x00",
	} {
		if tr, _, ok := parseIndex(handIndex(4, 1, handEntry(2, tail)), ""); ok {
			t.Errorf("%s: read, as %d paths", name, tr.Len())
		}
	}
}

// maxNames bounds the paths' bytes, each path with its NUL: "a.txt" and
// "b/c.txt" take 6 + 8 = 14, so a bound of 14 reads them and 13 refuses.
func TestParseIndexNamesBoundIsExact(t *testing.T) {
	data := handIndex(2, 2, handEntry(5, pad("a.txt")), handEntry(7, pad("b/c.txt")))
	size := int64(len(data))
	if tr, _, ok := parseIndexWindow(strings.NewReader(string(data)), size, "", 14, 4096); !ok || tr.Len() != 2 {
		t.Errorf("paths of 14 bytes under a bound of 14: ok %v; want both read", ok)
	}
	if _, _, ok := parseIndexWindow(strings.NewReader(string(data)), size, "", 13, 4096); ok {
		t.Error("paths of 14 bytes under a bound of 13 were read")
	}
}

// The header's entry count is the repository's to write: one claiming
// more entries than the file can hold (each takes at least 62 bytes) is
// refused before anything is sized by it. Here 16M entries in 300 KB
// (two entries, then zeros): sized by the count, the refusal would cost
// 64 MB of offsets.
func TestParseIndexSizesNothingByAClaimedCount(t *testing.T) {
	data := handIndex(2, 1<<24, handEntry(5, pad("a.txt")), handEntry(7, pad("b/c.txt")), make([]byte, 300<<10))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, ok := parseIndex(data, "")
	runtime.ReadMemStats(&after)
	if ok {
		t.Fatal("an index claiming 16M entries in 300 KB was read")
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("refusing it allocated %d bytes; want no room sized by the claimed count", grew)
	}
}
