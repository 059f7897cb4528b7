package rootfs

import (
	"os"
	"strings"
	"testing"
)

// A file that grew past the cap after its size was checked is refused
// and its copy removed: the read is bounded to one byte past the cap, and
// that byte says it grew. A /proc file stands for one that grows between
// the stat and the read: its stat says 0 bytes, its read gives more.
func TestCopyRegularRefusesAFileThatGrewPastTheCap(t *testing.T) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() != 0 {
		t.Skipf("/proc/self/status is not a regular file whose stat says 0 bytes here")
	}
	out, err := os.OpenRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, _, err := copyRegular(out, f, "status", 8, &faultSeam{}); err == nil || !strings.Contains(err.Error(), "grew over the size cap") {
		t.Fatalf("a file that grew past the cap: %v; want grew over the size cap", err)
	}
	if _, err := out.Lstat("status"); err == nil {
		t.Error("the copy of a file that grew past the cap was kept")
	}
}
