//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"
)

// enterDir keeps the folders a scan shares open and opens only the rest;
// every unclean form (an empty, "." or ".." part) is missing, whatever the
// stack holds; a folder that is a symlink is never entered.
func TestEnterDirPartsWithoutSplitting(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a/b/c", "a/x", "ab"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "a/b/c/f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("b", filepath.Join(dir, "a/l")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	sc := r.Scanner()
	defer sc.Close()
	names := func() (out []string) {
		for _, d := range sc.stack {
			out = append(out, d.name)
		}
		return out
	}
	for _, c := range []struct {
		dir   string
		ok    bool
		stack string
	}{
		{"a/b/c", true, "a/b/c"}, {"a/b", true, "a/b"}, {"a/b/c", true, "a/b/c"}, {"a/x", true, "a/x"},
		{"ab", true, "ab"}, {"", true, ""}, {"a/b/c", true, "a/b/c"},
		{"a/b/", false, ""}, {"a/b/c", true, "a/b/c"}, {"a//b", false, ""}, {"a/b/c", true, "a/b/c"},
		{"a/b/c/", false, ""}, {"a/b/c", true, "a/b/c"}, {"a/./b", false, ""}, {"a/b/..", false, ""}, {"/a", false, ""},
		{"a/l", false, ""}, {"a/b/c/f", false, ""}, {"a/missing", false, ""}, {"a/b/c", true, "a/b/c"},
	} {
		fd, oc := sc.enterDir(c.dir)
		if (oc == ScanRead) != c.ok || c.ok && fd < 0 {
			t.Errorf("enterDir(%q) = %d, %v; want ok=%v", c.dir, fd, oc, c.ok)
			continue
		}
		if c.ok {
			got := ""
			for i, n := range names() {
				if i > 0 {
					got += "/"
				}
				got += n
			}
			if got != c.stack {
				t.Errorf("enterDir(%q): stack %q, want %q", c.dir, got, c.stack)
			}
		}
	}
}
