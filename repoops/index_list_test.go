package repoops

import (
	"testing"
)

// One read of the index answers both "tracked?" (for entries an ignore rule
// matches) and "submodule?", by path component, never by string prefix.
func TestIndexListCoversByComponent(t *testing.T) {
	needGit(t)
	dir := gitRepo(t, map[string]string{
		"a/x.txt": "x\n", "a-b/y.txt": "y\n", "a.txt": "t\n", "deep/er/z.log": "z\n", "keep.log": "k\n",
	})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tr := r.trackedIgnored()
	for _, c := range []struct {
		rel   string
		isDir bool
		want  bool
	}{
		{"a", true, true}, {"a/x.txt", false, true}, {"a", false, false}, {"a-b", true, true},
		{"a.txt", false, true}, {"a.txt", true, false}, {"deep", true, true}, {"deep/er", true, true},
		{"deep/e", true, false}, {"deep/er/z.log", false, true}, {"keep.log", false, true},
		{"kee", false, false}, {"zzz", true, false}, {"a/x", false, false},
	} {
		if got := tr.Covers(c.rel, c.isDir); got != c.want {
			t.Errorf("covers(%q, dir=%v) = %v, want %v", c.rel, c.isDir, got, c.want)
		}
	}
	if l := r.gitlinks(t.Context()); len(l.paths) != 0 {
		t.Errorf("no submodules, got %v", l.sorted)
	}
}
