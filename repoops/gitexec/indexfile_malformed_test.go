package gitexec

import (
	"encoding/binary"
	"io"
	"math"
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

// Extensions: one whose signature starts with an upper-case letter, 'A'
// to 'Z' both included, is optional and skipped; any other first byte
// (the split index's "link", or a byte just outside the range) changes
// what the entries mean, so the index is refused.
func TestParseIndexExtensionSignatures(t *testing.T) {
	entry := handEntry(5, pad("a.txt"))
	ext := func(sig string) []byte {
		return binary.BigEndian.AppendUint32([]byte(sig), 3) // three bytes of data follow
	}
	for _, c := range []struct {
		sig  string
		read bool
	}{{"AEXT", true}, {"ZEXT", true}, {"TREE", true}, {"@EXT", false}, {"[EXT", false}, {"link", false}, {"sdir", false}} {
		tr, _, ok := parseIndex(handIndex(2, 1, entry, ext(c.sig), []byte("xyz")), "")
		if ok != c.read || ok && (tr.Len() != 1 || tr.Path(0) != "a.txt") {
			t.Errorf("an extension signed %q: read %v; want %v", c.sig, ok, c.read)
		}
	}
}

// The body must end exactly where the last extension does: bytes too few
// to be an extension's header (here 1 to 7) are a malformed index.
func TestParseIndexRefusesAnUnevenEnd(t *testing.T) {
	entry := handEntry(5, pad("a.txt"))
	if _, _, ok := parseIndex(handIndex(2, 1, entry), ""); !ok {
		t.Fatal("the well-formed index was refused")
	}
	for n := 1; n < 8; n++ {
		if _, _, ok := parseIndex(handIndex(2, 1, entry, []byte(strings.Repeat("A", n))), ""); ok {
			t.Errorf("%d stray bytes after the entries: read; want refused", n)
		}
	}
}

// indexVarint reads what git writes, up to nine bytes (63 bits); a tenth
// byte, or a varint that runs past its buffer, is malformed (n = 0) and
// never read beyond the buffer's end.
func TestIndexVarintReadsGitsFormAndStopsAtItsBounds(t *testing.T) {
	for _, v := range []int{0, 1, 127, 128, 16511, 16512, 1 << 20, 1 << 35, 1 << 49, 1 << 56, 1<<62 + 12345} {
		enc := appendIndexVarint(nil, v)         // git's encode_varint
		got, n := indexVarint(append(enc, 0xAA)) // a byte after it is not read
		if got != v || n != len(enc) {
			t.Errorf("indexVarint(% x) = %d, %d; want %d, %d", enc, got, n, v, len(enc))
		}
	}
	if n := len(appendIndexVarint(nil, 1<<62+12345)); n != 9 {
		t.Fatalf("the largest value took %d bytes; want the nine-byte case", n)
	}
	if _, n := indexVarint([]byte(strings.Repeat("\x80", 9) + "\x00")); n != 0 {
		t.Errorf("a ten-byte varint read %d bytes; want it refused", n)
	}
	for cut := 1; cut <= 9; cut++ {
		if v, n := indexVarint([]byte(strings.Repeat("\x80", cut))); n != 0 {
			t.Errorf("a varint cut after %d bytes read as %d (%d bytes); want it refused", cut, v, n)
		}
	}
	if _, n := indexVarint(nil); n != 0 {
		t.Errorf("an empty buffer read %d bytes", n)
	}
	// In an index: an entry whose strip varint runs into the trailer.
	if _, _, ok := parseIndex(handIndex(4, 1, handEntry(2, "\x80\x80")), ""); ok {
		t.Error("a v4 entry whose varint runs to the body's end was read")
	}
}

// indexNamesRoom: the paths seen so far scaled to the whole count, an
// eighth to spare, within maxNames; for versions 2 and 3 also within what
// the file holds besides the entries' 62-byte headers; never less than
// what is already held.
func TestIndexNamesRoom(t *testing.T) {
	const count, seen, names = 4096, 2048, 1000 // 2000 expected, 2250 with the eighth
	roomy := int64(1 << 30)
	headers := int64(12 + 20 + 62*count)
	for _, c := range []struct {
		name     string
		version  uint32
		size     int64
		maxNames int64
		want     int
	}{
		{"scaled, an eighth to spare", 2, roomy, roomy, 2250},
		{"version 4 scaled alike", 4, roomy, roomy, 2250},
		{"within maxNames", 2, roomy, 2100, 2100},
		{"within the file, v2", 2, headers + 1500, roomy, 1500},
		{"within the file, v3", 3, headers + 1500, roomy, 1500},
		{"v4 paths are not in the file whole", 4, headers + 1500, roomy, 2250},
		{"never below what is held", 2, headers + 500, roomy, names},
		{"never below what is held, maxNames", 4, roomy, 10, names},
	} {
		if got := indexNamesRoom(c.version, c.size, count, seen, names, c.maxNames); got != c.want {
			t.Errorf("%s: indexNamesRoom = %d; want %d", c.name, got, c.want)
		}
	}
}

// lazyReader serves head, then reads that leave the buffer as it was
// (the bytes of an extension the parser skips unread), up to n in all.
type lazyReader struct {
	head []byte
	n    int64
}

func (r *lazyReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n)
	copy(p[:k], r.head)
	r.head = r.head[min(int64(len(r.head)), k):]
	r.n -= k
	return int(k), nil
}

// An index is read up to math.MaxInt32 bytes, that size included (the
// paths' offsets are int32); one byte more is refused unread. The body
// here is an empty index and one optional extension filling the rest.
func TestParseIndexSizeCeilingIsExact(t *testing.T) {
	for _, c := range []struct {
		size int64
		read bool
	}{{math.MaxInt32, true}, {math.MaxInt32 + 1, false}} {
		head := handIndex(2, 0)[:12]
		head = binary.BigEndian.AppendUint32(append(head, "AEXT"...), uint32(c.size-12-8-20))
		r := &lazyReader{head: head, n: c.size - 20}
		if _, _, ok := parseIndexWindow(r, c.size, "", 1<<20, 64<<10); ok != c.read {
			t.Errorf("an index of %d bytes: read %v; want %v", c.size, ok, c.read)
		}
	}
}
