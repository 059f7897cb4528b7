package rootfs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A scan of ever larger files (the common case in a sorted tree of
// sources) grows its read buffer by doubling: a handful of allocations,
// not one per new largest file, and every file still read whole.
func TestScanBufferGrowsByDoubling(t *testing.T) {
	dir := t.TempDir()
	const files = 24
	for i := range files {
		body := bytes.Repeat([]byte{'a' + byte(i%26)}, 70_000+i*50_000)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.txt", i)), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	sc := repo.Scanner()
	defer sc.Close()
	var buf []byte
	grew := 0
	for i := range files {
		before := cap(buf)
		got, oc := sc.Read(fmt.Sprintf("f%02d.txt", i), &buf, 8<<20)
		if oc != ScanRead || len(got) != 70_000+i*50_000 || got[len(got)-1] != 'a'+byte(i%26) {
			t.Fatalf("f%02d.txt: outcome %v, %d bytes", i, oc, len(got))
		}
		if cap(buf) != before {
			grew++
		}
	}
	// 70 KB to 1.22 MB by doubling: 70, 140, 280, 560 KB, 1.12 and
	// 2.24 MB, six sizes (made once per file, it would be 24).
	if grew > 6 {
		t.Errorf("the read buffer was made %d times for %d ever larger files; doubling needs 6", grew, files)
	}
}
