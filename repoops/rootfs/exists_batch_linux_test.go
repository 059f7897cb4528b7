//go:build linux

package rootfs

import (
	"fmt"
	"math/rand"
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

// On random trees — dense and sparse folders, deletions, a folder turned
// into a file or a symlink (inside and outside the root), names that sort
// around "/" — with the paths asked in a random order and some twice,
// ExistAll answers each exactly as os.Root.Lstat does.
func TestExistAllMatchesRootLstatOnRandomTrees(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "f0"), []byte("o"), 0o644); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(7))
	names := []string{"a", "a.b", "a0", "b", "f0", "f1", "f2", "f3", "f4", "f5"}
	for trial := range 12 {
		dir := t.TempDir()
		var rels []string
		var walk func(rel string, depth int)
		walk = func(rel string, depth int) {
			for _, n := range names {
				p := n
				if rel != "" {
					p = rel + "/" + n
				}
				switch {
				case depth < 3 && rng.Intn(4) == 0:
					if err := os.Mkdir(filepath.Join(dir, p), 0o755); err != nil {
						t.Fatal(err)
					}
					walk(p, depth+1)
				case rng.Intn(3) > 0:
					if err := os.WriteFile(filepath.Join(dir, p), []byte("x"), 0o644); err != nil {
						t.Fatal(err)
					}
					rels = append(rels, p)
				}
			}
		}
		walk("", 0)
		// Deletions and replacements after the "listing".
		for _, rel := range rels {
			switch rng.Intn(12) {
			case 0, 1:
				os.Remove(filepath.Join(dir, rel))
			case 2:
				if d := filepath.Dir(filepath.Join(dir, rel)); d != dir && rng.Intn(3) == 0 {
					os.RemoveAll(d)
					if rng.Intn(2) == 0 {
						os.Symlink(outside, d)
					} else {
						os.WriteFile(d, []byte("now a file"), 0o644)
					}
				}
			}
		}
		asked := append([]string(nil), rels...)
		for range len(rels) / 4 {
			asked = append(asked, rels[rng.Intn(len(rels))]+[]string{"", "x", "/f0"}[rng.Intn(3)])
		}
		rng.Shuffle(len(asked), func(i, j int) { asked[i], asked[j] = asked[j], asked[i] })
		r, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		p := r.Presence()
		// Twice on one Presence: folders the first call left open are
		// read again from their start.
		for pass := range 2 {
			n := 0
			p.ExistAll(asked, func(i int, ok bool) {
				if i != n {
					t.Fatalf("trial %d: answer %d came as number %d", trial, i, n)
				}
				n++
				_, err := r.root.Lstat(asked[i])
				if ok != (err == nil) {
					t.Errorf("trial %d pass %d: %q: ExistAll %v, os.Root.Lstat %v", trial, pass, asked[i], ok, err)
				}
			})
			if n != len(asked) {
				t.Fatalf("trial %d: %d answers for %d paths", trial, n, len(asked))
			}
		}
		p.Close()
		r.Close()
	}
}

// plainRel accepts exactly the clean relative paths.
func TestPlainRel(t *testing.T) {
	for rel, want := range map[string]bool{
		"a": true, "a/b": true, "a/b.c/.d/..e": true, "...": true,
		"": false, "/": false, "/a": false, "a/": false, "a//b": false, ".": false, "..": false,
		"a/.": false, "a/..": false, "./a": false, "../a": false, "a/./b": false, "a/../b": false,
	} {
		if got := plainRel(rel); got != want {
			t.Errorf("plainRel(%q) = %v, want %v", rel, got, want)
		}
	}
}

// The presence check never reads a folder through a symlink that leads out
// of the root: paths under such a link are absent, however many are asked
// in it (the dense way reads the folder's names) and at any depth, while
// the same names in a real folder are present.
func TestExistAllDoesNotFollowAFolderLinkOutOfTheRoot(t *testing.T) {
	outside, dir := t.TempDir(), t.TempDir()
	var in, out []string
	for i := range 2 * presenceDense {
		name := fmt.Sprintf("f%d", i)
		for _, d := range []string{filepath.Join(outside, "o"), filepath.Join(dir, "real"), filepath.Join(dir, "a", "real")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d, name), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		in = append(in, "real/"+name, "a/real/"+name)
		out = append(out, "link/"+name, "a/link/"+name)
	}
	for _, l := range []string{"link", "a/link"} {
		if err := os.Symlink(filepath.Join(outside, "o"), filepath.Join(dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, n := range []int{1, len(out)} { // sparse and dense
		p := r.Presence()
		p.ExistAll(out[:n], func(i int, ok bool) {
			if ok {
				t.Errorf("%s (of %d asked) found through a link out of the root", out[i], n)
			}
		})
		p.ExistAll(in[:n], func(i int, ok bool) {
			if !ok {
				t.Errorf("%s (of %d asked) not found", in[i], n)
			}
		})
		p.Close()
	}
}

// A folder the fast way cannot enter (a link inside the root) gets
// os.Root.Lstat's answer for every one of its paths, the first path asked
// included: os.Root follows a link that stays inside, so they are present.
func TestExistAllAnswersPathsUnderAnInsideLinkAsRootDoes(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "real", "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "inlink")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p := r.Presence()
	defer p.Close()
	rels := []string{"inlink/f", "inlink/gone", "real/f"}
	want := []bool{true, false, true}
	p.ExistAll(rels, func(i int, ok bool) {
		if _, err := r.root.Lstat(rels[i]); (err == nil) != want[i] || ok != want[i] {
			t.Errorf("%s: ExistAll %v, os.Root.Lstat error %v, want present %v", rels[i], ok, err, want[i])
		}
	})
}
