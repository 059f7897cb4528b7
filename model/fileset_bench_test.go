package model

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
	m := start(b, fixtureRepo(b), 120, 40)
	paths := benchPaths(92_000)
	const q = "servauthtok"
	var took []time.Duration
	for b.Loop() {
		l := newPacedListing(b, paths, nil)
		m.Files.Forget()
		m.Files.Each = l.each
		d := newFeedDriver(b, m)
		if m.find != nil {
			m.find.ix, m.find.res = nil, nil
		}
		t0 := time.Now()
		d.press("f")
		p := m.Overlays.Top().(*findPane)
		if p.input == "" {
			for _, r := range q {
				d.press(string(r))
			}
		}
		d.until("first results", func() bool { return p.res != nil && p.res.query == q && !p.matching })
		took = append(took, time.Since(t0))
		l.open()
		d.until("the listing's end", func() bool { return m.Files.Done && !p.building && !p.matching })
		d.press("esc")
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-first-results")
}

// BenchmarkFindReopen is reopening find on the same 92,000 paths once they
// are listed: the typed query's results are there without listing or
// indexing again.
func BenchmarkFindReopen(b *testing.B) {
	m := start(b, fixtureRepo(b), 120, 40)
	l := newPacedListing(b, benchPaths(92_000), nil)
	l.open()
	m.Files.Each = l.each
	d := newFeedDriver(b, m)
	d.press("f")
	for _, r := range "servauthtok" {
		d.press(string(r))
	}
	p := m.Overlays.Top().(*findPane)
	d.until("the whole set matched", func() bool { return m.Files.Done && p.ixAt.Done && p.res != nil && !p.matching && !p.building })
	d.press("esc")
	for b.Loop() {
		d.press("f")
		d.until("results", func() bool { return p.res != nil && !p.matching })
		d.press("esc")
	}
	if n := l.calls.Load(); n != 1 {
		b.Fatalf("reopening listed again: %d listings", n)
	}
}
