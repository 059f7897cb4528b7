package repoops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The scratch copy's counts and bounds, one rule each (found by mutation
// testing, .ci/mutation --pkg repoops --files copyset.go).

// Over the byte bound with exactly the file bound's count of files, the
// refusal names the bytes, the bound that was passed.
func TestCopyTooLargeNamesTheBoundPassed(t *testing.T) {
	e := &CopyTooLargeError{Files: 3, Bytes: 20, MaxFiles: 3, MaxBytes: 12}
	if !strings.Contains(e.Error(), "holds more than 12 bytes") {
		t.Errorf("at the file bound, over the byte bound: %s", e.Error())
	}
	e = &CopyTooLargeError{Files: 4, Bytes: 5, MaxFiles: 3, MaxBytes: 12}
	if !strings.Contains(e.Error(), "holds more than 3 files") {
		t.Errorf("over the file bound: %s", e.Error())
	}
}

// The stats add up every copied file's bytes, and name the first three
// skipped paths (in the file set's order), however many are skipped.
func TestCopyFileSetCountsBytesAndNamesThreeSkipped(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "aa", "b.txt": "bbb"})
	for _, n := range []string{"l1", "l2", "l3", "l4"} {
		must(t, os.Symlink("/etc/passwd", filepath.Join(dir, n))) // absolute: skipped
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	st, err := r.CopyFileSet(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if st.Files != 2 || st.Bytes != 5 {
		t.Errorf("files %d, bytes %d; want 2 files of 5 bytes", st.Files, st.Bytes)
	}
	if st.Skipped != 4 || !slices.Equal(st.Examples, []string{"l1", "l2", "l3"}) {
		t.Errorf("skipped %d, examples %v; want 4, the first three named", st.Skipped, st.Examples)
	}
}

// Only regular files count toward the byte bound (a link's size is its
// target's name), and a file of exactly the per-file cap counts: it is
// copied, so its bytes are the copy's.
func TestCopyFileSetByteBoundCountsWhatIsCopied(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "12345"})
	must(t, os.Symlink("a.txt"+strings.Repeat("/.", 20), filepath.Join(dir, "long-link")))
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.CopyFileSetWith(context.Background(), t.TempDir(), CopyOptions{MaxBytes: 8})
	r.Close()
	if err != nil {
		t.Fatalf("5 bytes of files and a link, under a bound of 8: %v", err)
	}

	dir = plainDir(t, map[string]string{"small.txt": "x"})
	must(t, os.Truncate(filepath.Join(dir, "small.txt"), CopyFileSetMaxFile)) // sparse
	r, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = r.CopyFileSetWith(context.Background(), t.TempDir(), CopyOptions{MaxBytes: 1 << 20})
	var tooLarge *CopyTooLargeError
	if !errors.As(err, &tooLarge) {
		t.Fatalf("a file of exactly the per-file cap, over the byte bound: err %v, want a CopyTooLargeError", err)
	}
}

// Excluding "." or "/" (the root) excludes everything; a folder excludes
// itself and what lies below it, by path component.
func TestUnderAnyRootAndComponents(t *testing.T) {
	for _, c := range []struct {
		rel  string
		dirs []string
		want bool
	}{
		{"a/b", []string{"."}, true},
		{"a/b", []string{"/"}, true},
		{"a/b", []string{"a"}, true},
		{"a", []string{"a/"}, true},
		{"ab/c", []string{"a"}, false},
		{"a/b", nil, false},
	} {
		if got := underAny(c.rel, c.dirs); got != c.want {
			t.Errorf("underAny(%q, %q) = %v, want %v", c.rel, c.dirs, got, c.want)
		}
	}
}
