package replay

import (
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// After a compaction the horizon says which lines the agent knows only
// from before it (no longer in the model's context) and which compaction:
// a read of a.go before it, an edit after it of line 2 (written then:
// known again), a read of b.go after it.
func TestHorizonSaysWhatIsNoLongerInContext(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": threeLines, "b.go": "one\ntwo\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	readThree(b, "r1", threeLines)
	_, rp := replayAll(t, dir, b.String())
	if f, _ := rp.Horizon().File("a.go"); f.Forgotten != nil || f.CompactedAt != 0 {
		t.Errorf("no compaction yet, yet forgotten: %+v", f)
	}

	b.Compact("rename beta")
	editA(b, "e1", "beta", "BETA")
	b.Use("mr2", "r2", "Read", map[string]any{"file_path": dir + "/b.go"}).Result("r2", "     1→one\n     2→two\n", false, nil)
	_, rp = replayAll(t, dir, b.String())
	a, _ := rp.Horizon().File("a.go")
	if Ranges(a.Forgotten) != "1, 3" || a.CompactedAt != 2 || Ranges(a.Read) != "1, 3" || Ranges(a.Edited) != "2" {
		t.Errorf("a.go: forgotten %s at #%d (read %s, edited %s), want 1, 3 at #2", Ranges(a.Forgotten), a.CompactedAt, Ranges(a.Read), Ranges(a.Edited))
	}
	if bf, _ := rp.Horizon().File("b.go"); bf.Forgotten != nil || bf.CompactedAt != 0 {
		t.Errorf("b.go, read after the compaction, is forgotten: %+v", bf)
	}
	if seen := rp.Horizon().Files(); len(seen) != 2 || Ranges(seen[0].Forgotten) != "1, 3" {
		t.Errorf("Files does not carry it: %+v", seen)
	}
}
