package repoops

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// ExistAll (a folder with several paths asked is read once) answers
// exactly as os.Root.Lstat does, path by path: deleted files in a dense
// folder, a folder far bigger than the few paths asked in it (read only
// part-way), folders reached through a symlink inside or outside the
// root, a folder replaced by a file, symlinks themselves, repeated and
// unclean paths, and names with odd bytes.
func TestPresenceExistAllMatchesRootLstat(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("dense/f%02d.txt", i)] = "x\n"
		files[fmt.Sprintf("dense/sub/g%02d.txt", i)] = "x\n"
		files[fmt.Sprintf("o/h%02d.txt", i)] = "x\n"
		files[fmt.Sprintf("r%02d.txt", i)] = "x\n" // the root is a dense folder too
	}
	for i := range 1200 {
		files[fmt.Sprintf("big/b%04d.txt", i)] = ""
	}
	files["odd/a b\tc.txt"] = "x\n"
	files["odd/ü.txt"] = "x\n"
	files["odd/-x.txt"] = "x\n"
	files["odd/.hidden"] = "x\n"
	writeFiles(t, dir, files)
	writeFiles(t, outside, map[string]string{"s/h00.txt": "s\n", "s/h01.txt": "s\n", "s/h02.txt": "s\n", "s/h03.txt": "s\n", "s/h04.txt": "s\n"})
	for i := 0; i < 30; i += 3 {
		must(t, os.Remove(filepath.Join(dir, fmt.Sprintf("dense/f%02d.txt", i))))
		must(t, os.Remove(filepath.Join(dir, fmt.Sprintf("r%02d.txt", i))))
	}
	must(t, os.Symlink("dense", filepath.Join(dir, "inlink")))
	must(t, os.Symlink(filepath.Join(outside, "s"), filepath.Join(dir, "outlink")))
	must(t, os.Symlink("nowhere", filepath.Join(dir, "dense/dangling")))
	must(t, os.RemoveAll(filepath.Join(dir, "o")))
	must(t, os.WriteFile(filepath.Join(dir, "o"), []byte("now a file\n"), 0o644))

	var paths []string
	for i := range 32 { // two past the last: never there
		paths = append(paths, fmt.Sprintf("dense/f%02d.txt", i), fmt.Sprintf("dense/sub/g%02d.txt", i%31), fmt.Sprintf("r%02d.txt", i))
	}
	for i := range 6 {
		paths = append(paths, fmt.Sprintf("inlink/f%02d.txt", i+1), fmt.Sprintf("outlink/h%02d.txt", i), fmt.Sprintf("o/h%02d.txt", i))
	}
	for _, i := range []int{0, 1, 1199, 600, 77, 1200} {
		paths = append(paths, fmt.Sprintf("big/b%04d.txt", i))
	}
	paths = append(paths, "dense/dangling", "dense/f01.txt", "dense/./f02.txt", "dense//f04.txt", "dense/sub",
		"odd/a b\tc.txt", "odd/ü.txt", "odd/-x.txt", "odd/.hidden", "odd/missing", "odd/.", "odd/..")

	r, err := Open(dir)
	must(t, err)
	defer r.Close()
	p := r.fs.Presence()
	defer p.Close()
	next := 0
	p.ExistAll(paths, func(i int, ok bool) {
		if i != next {
			t.Fatalf("answer %d came as number %d", i, next)
		}
		next++
		_, lerr := r.fs.Lstat(paths[i])
		if ok != (lerr == nil) {
			t.Errorf("ExistAll says %q exists=%v; os.Root.Lstat says %v", paths[i], ok, lerr)
		}
	})
	if next != len(paths) {
		t.Fatalf("%d answers for %d paths", next, len(paths))
	}
}

// Through repo_find: deleted tracked files in a folder dense with matches
// are neither shown nor counted.
func TestFindDropsDeletedFilesOfADenseFolder(t *testing.T) {
	needGit(t)
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("tests/t%02d_test.go", i)] = "package t\n"
	}
	dir := gitRepo(t, files)
	for i := 0; i < 40; i += 4 {
		must(t, os.Remove(filepath.Join(dir, fmt.Sprintf("tests/t%02d_test.go", i))))
	}
	s := openSession(t, dir)
	text := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "_test", "limit": 200}))
	mustContain(t, text, "tests/t01_test.go", "(30 matches among")
	mustNotContain(t, text, "tests/t00_test.go", "tests/t36_test.go")
	text = mustOK(t, call(t, s, "repo_find", map[string]any{"query": "tests/*_test.go", "limit": 5}))
	mustContain(t, text, "(showing 5 of 30 matches")
}
