package find

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// streamedPaths is a file set in two parts, with matches for q in both.
func streamedPaths() (first, rest []string) {
	all := panetest.MonorepoPaths(600)
	return all[:300], all[300:]
}

func shownOf(ix *fileIndex, hits []findHit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = ix.shown(h.idx)
	}
	return out
}

// TestFindMatchesWhileListing: find matches the paths listed so far and
// says so, and once the listing ends its results are those of a pass over
// the whole list.
func TestFindMatchesWhileListing(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 84, 38)
	first, rest := streamedPaths()
	l := panetest.NewPacedListing(t, first, rest)
	h.c.Files.Each = l.Each
	const q = "modelgo"
	h.do(h.open())
	for _, r := range q {
		h.feedPress(string(r))
	}
	p := h.p
	d := h
	landed := func(n int, done bool) func() bool {
		return func() bool {
			return p.ix != nil && p.ixAt.N == n && p.ixAt.Done == done && !p.matching && !p.building && p.res != nil && p.res.query == q
		}
	}
	d.until("results over the first part", landed(len(first), false))
	partIx := newFileIndex(first, first)
	part := matchFiles(partIx, q, nil, findRankFirst, nil)
	if got, want := shownOf(p.ix, p.res.hits), shownOf(partIx, part.hits); !slices.Equal(got, want) || len(want) == 0 {
		t.Fatalf("while listing: %d hits %v, want %d %v", len(got), got, len(want), want)
	}
	if frame := ansi.Strip(p.View(84, 38, true)); !strings.Contains(frame, "listing… 300 files so far") {
		t.Fatalf("no listing note while listing:\n%s", frame)
	}
	d.feedPress("z", "z", "q")
	d.until("no match so far", func() bool { return p.res != nil && p.res.query == q+"zzq" && !p.matching })
	if frame := ansi.Strip(p.View(84, 38, true)); !strings.Contains(frame, "among 300 files listed so far") {
		t.Fatalf("a miss while listing does not say it is so far:\n%s", frame)
	}
	d.feedPress("backspace", "backspace", "backspace")
	d.until("results over the first part again", landed(len(first), false))
	d.feedPress("down", "down")
	chosen, ok := p.selected()
	if !ok || p.Cursor != 2 {
		t.Fatalf("cursor %d after two downs (%d hits)", p.Cursor, len(p.res.hits))
	}
	chosenPath := chosen.raw
	l.Open()
	d.until("results over the whole set", landed(len(first)+len(rest), true))
	if r, ok := p.selected(); !ok || r.raw != chosenPath {
		t.Errorf("the rest of the listing moved the cursor off %s (cursor %d)", chosenPath, p.Cursor)
	}
	all := append(slices.Clone(first), rest...)
	ix := newFileIndex(all, all)
	whole := matchFiles(ix, q, nil, findRankFirst, nil)
	if got, want := shownOf(p.ix, p.res.hits), shownOf(ix, whole.hits); !slices.Equal(got, want) || len(p.res.ids) != len(whole.ids) {
		t.Fatalf("after listing: %d of %d hits %v, want %d of %d %v", len(got), len(p.res.ids), got, len(want), len(whole.ids), want)
	}
	if len(whole.ids) <= len(part.ids) {
		t.Fatalf("the second part holds no match for %q: the test shows nothing", q)
	}
	if frame := ansi.Strip(p.View(84, 38, true)); strings.Contains(frame, "listing…") {
		t.Fatalf("listing note after the listing ended:\n%s", frame)
	}
	if n := l.Calls(); n != 1 {
		t.Fatalf("listed %d times", n)
	}
}

// TestRelistIndexesAnew: an index is extended only by later batches of
// its own listing; a set listed again (other paths, as many of them) is
// indexed from nothing, not grown from the forgotten one's index.
func TestRelistIndexesAnew(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 84, 38)
	p := h.p
	first, rest := streamedPaths()
	l := panetest.NewPacedListing(t, first, nil)
	l.Open()
	h.c.Files.Each = l.Each
	h.do(h.open())
	h.until("the first listing indexed", func() bool { return h.c.Files.Done && p.ixAt.Done && !p.building && !p.matching })
	h.c.Files.Forget()
	again := panetest.NewPacedListing(t, rest, []string{"more/later.go"})
	h.c.Files.Each = again.Each
	h.do(h.open())
	h.until("the second listing's first part indexed", func() bool {
		return p.ix != nil && p.ixAt.Gen == h.c.Files.Gen && p.ixAt.N == len(rest) && !p.building
	})
	if want := newFileIndex(rest, rest); !slices.Equal(placed(p.ix), placed(want)) {
		t.Fatalf("the listing again is indexed with the forgotten set's paths")
	}
}

// placed is the index's shown paths in place order (shortest first).
func placed(ix *fileIndex) []string {
	out := make([]string, ix.len())
	for i := range out {
		out[i] = ix.shown(int32(i))
	}
	return out
}
