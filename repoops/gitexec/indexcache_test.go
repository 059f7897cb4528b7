package gitexec

import (
	"context"
	"crypto/sha1"
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// An index file read directly is kept while the file is unchanged: the
// next call is served from that read (the same Tracked, not a new read),
// for an index with entries, one with no entries but extensions (git rm
// --cached) and the smallest index there is (a header and a checksum, 32
// bytes, which git reads as empty); a change to the index
// (git add) is a new read with the new path.
func TestIndexFileServesAnUnchangedIndexFromItsLastRead(t *testing.T) {
	ctx := context.Background()
	for _, empty := range [][]string{nil, {"rm", "-q", "--cached", "a.txt"}, {"32 bytes"}} {
		dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
		switch {
		case len(empty) == 1:
			header := []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00")
			sum := sha1.Sum(header)
			must(t, os.WriteFile(filepath.Join(dir, ".git", "index"), append(header, sum[:]...), 0o644))
			if got := repotest.Git(t, dir, "ls-files"); got != "" {
				t.Fatalf("git reads the 32-byte index as %q; want it empty", got)
			}
		case empty != nil:
			repotest.Git(t, dir, empty...)
		}
		g := detectAt(t, dir)
		first, ok, err := g.IndexFiles(ctx, 1<<20)
		if err != nil || !ok {
			t.Fatalf("emptied by %v: IndexFiles: ok %v, %v", empty, ok, err)
		}
		again, _, _ := g.IndexFiles(ctx, 1<<20)
		if again != first {
			st, _ := os.Stat(filepath.Join(dir, ".git", "index"))
			t.Errorf("emptied by %v: an unchanged index (%d bytes) was read again; want the last read served", empty, st.Size())
		}
		repotest.WriteFiles(t, dir, map[string]string{"b.txt": "b\n"})
		repotest.Git(t, dir, "add", "b.txt")
		changed, _, _ := g.IndexFiles(ctx, 1<<20)
		if changed == first || !changed.Covers("b.txt", false) {
			t.Errorf("emptied by %v: after git add, IndexFiles gave %v; want a new read holding b.txt", empty, trackedList(changed))
		}
	}
}

// An index written without its checksum (index.skipHash: a trailer of
// zeros) gives no stamp to trust, so it is read again on every call.
func TestIndexFileReadsAnIndexWithoutChecksumEveryTime(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	index := filepath.Join(dir, ".git", "index")
	data, err := os.ReadFile(index)
	must(t, err)
	clear(data[len(data)-20:])
	must(t, os.WriteFile(index, data, 0o644))
	g := detectAt(t, dir)
	first, ok, err := g.IndexFiles(context.Background(), 1<<20)
	if err != nil || !ok || !first.Covers("a.txt", false) {
		t.Fatalf("IndexFiles of an index without checksum: %v, ok %v, %v", trackedList(first), ok, err)
	}
	if again, _, _ := g.IndexFiles(context.Background(), 1<<20); again == first {
		t.Error("an index without checksum was served from the last read; want it read again")
	}
}
