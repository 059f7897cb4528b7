package rootfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// The scratch copy's reflink branch through the test seam: this machine's
// file systems (ext4, tmpfs) refuse FICLONE, so a fake stands for btrfs or
// XFS, sharing nothing but giving the destination the source's bytes as
// a clone would.

// cloneByCopy is a FICLONE that succeeds: the destination gets the
// source's bytes, plus extra (a file that grew since its stat).
func cloneByCopy(extra string) func(dstFd, srcFd int) error {
	return func(dstFd, srcFd int) error {
		buf := make([]byte, 1<<16)
		for off := int64(0); ; {
			n, err := unix.Pread(srcFd, buf, off)
			if err != nil {
				return err
			}
			if n == 0 {
				break
			}
			if _, err := unix.Pwrite(dstFd, buf[:n], off); err != nil {
				return err
			}
			off += int64(n)
		}
		if extra != "" {
			var st unix.Stat_t
			if err := unix.Fstat(dstFd, &st); err != nil {
				return err
			}
			if _, err := unix.Pwrite(dstFd, []byte(extra), st.Size); err != nil {
				return err
			}
		}
		return nil
	}
}

func seamCopier(t *testing.T, faults faultSeam, files map[string]string, max int64) (*Copier, string) {
	t.Helper()
	r, dst := copierFixture(t, files)
	r.faults = faults
	c, err := r.CopyTo(dst, max)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c, dst
}

// Where the file system shares blocks, a file is cloned: the copy has
// its bytes, its size is what Copy reports, and Cloned counts it.
func TestACopyIsClonedWhereTheFileSystemSharesBlocks(t *testing.T) {
	c, dst := seamCopier(t, faultSeam{ficlone: cloneByCopy("")},
		map[string]string{"a.txt": "alpha\n", "d/b.txt": "beta!\n"}, 1<<20)
	for i, rel := range []string{"a.txt", "d/b.txt"} {
		if _, n, err := c.Copy(rel); err != nil || n != 6 {
			t.Fatalf("%s: %d bytes, %v; want 6 bytes", rel, n, err)
		}
		if c.Cloned() != i+1 {
			t.Errorf("after %s Cloned() is %d; want %d", rel, c.Cloned(), i+1)
		}
	}
	mustCopied(t, dst, "a.txt", "alpha\n")
	mustCopied(t, dst, "d/b.txt", "beta!\n")
}

// Where reflink is refused (ext4, tmpfs, across file systems), the bytes
// are copied, and Cloned does not count the file.
func TestACopyFallsBackToAPlainCopyWhereReflinkIsRefused(t *testing.T) {
	for _, refusal := range []error{unix.EOPNOTSUPP, unix.EXDEV, unix.EINVAL} {
		c, dst := seamCopier(t, faultSeam{ficlone: func(int, int) error { return refusal }},
			map[string]string{"a.txt": "alpha\n"}, 1<<20)
		if _, n, err := c.Copy("a.txt"); err != nil || n != 6 {
			t.Fatalf("reflink refused (%v): %d bytes, %v; want 6 bytes", refusal, n, err)
		}
		if c.Cloned() != 0 {
			t.Errorf("reflink refused (%v): Cloned() is %d; want 0", refusal, c.Cloned())
		}
		mustCopied(t, dst, "a.txt", "alpha\n")
	}
}

// A clone takes the file as it is at the clone, which may have grown past
// the cap since its size was checked: the copy is refused and removed; one
// that grew but stays within the cap is kept whole.
func TestAClonedFileThatGrewPastTheCapIsRefused(t *testing.T) {
	c, dst := seamCopier(t, faultSeam{ficlone: cloneByCopy("++")},
		map[string]string{"four.txt": "1234", "three.txt": "123"}, 5)
	if _, _, err := c.Copy("four.txt"); err == nil || !strings.Contains(err.Error(), "grew over the size cap") {
		t.Fatalf("a clone that grew from 4 to 6 bytes at a cap of 5: %v; want grew over the size cap", err)
	}
	if _, err := os.Lstat(filepath.Join(dst, "four.txt")); err == nil {
		t.Error("the clone that grew past the cap was kept")
	}
	if _, n, err := c.Copy("three.txt"); err != nil || n != 5 {
		t.Fatalf("a clone that grew from 3 to 5 bytes at a cap of 5: %d bytes, %v; want 5", n, err)
	}
	mustCopied(t, dst, "three.txt", "123++")
}

// A plain copy whose writes fail (the destination's disk is full) is
// refused, and no partial file is left in the copy.
func TestACopyThatRunsOutOfSpaceLeavesNoFile(t *testing.T) {
	full := func(dstFd, _ int) error {
		// the destination now writes to /dev/full, as a full disk answers
		fd, err := unix.Open("/dev/full", unix.O_WRONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			t.Skipf("no /dev/full: %v", err)
		}
		defer unix.Close(fd)
		if err := unix.Dup3(fd, dstFd, unix.O_CLOEXEC); err != nil {
			t.Fatal(err)
		}
		return unix.EOPNOTSUPP
	}
	c, dst := seamCopier(t, faultSeam{ficlone: full}, map[string]string{"a.txt": "alpha\n"}, 1<<20)
	if _, _, err := c.Copy("a.txt"); err == nil || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("a copy onto a full disk: %v; want no space left on device", err)
	}
	if _, err := os.Lstat(filepath.Join(dst, "a.txt")); err == nil {
		t.Error("a copy that failed was left in the copy")
	}
}
