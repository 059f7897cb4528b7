package repoops

import (
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

func TestBestFirstMatchesFullSort(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	less := func(a, b int) bool { return a < b }
	for trial := 0; trial < 500; trial++ {
		n := rng.Intn(300)
		xs := rng.Perm(n + 5)[:n] // distinct, as paths are
		orig := slices.Clone(xs)
		k := 1 + rng.Intn(60)
		got := bestFirst(xs, k, less)
		want := slices.Clone(xs)
		sort.Ints(want)
		want = want[:min(k, len(want))]
		if !slices.Equal(got, want) {
			t.Fatalf("n=%d k=%d: got %v, want %v", n, k, got, want)
		}
		if !slices.Equal(xs, orig) {
			t.Fatalf("bestFirst changed its input")
		}
	}
	if got := bestFirst([]int{3, 1}, 0, less); len(got) != 0 {
		t.Fatalf("k=0 gave %v", got)
	}
}

// The fast presence check answers exactly as os.Root.Lstat does, for
// deleted tracked files, files whose folder is gone or became a file or a
// symlink (inside and outside the root), and symlinks themselves.
func TestPresenceMatchesRootLstat(t *testing.T) {
	needGit(t)
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"secret/x.txt": "s\n"})
	files := map[string]string{
		"a/b/kept.txt": "k\n", "a/b/gone.txt": "g\n", "a/c/x.txt": "x\n",
		"d/e/f/deep.txt": "d\n", "in/y.txt": "y\n", "out/x.txt": "o\n",
		"top.txt": "t\n", "nowfile/z.txt": "z\n", "whole/w1.txt": "1\n", "whole/w2.txt": "2\n",
	}
	dir := gitRepo(t, files)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Remove(filepath.Join(dir, "a/b/gone.txt")))
	must(os.RemoveAll(filepath.Join(dir, "whole")))
	must(os.RemoveAll(filepath.Join(dir, "nowfile")))
	must(os.WriteFile(filepath.Join(dir, "nowfile"), []byte("f\n"), 0o644))
	// in/ becomes a link to a folder inside the root, out/ to one outside.
	must(os.RemoveAll(filepath.Join(dir, "in")))
	must(os.MkdirAll(filepath.Join(dir, "real"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "real/y.txt"), []byte("y\n"), 0o644))
	must(os.Symlink("real", filepath.Join(dir, "in")))
	must(os.RemoveAll(filepath.Join(dir, "out")))
	must(os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "out")))
	must(os.Symlink("nowhere", filepath.Join(dir, "a/c/dangling")))

	r, err := Open(dir)
	must(err)
	defer r.Close()
	p := r.fs.Presence()
	defer p.Close()
	paths := []string{"a/b/kept.txt", "a/b/gone.txt", "a/c/x.txt", "a/c/dangling", "d/e/f/deep.txt",
		"in/y.txt", "out/x.txt", "top.txt", "nowfile/z.txt", "whole/w1.txt", "whole/w2.txt",
		"a/b/kept.txt", "missing/dir/file", "a/../top.txt", "a//c/x.txt", "./top.txt"}
	want := map[string]bool{"a/b/kept.txt": true, "a/c/x.txt": true, "a/c/dangling": true, "d/e/f/deep.txt": true, "top.txt": true}
	for _, rel := range paths {
		_, lerr := r.fs.Lstat(rel)
		got := p.Exists(rel)
		if got != (lerr == nil) {
			t.Errorf("exists(%q) = %v, os.Root.Lstat says %v", rel, got, lerr)
		}
		if w, ok := want[rel]; ok && got != w {
			t.Errorf("exists(%q) = %v, want %v", rel, got, w)
		}
	}
	// And through the tool: deleted files are neither shown nor counted.
	s := r.NewSession()
	text := mustOK(t, call(t, s, "repo_find", map[string]any{"query": ".txt", "limit": 200}))
	mustNotContain(t, text, "gone.txt", "w1.txt", "w2.txt", "z.txt", "out/x.txt")
	mustContain(t, text, "a/b/kept.txt", "in/y.txt", "real/y.txt")
	if !strings.Contains(text, "6 matches") {
		t.Errorf("want 6 matches counted, got:\n%s", text)
	}
}
