package gitexec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// FuzzParseIndex: the index file is the repository's bytes, so any of them
// either parse or give ok false — never a panic or a hang — and what does
// parse keeps the promises Covers relies on: paths non-empty, without NUL,
// relative with no empty, ., .. or .git part, in byte order (bisection), no more of them than the header's
// count, and every gitlink among them.
func FuzzParseIndex(f *testing.F) {
	if repotest.HaveGit() {
		for _, version := range []string{"2", "3", "4"} {
			dir := repotest.GitRepo(f, map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n", "sub/deep/c.txt": "c\n", "z.txt": "z\n"})
			head := repotest.Git(f, dir, "rev-parse", "HEAD")
			repotest.Git(f, dir, "update-index", "--add", "--cacheinfo", "160000,"+string(bytes.TrimSpace([]byte(head)))+",sub/module")
			repotest.Git(f, dir, "update-index", "--index-version", version)
			data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data, "")
			f.Add(data, "sub/")
		}
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"+string(make([]byte, 20))), "")
	f.Add([]byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x01"+string(make([]byte, 100))), "")
	f.Fuzz(func(t *testing.T, data []byte, prefix string) {
		tr, links, ok := parseIndex(data, prefix)
		if !ok {
			return
		}
		count := int(uint32(data[8])<<24 | uint32(data[9])<<16 | uint32(data[10])<<8 | uint32(data[11]))
		if len(tr.offs) > count {
			t.Fatalf("%d paths from an index that counts %d entries", len(tr.offs), count)
		}
		seen := map[string]bool{}
		for i := range tr.offs {
			p := []byte(tr.at(i))
			if len(p) == 0 || bytes.IndexByte(p, 0) >= 0 || p[0] == '/' || p[len(p)-1] == '/' {
				t.Fatalf("path %d is %q", i, p)
			}
			for part := range bytes.SplitSeq(p, []byte{'/'}) {
				if len(part) == 0 || string(part) == "." || string(part) == ".." || bytes.EqualFold(part, []byte(".git")) {
					t.Fatalf("path %d is %q: git never writes that part", i, p)
				}
			}
			if i > 0 && tr.at(i-1) >= string(p) {
				t.Fatalf("paths out of order or repeated: %q then %q", tr.at(i-1), p)
			}
			seen[string(p)] = true
		}
		for _, l := range links {
			if !seen[l] || !tr.Covers(l, false) {
				t.Fatalf("gitlink %q is not among the tracked paths", l)
			}
		}
	})
}

// A path git would never write is refused, so git reads that index (and
// calls it corrupt), whatever the rest of the file says.
func TestParseIndexRefusesUncleanPaths(t *testing.T) {
	repotest.NeedGit(t)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n", "b/c.txt": "c\n"})
	data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := parseIndex(data, ""); !ok {
		t.Fatal("the clean fixture's index was refused")
	}
	for _, bad := range []string{"../xx", "./a.x", ".git/", ".GiT/x", "/a.tx", "a//tx", "a.tx/"} {
		hostile := bytes.Replace(data, []byte("a.txt"), []byte(bad), 1)
		if _, _, ok := parseIndex(hostile, ""); ok {
			t.Errorf("an index naming %q was read", bad)
		}
	}
}

// Paths that do not come in byte order are sorted, and a path repeated out
// of a row counts once (bisection in Covers needs both).
func TestTrackedBuilderSortsAndDropsRepeats(t *testing.T) {
	b := newTrackedBuilder(0, 0)
	for _, p := range []string{"b", "a", "a", "c", "b", "m"} {
		b.add([]byte(p), p == "m")
	}
	tr, links := b.done()
	if got := fmt.Sprint(trackedList(tr)); got != "[a b c m]" {
		t.Errorf("paths %s, want [a b c m]", got)
	}
	if tr.inOrder {
		t.Error("paths that came out of order are said to be in the index's order")
	}
	if fmt.Sprint(links) != "[m]" || !tr.Covers("b", false) || tr.Covers("d", false) {
		t.Errorf("links %v, covers b %v, covers d %v", links, tr.Covers("b", false), tr.Covers("d", false))
	}
}
