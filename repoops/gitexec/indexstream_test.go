package gitexec

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// indexEntry is one entry for makeIndex.
type indexEntry struct {
	path string
	mode uint32
}

// makeIndex writes an index file of the given version (2, 3 or 4) as git
// does: stat data zero, every object id the same, names NUL-padded to
// eight bytes (2, 3) or prefix-compressed (4), then ext (extensions) and
// the SHA-1 trailer.
func makeIndex(version uint32, entries []indexEntry, ext []byte) []byte {
	var d []byte
	d = append(d, "DIRC"...)
	d = binary.BigEndian.AppendUint32(d, version)
	d = binary.BigEndian.AppendUint32(d, uint32(len(entries)))
	prev := ""
	for _, e := range entries {
		start := len(d)
		var head [62]byte
		binary.BigEndian.PutUint32(head[24:], e.mode)
		for i := range 20 {
			head[40+i] = 0xab
		}
		binary.BigEndian.PutUint16(head[60:], uint16(min(len(e.path), 0xfff)))
		d = append(d, head[:]...)
		if version == 4 {
			common := 0
			for common < len(prev) && common < len(e.path) && prev[common] == e.path[common] {
				common++
			}
			d = appendIndexVarint(d, len(prev)-common)
			d = append(d, e.path[common:]...)
			d = append(d, 0)
		} else {
			d = append(d, e.path...)
			for pad := 8 - (len(d)-start)%8; pad > 0; pad-- {
				d = append(d, 0)
			}
		}
		prev = e.path
	}
	d = append(d, ext...)
	sum := sha1.Sum(d)
	return append(d, sum[:]...)
}

// appendIndexVarint is git's offset varint, the inverse of indexVarint.
func appendIndexVarint(d []byte, v int) []byte {
	var b [16]byte
	i := len(b) - 1
	b[i] = byte(v & 127)
	for v >>= 7; v != 0; v >>= 7 {
		v--
		i--
		b[i] = 128 | byte(v&127)
	}
	return append(d, b[i:]...)
}

// manyEntries is n sorted paths in folders, long enough that their index
// is several windows.
func manyEntries(n int) []indexEntry {
	var out []indexEntry
	for i := range n {
		out = append(out, indexEntry{path: fmt.Sprintf("pkg%03d/internal/some/deeper/folder/file_%06d.go", i/500, i), mode: 0o100644})
	}
	return out
}

func sameParse(t *testing.T, name string, gotT *Tracked, gotL []string, gotOK bool, wantT *Tracked, wantL []string, wantOK bool) {
	t.Helper()
	if gotOK != wantOK {
		t.Fatalf("%s: ok %v, the reference says %v", name, gotOK, wantOK)
	}
	if !gotOK {
		return
	}
	g, w := trackedList(gotT), trackedList(wantT)
	if strings.Join(g, "\x00") != strings.Join(w, "\x00") || fmt.Sprint(gotT.offs) != fmt.Sprint(wantT.offs) {
		t.Fatalf("%s: %d paths %.200q, the reference has %d: %.200q", name, len(g), g, len(w), w)
	}
	if strings.Join(gotL, "\x00") != strings.Join(wantL, "\x00") {
		t.Fatalf("%s: gitlinks %q, the reference has %q", name, gotL, wantL)
	}
}

// An index several windows long, in each version, with entries longer
// than the window, gitlinks, extensions and a sub-folder prefix, reads
// as the whole-file reference reads it, through windows of any size.
func TestParseIndexThroughWindows(t *testing.T) {
	entries := manyEntries(12000)
	entries[7000].mode = 0o160000
	long := indexEntry{path: "pkg014/" + strings.Repeat("x", 300<<10), mode: 0o100644} // over one window
	entries = append(entries[:7001], append([]indexEntry{long}, entries[7001:]...)...)
	tree := append([]byte("TREE\x00\x00\x01\x00"), make([]byte, 256)...)
	big := append([]byte("UNTR\x00\x05\x00\x00"), bytes.Repeat([]byte{7}, 5<<16)...) // over one window
	for _, version := range []uint32{2, 3, 4} {
		data := makeIndex(version, entries, append(tree, big...))
		for _, prefix := range []string{"", "pkg014/", "pkg023/", "nothing/"} {
			wantT, wantL, wantOK := parseIndexBytes(data, prefix)
			if !wantOK || (prefix != "nothing/" && len(wantT.offs) == 0) {
				t.Fatalf("v%d %q: the reference read ok %v", version, prefix, wantOK)
			}
			for _, window := range []int{1, 61, 4096, indexReadBuf} {
				gotT, gotL, gotOK := parseIndexWindow(bytes.NewReader(data), int64(len(data)), prefix, 1<<30, window)
				sameParse(t, fmt.Sprintf("v%d %q window %d", version, prefix, window), gotT, gotL, gotOK, wantT, wantL, wantOK)
			}
		}
	}
}

