//go:build linux

package rootfs

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// ExistAll opens every folder (and every folder above one) once, however
// git's order interleaves the paths: "a/b.c" and "a/b0" sort around
// "a/b/…", and sparse folders alternate; each folder's answer is still
// os.Root.Lstat's.
func TestExistAllOpensEachFolderOnce(t *testing.T) {
	dir := t.TempDir()
	var rels []string
	write := func(rel string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 6 {
		// git's order: "a/b.c" < "a/b/…" < "a/b0"; c/ and d/e/ alternate.
		for _, rel := range []string{fmt.Sprintf("a/b.%d", i), fmt.Sprintf("a/b/x%d", i), fmt.Sprintf("a/b0%d", i),
			fmt.Sprintf("c/s%d", i), fmt.Sprintf("d/e/s%d", i), fmt.Sprintf("c/t%d", i)} {
			write(rel)
			rels = append(rels, rel)
		}
		rels = append(rels, fmt.Sprintf("a/b/gone%d", i), fmt.Sprintf("c/gone%d", i))
	}
	for i := range 2 { // sparse: fewer than presenceDense paths each
		for _, f := range []string{"p", "q", "r"} {
			rel := fmt.Sprintf("sp%d/%s/f", i, f)
			write(rel)
			rels = append(rels, rel, fmt.Sprintf("sp%d/z/f", 1-i))
		}
	}
	write("sp0/z/f")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	opened := map[string]int{}
	testHookEnter = func(d string) { opened[d]++ }
	defer func() { testHookEnter = nil }()
	p := r.Presence()
	got := make([]bool, len(rels))
	p.ExistAll(rels, func(i int, ok bool) { got[i] = ok })
	p.Close()
	testHookEnter = nil
	for k, n := range opened {
		if n > 1 {
			t.Errorf("folder %q opened %d times", k, n)
		}
	}
	if len(opened) == 0 {
		t.Fatal("no folder opened: the hook saw nothing")
	}
	for i, rel := range rels {
		_, err := r.root.Lstat(rel)
		if got[i] != (err == nil) {
			t.Errorf("%q: ExistAll %v, os.Root.Lstat %v", rel, got[i], err)
		}
	}
}
