package gitexec

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

func detectAt(t testing.TB, dir string) *Runner {
	t.Helper()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	w := Where{Dir: real, Bin: FindGit()}
	if st, err := os.Lstat(filepath.Join(real, ".git")); err == nil {
		w.DotGit = st
	}
	g, note := Detect(w)
	if g == nil {
		t.Fatalf("no git mode at %s: %s", dir, note)
	}
	return g
}

func trackedList(tr *Tracked) []string {
	var out []string
	for i := range tr.offs {
		out = append(out, string(tr.at(i)))
	}
	return out
}

// The index file read directly gives exactly what `git ls-files -z
// --stage` gives, for index versions 2, 3 (intent-to-add entries) and 4
// (prefix-compressed paths), conflicted paths (several stages), gitlinks,
// odd and long names, and a root that is a sub-folder; a split index is
// left to git, with the same answer.
func TestIndexFileReadsAsGitListsIt(t *testing.T) {
	repotest.NeedGit(t)
	long := strings.Repeat("d", 200) + "/" + strings.Repeat("e", 200) + "/" + strings.Repeat("f", 200) + "/" + strings.Repeat("g", 200) + "/" + strings.Repeat("h", 200) + "/x.txt"
	files := map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n", "sub/deep/c.txt": "c\n", "sub/é ü\tq.txt": "odd\n", "z/conf.txt": "base\n", long: "long\n", "sub-x/y.txt": "y\n"}
	for _, form := range []string{"v2", "v3", "v4", "split"} {
		dir := repotest.GitRepo(t, files)
		git := func(args ...string) string { return repotest.Git(t, dir, args...) }
		head := strings.TrimSpace(git("rev-parse", "HEAD"))
		git("update-index", "--add", "--cacheinfo", "160000,"+head+",sub/module")
		git("update-index", "--add", "--cacheinfo", "160000,"+head+",top-module")
		// A conflict: three stages of z/conf.txt.
		blob := strings.TrimSpace(git("rev-parse", "HEAD:z/conf.txt"))
		info := "0 0000000000000000000000000000000000000000\tz/conf.txt\n100644 " + blob + " 1\tz/conf.txt\n100644 " + blob + " 2\tz/conf.txt\n100644 " + blob + " 3\tz/conf.txt\n"
		cmd := repotest.GitCmd(dir, "update-index", "--index-info")
		cmd.Stdin = strings.NewReader(info)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		switch form {
		case "v3":
			repotest.WriteFiles(t, dir, map[string]string{"new/intent.txt": "n\n"})
			git("add", "-N", "new/intent.txt")
		case "v4":
			git("update-index", "--index-version", "4")
		case "split":
			git("update-index", "--split-index")
			git("update-index", "--add", "--cacheinfo", "100644,"+blob+",later.txt")
		}
		if data, err := os.ReadFile(filepath.Join(dir, ".git", "index")); err != nil || len(data) < 8 {
			t.Fatal(err)
		} else if v := data[7]; form != "split" && "v"+string(rune('0'+v)) != form {
			t.Fatalf("%s: the fixture's index is version %d", form, v)
		}
		for _, root := range []string{dir, filepath.Join(dir, "sub")} {
			g := detectAt(t, root)
			want, wantLinks, err := g.readIndexGit(context.Background(), 1<<30)
			if err != nil {
				t.Fatal(err)
			}
			c, err := g.config(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			got, gotLinks, ok := g.readIndexFile(c, 1<<30)
			if ok != (form != "split") {
				t.Fatalf("%s at %s: read directly = %v", form, root, ok)
			}
			if !ok {
				got, gotLinks, err = g.ReadIndex(context.Background(), 1<<30)
				if err != nil {
					t.Fatal(err)
				}
			}
			gl, wl := strings.Join(trackedList(got), "\n"), strings.Join(trackedList(want), "\n")
			if gl != wl || strings.Join(gotLinks, "\n") != strings.Join(wantLinks, "\n") {
				t.Fatalf("%s at %s:\nread:\n%s\nlinks %q\ngit:\n%s\nlinks %q", form, root, gl, gotLinks, wl, wantLinks)
			}
			if len(want.offs) < 3 {
				t.Fatalf("%s at %s: git listed only %q", form, root, wl)
			}
		}
	}
}

// A malformed or foreign index is never trusted: the reader says no and
// git is asked.
func TestIndexFileRefusesWhatItDoesNotKnow(t *testing.T) {
	repotest.NeedGit(t)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n", "b/c.txt": "c\n"})
	g := detectAt(t, dir)
	c, err := g.config(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(dir, ".git", "index")
	good, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := g.readIndexFile(c, 1<<30); !ok {
		t.Fatal("a plain index was not read")
	}
	if _, _, ok := g.readIndexFile(c, int64(len(good)-1)); ok {
		t.Error("an index over the size bound was read")
	}
	set := func(off int, b ...byte) []byte {
		d := append([]byte(nil), good...)
		copy(d[off:], b)
		return d
	}
	for name, data := range map[string][]byte{
		"bad magic":    set(0, 'X'),
		"version 5":    set(4, 0, 0, 0, 5),
		"too many":     set(8, 0, 1, 0, 0),
		"truncated":    good[:len(good)/2],
		"required ext": append(append(append([]byte(nil), good[:len(good)-20]...), 'l', 'i', 'n', 'k', 0, 0, 0, 0), good[len(good)-20:]...),
		"ext past end": append(append(append([]byte(nil), good[:len(good)-20]...), 'T', 'R', 'E', 'X', 0, 0, 1, 0), good[len(good)-20:]...),
	} {
		if err := os.WriteFile(index, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, ok := g.readIndexFile(c, 1<<30); ok {
			t.Errorf("%s: read as an index", name)
		}
	}
	// A SHA-256 repository's entries are longer: left to git. An object
	// format named sha1 is the default one. (The good index again: the
	// loop above left a bad one.)
	if err := os.WriteFile(index, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := g.readIndexFile(&gitConfig{objectFormat: "sha256"}, 1<<30); ok {
		t.Error("a SHA-256 index was read with SHA-1 entry sizes")
	}
	if _, _, ok := g.readIndexFile(&gitConfig{objectFormat: "sha1"}, 1<<30); !ok {
		t.Error("an index of a repository whose object format is named sha1 was not read")
	}
	// A symlink in place of the index is not followed.
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	elsewhere := filepath.Join(t.TempDir(), "index")
	must(os.WriteFile(elsewhere, good, 0o644))
	must(os.Remove(index))
	must(os.Symlink(elsewhere, index))
	if _, _, ok := g.readIndexFile(c, 1<<30); ok {
		t.Error("an index that is a symlink was followed")
	}
}
