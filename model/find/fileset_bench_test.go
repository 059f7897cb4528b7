package find

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/repoxhq/repox/model/panetest"
)

// BenchmarkFindFirstResults is opening find with a query typed on a file
// set of 92,000 generated paths that an in-process stand-in lists (the
// tracked paths at once, then an untracked walk that has not ended): the
// time from the key to the first ranked results on screen, matched over
// the paths listed so far. It reports the median.
func BenchmarkFindFirstResults(b *testing.B) {
	h := newHarness(b, fixtureRepo(b), 84, 38)
	paths := panetest.MonorepoPaths(92_000)
	const q = "servauthtok"
	var took []time.Duration
	for b.Loop() {
		l := panetest.NewPacedListing(b, paths, nil)
		h.c.Files.Forget()
		h.c.Files.Each = l.Each
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
		l.Open()
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
	l := panetest.NewPacedListing(b, panetest.MonorepoPaths(92_000), nil)
	l.Open()
	h.c.Files.Each = l.Each
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
	if n := l.Calls(); n != 1 {
		b.Fatalf("reopening listed again: %d listings", n)
	}
}

// BenchmarkFindFullList is opening find on a file set of 1,000,000
// generated paths, listed by an in-process stand-in that does not wait:
// the time from the key to the pane's complete, final list for the query
// (every path, in path order, for the empty one) over the whole set. It
// is what issue 26 calls the full list; it holds the listing's batches,
// every index build they start, and the last pass.
func BenchmarkFindFullList(b *testing.B) {
	paths := panetest.MonorepoPaths(1_000_000)
	for _, q := range []string{"", "model.go"} {
		name := q
		if name == "" {
			name = "empty"
		}
		b.Run(name, func(b *testing.B) { benchFullList(b, paths, q) })
	}
}

func benchFullList(b *testing.B, paths []string, q string) {
	h := newHarness(b, fixtureRepo(b), 84, 38)
	d, p := h, h.p
	var took, cpus []time.Duration
	for b.Loop() {
		l := panetest.NewPacedListing(b, paths, nil)
		l.Open()
		h.c.Files.Forget()
		h.c.Files.Each = l.Each
		p.ix, p.res, p.input = nil, nil, q
		t0, c0 := time.Now(), cpuTime()
		d.do(h.open())
		d.until("the full list", func() bool {
			return h.c.Files.Done && p.ixAt.Done && !p.building && !p.matching && p.res != nil && p.res.query == q
		})
		took = append(took, time.Since(t0))
		cpus = append(cpus, cpuTime()-c0)
		if q == "" && !p.res.complete() {
			b.Fatalf("the empty query's list is not complete: %d of %d", p.res.ranked(), len(p.res.ids))
		}
		d.do(p.Close())
	}
	slices.Sort(took)
	slices.Sort(cpus)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-full-list")
	b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "cpu-ms-full-list")
	b.ReportMetric(heapMiB(), "heap-MiB-after")
	runtime.KeepAlive(h) // the pane, its set and index: measured above
}

// heapMiB is the heap live after a collection: with the pane open on its
// full list, what the set, its index and the list hold (and the
// benchmark's own copy of the paths).
func heapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}
