//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// A bulk scan's reads under faults and odd files.

func scanFixture(t *testing.T, files map[string]string, faults faultSeam) *Scanner {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	r.faults = faults
	sc := r.Scanner()
	t.Cleanup(sc.Close)
	return sc
}

// A read(2) that returns less than asked, or is interrupted (EINTR), is
// continued: the scan gets every byte.
func TestScannerReadContinuesShortAndInterruptedReads(t *testing.T) {
	const text = "a file of more than three bytes\n"
	calls := 0
	for name, read := range map[string]func(int, []byte) (int, error){
		"short": func(fd int, b []byte) (int, error) { return unix.Read(fd, b[:min(3, len(b))]) },
		"interrupted": func(fd int, b []byte) (int, error) {
			calls++
			if calls%2 == 1 {
				return 0, unix.EINTR
			}
			return unix.Read(fd, b)
		},
	} {
		sc := scanFixture(t, map[string]string{"f.txt": text}, faultSeam{read: read})
		var buf []byte
		if got, oc := sc.Read("f.txt", &buf, 1<<20); oc != ScanRead || string(got) != text {
			t.Errorf("%s reads: %v, %q; want the whole file", name, oc, got)
		}
	}
}

// A file whose stat does not tell its size (a /proc file says 0 bytes) is
// read to its end whatever the buffer it starts with, whole at exactly the
// limit and too big one byte over.
func TestScannerReadsAFileWhoseStatSaysZeroBytes(t *testing.T) {
	want, err := os.ReadFile("/proc/version")
	if err != nil || len(want) < 20 {
		t.Skipf("no /proc/version here: %v", err)
	}
	if st, err := os.Stat("/proc/version"); err != nil || st.Size() != 0 {
		t.Skip("/proc/version's stat gives its size here")
	}
	r, err := Open("/proc")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	sc := r.Scanner()
	defer sc.Close()
	for _, start := range []int{0, 1, 7, len(want) - 1, len(want), len(want) + 1} {
		buf := make([]byte, 0, start)
		if got, oc := sc.Read("version", &buf, len(want)); oc != ScanRead || string(got) != string(want) {
			t.Errorf("buffer %d, limit its size: %v, %q; want it whole", start, oc, got)
		}
		buf = make([]byte, 0, start)
		if got, oc := sc.Read("version", &buf, len(want)-1); oc != ScanTooBig {
			t.Errorf("buffer %d, limit one byte less: %v, %d bytes; want ScanTooBig", start, oc, len(got))
		}
	}
}

// A path with a leading slash names a file under the root, never one at
// the file system's root.
func TestScannerReadsALeadingSlashUnderTheRoot(t *testing.T) {
	sc := scanFixture(t, map[string]string{"etc": "the repository's own\n"}, faultSeam{})
	var buf []byte
	if got, oc := sc.Read("/etc", &buf, 1<<20); oc != ScanRead || string(got) != "the repository's own\n" {
		t.Errorf("/etc: %v, %q; want the root's own file etc", oc, got)
	}
}

// A scan that moves between folders closes the ones it leaves: a large
// tree does not run out of fds.
func TestScannerClosesTheFoldersItLeaves(t *testing.T) {
	sc := scanFixture(t, map[string]string{"a/b/f": "1", "a/c/f": "2", "d/f": "3"}, faultSeam{})
	fds := func() int {
		des, err := os.ReadDir("/dev/fd")
		if err != nil {
			t.Skipf("no /dev/fd: %v", err)
		}
		return len(des)
	}
	var buf []byte
	before := fds()
	for range 30 {
		for _, p := range []string{"a/b/f", "a/c/f", "d/f", "a/b/f"} {
			if _, oc := sc.Read(p, &buf, 10); oc != ScanRead {
				t.Fatalf("%s: %v", p, oc)
			}
		}
	}
	if after := fds(); after > before+5 {
		t.Errorf("%d fds open after 120 reads across folders, %d before", after, before)
	}
}

// A read that ends exactly at the size fstat gave is the end of the file:
// bytes a writer appends after it are left to the next scan, and the scan
// makes no confirming read that would take them.
func TestScannerReadEndsAtTheSizeFstatGave(t *testing.T) {
	const text = "as it was at its stat\n"
	var appendTo string
	calls := 0
	sc := scanFixture(t, map[string]string{"f.txt": text}, faultSeam{read: func(fd int, b []byte) (int, error) {
		n, err := unix.Read(fd, b)
		if calls++; calls == 1 {
			f, err := os.OpenFile(appendTo, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("appended later\n")
			f.Close()
		}
		return n, err
	}})
	appendTo = filepath.Join(sc.root.realDir, "f.txt")
	var buf []byte
	if got, oc := sc.Read("f.txt", &buf, 1<<20); oc != ScanRead || string(got) != text {
		t.Errorf("a file appended to after its read reached its size: %v, %q; want %q", oc, got, text)
	}
}
