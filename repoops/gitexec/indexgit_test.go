package gitexec

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// An index listing git prints past the byte bound is an error, not a
// Tracked of its first part: a tracked path left out would make a
// tracked-but-ignored file vanish from the tree.
func TestIndexListingOverTheBoundIsAnError(t *testing.T) {
	files := map[string]string{}
	for i := range 200 {
		files[fmt.Sprintf("dir/file%03d.txt", i)] = "x\n"
	}
	dir := repotest.GitRepo(t, files)
	g := detectAt(t, dir)
	if _, _, err := g.readIndexGit(context.Background(), 1<<20); err != nil {
		t.Fatalf("the whole listing: %v", err)
	}
	tr, _, err := g.readIndexGit(context.Background(), 4096)
	if err == nil || !strings.Contains(err.Error(), "over") {
		t.Fatalf("a listing over 4 KiB gave %d paths and error %v; want an error that says it is over the bound", len(trackedList(tr)), err)
	}
}
