package model

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/repoxhq/repox/model/panetest"
)

// TestFileSetListedOnce: find and the tree filter share one listing;
// reopening either lists nothing and builds no index; a reload and a name
// changing on disk forget the set, and the next opening lists it again.
func TestFileSetListedOnce(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 120, 40)
	var calls atomic.Int32
	each := m.Files.Each
	m.Files.Each = func(ctx context.Context, visit func(string)) (int, error) {
		calls.Add(1)
		return each(ctx, visit)
	}
	press(m, "f")
	typeText(m, "strgo")
	p := findOf(t, m)
	ix := m.Files.FindIx
	press(m, "esc", "f")
	if n := calls.Load(); n != 1 {
		t.Fatalf("reopening find listed again: %d listings", n)
	}
	if ix == nil || m.Files.FindIx != ix {
		t.Fatalf("reopening find built another index") // that find uses it: model/find's TestReopenUsesTheSharedIndex
	}
	if got := p.Status().Path; got != "src/util/strings.go" {
		t.Fatalf("reopened on %q", got)
	}
	press(m, "esc", "/")
	typeText(m, "str")
	tix := m.Files.TreeIx
	if n := calls.Load(); n != 1 || !m.tree.Filtering() || tix == nil {
		t.Fatalf("the tree filter listed again (%d listings) or built no index", n)
	}
	press(m, "esc", "/")
	if m.Files.TreeIx != tix { // that the filter uses it: model/tree's TestTreeFilterWhileListing
		t.Fatalf("reopening the filter built another index")
	}
	press(m, "esc")

	// A reload forgets the set; it is listed when find opens next.
	press(m, "r")
	if n := calls.Load(); n != 1 {
		t.Fatalf("reload listed with nothing open: %d listings", n)
	}
	press(m, "f")
	if n := calls.Load(); n != 2 || m.Files.FindIx == nil || m.Files.FindIx == ix {
		t.Fatalf("after a reload, find did not list again: %d listings", n)
	}

	// A name changing in a watched folder forgets it too; with find open
	// it is listed again at once.
	m.watch = newDiskWatcher(dir)
	m.watch.close() // no events but the one sent here
	_, cmd := m.Update(diskMsg{dirs: []string{""}})
	run(m, cmd)
	if n := calls.Load(); n != 3 {
		t.Fatalf("a name event did not list the set again: %d listings", n)
	}
	if m.Files.Version().Gen == 0 || !m.Files.Done {
		t.Fatalf("set not listed after the name event: %+v", m.Files.Version())
	}
}

// TestStaleListingDropped: a batch of a listing the set has forgotten is
// dropped in deliver.
func TestStaleListingDropped(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 120, 40)
	press(m, "f")
	before := m.Files.Version()
	stale := paneMsg{To: paneFiles, Job: jobLoad, Gen: before.Gen - 1, Msg: FeedMsg{Batch: fileBatch{Raw: []string{"ghost"}, Shown: []string{"ghost"}}}}
	m.Update(stale)
	if m.Files.Version() != before {
		t.Fatalf("a stale batch changed the set: %+v, was %+v", m.Files.Version(), before)
	}
}