// Version 4 compresses paths against the one before: a file of a few
// hundred KiB can name gigabytes of paths. They are held to the same bound
// as git's listing of them, so a hostile index cannot take the memory.
func TestIndexFileRefusesPathsOverTheBound(t *testing.T) {
	repotest.NeedGit(t)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	g := detectAt(t, dir)
	c, err := g.config(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// Each entry keeps the path before it and adds one byte: 3,000 entries
	// of about 70 bytes name about 4.5 MB of paths.
	var entries []indexEntry
	path := "a"
	for range 3000 {
		path += "a"
		entries = append(entries, indexEntry{path: path, mode: 0o100644})
	}
	data := makeIndex(4, entries, nil)
	if err := os.WriteFile(filepath.Join(dir, ".git", "index"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := g.readIndexFile(c, 1<<30); !ok {
		t.Fatal("the index was refused under a bound it fits")
	}
	const bound = 1 << 20
	if len(data) > bound {
		t.Fatalf("the fixture is %d bytes, over the bound itself", len(data))
	}
	if tr, _, ok := g.readIndexFile(c, bound); ok {
		t.Errorf("%d bytes of paths were read from a %d-byte index under a %d-byte bound", len(tr.names), len(data), bound)
	}
}

// The paths' room is sized from the entries, not the file: an index of
// short paths (12 bytes of 80 per entry) is read with room for about as
// many bytes as its paths take (it was half the file: three times more).
func TestIndexFileRoomIsForItsPaths(t *testing.T) {
	repotest.NeedGit(t)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	g := detectAt(t, dir)
	c, err := g.config(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	const count = 30000
	var entries []indexEntry
	for i := range count {
		entries = append(entries, indexEntry{path: fmt.Sprintf("d%03d/%06d", i/1000, i), mode: 0o100644})
	}
	data := makeIndex(2, entries, nil)
	if err := os.WriteFile(filepath.Join(dir, ".git", "index"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tr, _, ok := g.readIndexFile(c, 1<<30)
	runtime.ReadMemStats(&after)
	if !ok || len(tr.offs) != count {
		t.Fatalf("read ok %v", ok)
	}
	alloc := int(after.TotalAlloc - before.TotalAlloc)
	// The paths with an eighth to spare and what they were read into
	// before the room was sized, the offsets, the read buffer, and 64 KiB
	// for the rest.
	bound := len(tr.names)*9/8 + 2*(32<<10) + 4*count + indexReadBuf + 64<<10
	t.Logf("index %d bytes, paths %d bytes, allocated %d bytes (bound %d)", len(data), len(tr.names), alloc, bound)
	if alloc > bound {
		t.Errorf("reading %d bytes of paths from a %d-byte index allocated %d bytes, over %d", len(tr.names), len(data), alloc, bound)
	}
}

// chunkReader gives data in the short reads its pattern says: each byte
// of the pattern in turn is the next read's length (0: a read that gives
// nothing, never twice in a row), and an odd one ends the data with EOF
// alongside the last bytes instead of after them.
type chunkReader struct {
	data    []byte
	pattern []byte
	i       int
	empty   bool
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	c := byte(1)
	if len(r.pattern) > 0 {
		c = r.pattern[r.i%len(r.pattern)]
		r.i++
	}
	if c == 0 && !r.empty {
		r.empty = true
		return 0, nil
	}
	r.empty = false
	n := min(len(p), max(int(c), 1), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	if len(r.data) == 0 && c&1 == 1 {
		return n, io.EOF
	}
	return n, nil
}

// FuzzParseIndexStream: for any bytes, prefix, window and pattern of short
// reads, the windowed parser gives exactly what the whole-file reference
// gives: the same ok, paths (and their offsets) and gitlinks.
func FuzzParseIndexStream(f *testing.F) {
	if repotest.HaveGit() {
		for _, version := range []string{"2", "3", "4"} {
			dir := repotest.GitRepo(f, map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n", "sub/deep/c.txt": "c\n", "z.txt": "z\n"})
			head := repotest.Git(f, dir, "rev-parse", "HEAD")
			repotest.Git(f, dir, "update-index", "--add", "--cacheinfo", "160000,"+string(bytes.TrimSpace([]byte(head)))+",sub/module")
			if version == "3" {
				repotest.WriteFiles(f, dir, map[string]string{"new/intent.txt": "n\n"})
				repotest.Git(f, dir, "add", "-N", "new/intent.txt")
			}
			repotest.Git(f, dir, "update-index", "--index-version", version)
			data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data, "", uint16(7), []byte{3, 0, 200, 1})
			f.Add(data, "sub/", uint16(64), []byte{255})
		}
	}
	ents := []indexEntry{{"a", 0o100644}, {"b/c", 0o160000}, {"b/d", 0o100644}, {"b/d", 0o100644}, {"e/f/g", 0o100644}}
	for _, v := range []uint32{2, 3, 4} {
		f.Add(makeIndex(v, ents, []byte("TREE\x00\x00\x00\x03abcREUC\x00\x00\x00\x00")), "b/", uint16(5), []byte{1, 2, 0, 9})
		f.Add(makeIndex(v, ents, nil), "", uint16(1), []byte{})
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"+string(make([]byte, 20))), "", uint16(3), []byte{1})
	f.Add([]byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x01"+string(make([]byte, 100))), "", uint16(9), []byte{2, 5})
	f.Fuzz(func(t *testing.T, data []byte, prefix string, window uint16, pattern []byte) {
		wantT, wantL, wantOK := parseIndexBytes(data, prefix)
		r := &chunkReader{data: data, pattern: pattern}
		gotT, gotL, gotOK := parseIndexWindow(r, int64(len(data)), prefix, 1<<30, 1+int(window))
		sameParse(t, "stream", gotT, gotL, gotOK, wantT, wantL, wantOK)
	})
}
