package find

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkFindFirstResults is opening find with a query typed on a file
// set of 92,000 generated paths that an in-process stand-in lists (the
// tracked paths at once, then an untracked walk that has not ended): the
// time from the key to the first ranked results on screen, matched over
// the paths listed so far. It reports the median.
func BenchmarkFindFirstResults(b *testing.B) {
	h := newHarness(b, fixtureRepo(b), 84, 38)
	paths := benchPaths(92_000)
	const q = "servauthtok"
	var took []time.Duration
	for b.Loop() {
		l := newPacedListing(b, paths, nil)
		h.c.Files.Forget()
		h.c.Files.Each = l.each
		d, p := h, h.p
		p.ix, p.res = nil, nil
		t0 := time.Now()
		d.do(h.open())
		if p.input == "" {
			for _, r := range q {
				d.feedPress(string(r))
			}
		}
		d.until("first results", func() bool { return p.res != nil && p.res.query == q && !p.matching })
		took = append(took, time.Since(t0))
		l.open()
		d.until("the listing's end", func() bool { return h.c.Files.Done && !p.building && !p.matching })
		d.do(p.Close())
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-first-results")
}

// BenchmarkFindReopen is reopening find on the same 92,000 paths once they
// are listed: the typed query's results are there without listing or
// indexing again.
func BenchmarkFindReopen(b *testing.B) {
	h := newHarness(b, fixtureRepo(b), 84, 38)
	l := newPacedListing(b, benchPaths(92_000), nil)
	l.open()
	h.c.Files.Each = l.each
	d, p := h, h.p
	d.do(h.open())
	for _, r := range "servauthtok" {
		d.feedPress(string(r))
	}
	d.until("the whole set matched", func() bool { return h.c.Files.Done && p.ixAt.Done && p.res != nil && !p.matching && !p.building })
	d.do(p.Close())
	for b.Loop() {
		d.do(h.open())
		d.until("results", func() bool { return p.res != nil && !p.matching })
		d.do(p.Close())
	}
	if n := l.calls.Load(); n != 1 {
		b.Fatalf("reopening listed again: %d listings", n)
	}
}
