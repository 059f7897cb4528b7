package gitexec

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// An outer ignore file (ReadWorkTreeFile, ExcludesFile) is read when it
// holds at most max bytes, a file of exactly max bytes included; one byte
// more, or an empty file, gives nil (not an empty slice).
func TestReadWorkTreeFileBoundIsInclusive(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{
		"exact.txt": strings.Repeat("x", 16),
		"over.txt":  strings.Repeat("x", 17),
		"empty.txt": "",
	})
	g := detectAt(t, dir)
	if got := g.ReadWorkTreeFile("exact.txt", 16); len(got) != 16 {
		t.Errorf("a file of exactly the bound (16 bytes) gave %q; want it whole", got)
	}
	if got := g.ReadWorkTreeFile("over.txt", 16); got != nil {
		t.Errorf("a file one byte over the bound gave %q; want nil", got)
	}
	if got := g.ReadWorkTreeFile("empty.txt", 16); got != nil {
		t.Errorf("an empty file gave %#v; want nil", got)
	}
}

// An index with no entries (every file removed from it) is a listing of
// nothing when git lists it: the index file is then smaller than one
// entry's worth of bytes, which sizes the listing's buffers.
func TestReadIndexGitOfAnIndexWithNoEntries(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	repotest.Git(t, dir, "rm", "-q", "--cached", "a.txt")
	st, err := os.Stat(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() >= 64 {
		t.Fatalf("the fixture's index is %d bytes; the test needs one under 64", st.Size())
	}
	g := detectAt(t, dir)
	tr, links, err := g.readIndexGit(context.Background(), 1<<20)
	if err != nil || tr.Len() != 0 || len(links) != 0 {
		t.Fatalf("an index with no entries gave %v, %v, %v; want no paths, no links, no error", trackedList(tr), links, err)
	}
}
