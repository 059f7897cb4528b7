//go:build unix

package rootfs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The scratch copy's rules, one test each (found by mutation testing,
// .ci/mutation --pkg rootfs).

func copierFixture(t *testing.T, files map[string]string) (*Root, string) {
	t.Helper()
	src := t.TempDir()
	for name, text := range files {
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r, t.TempDir()
}

func mustCopied(t *testing.T, dst, rel, want string) {
	t.Helper()
	got, err := os.ReadFile(filepath.Join(dst, rel))
	if err != nil || string(got) != want {
		t.Fatalf("%s in the copy: %q, %v; want %q", rel, got, err, want)
	}
}

// A file of exactly the size cap is copied whole; one byte more is not.
func TestCopyTakesAFileOfExactlyTheCap(t *testing.T) {
	r, dst := copierFixture(t, map[string]string{"five.txt": "12345", "six.txt": "123456"})
	c, err := r.CopyTo(dst, 5)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, n, err := c.Copy("five.txt"); err != nil || n != 5 {
		t.Fatalf("five.txt at a cap of 5: %d bytes, %v", n, err)
	}
	mustCopied(t, dst, "five.txt", "12345")
	if _, _, err := c.Copy("six.txt"); err == nil || !strings.Contains(err.Error(), "size cap") {
		t.Fatalf("six.txt at a cap of 5: want refused over the size cap, got %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dst, "six.txt")); err == nil {
		t.Error("a refused file was left in the copy")
	}
}

// More folders than the copier keeps open: the ones it lets go are closed,
// but never the root's own (the source root and the destination), which
// the later files of the top folder and the Root itself still use.
func TestCopyBeyondTheFolderCacheKeepsTheRootsOpen(t *testing.T) {
	files := map[string]string{"top.txt": "top", "top2.txt": "top2"}
	for i := range dirCacheSize + 4 {
		files[fmt.Sprintf("d%02d/f.txt", i)] = fmt.Sprint(i)
	}
	r, dst := copierFixture(t, files)
	c, err := r.CopyTo(dst, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Copy("top.txt"); err != nil {
		t.Fatal(err)
	}
	for i := range dirCacheSize + 4 {
		if _, _, err := c.Copy(fmt.Sprintf("d%02d/f.txt", i)); err != nil {
			t.Fatalf("d%02d/f.txt: %v", i, err)
		}
	}
	if _, _, err := c.Copy("top2.txt"); err != nil {
		t.Fatalf("top2.txt after the top folder left the cache: %v", err)
	}
	if _, _, err := c.Copy("d00/f.txt"); err == nil {
		t.Fatal("d00/f.txt copied twice over itself")
	}
	c.Close()
	for rel, text := range files {
		mustCopied(t, dst, rel, text)
	}
	// Close let go of the copier's folders, not of the Root's
	if _, err := r.Lstat("top.txt"); err != nil {
		t.Fatalf("the Root after the copier's Close: %v", err)
	}
}

// A file that stopped being regular between the check and the open (a
// FIFO now at its name) is refused, never read.
func TestCopyRegularRefusesAFifo(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, err := os.OpenRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, _, err := copyRegular(out, f, "fifo", 1<<20, &faultSeam{}); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("want not a regular file, got %v", err)
	}
	if _, err := out.Lstat("fifo"); err == nil {
		t.Error("a FIFO was copied")
	}
}

// The first file a copier copies may lie in a sub-folder: the folder cache
// starts empty, and nothing is evicted from it then.
func TestCopyFirstFileInASubFolder(t *testing.T) {
	r, dst := copierFixture(t, map[string]string{"a/b/f.txt": "f"})
	c, err := r.CopyTo(dst, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, _, err := c.Copy("a/b/f.txt"); err != nil {
		t.Fatal(err)
	}
	mustCopied(t, dst, "a/b/f.txt", "f")
}
