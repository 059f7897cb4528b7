package find

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
)

// findTyping is what a person types: each prefix of these queries is one
// keystroke, and the last pass's matches are the next pass's pool.
var findTyping = []string{"servauthtok", "model.go", "web/compsearch", "qworktest", "cfgyaml"}

// BenchmarkFindMatch times matchFiles alone, keystroke by keystroke, on
// 92,000 and 1,000,000 generated paths, and reports the median, 90th
// percentile and worst keystroke.
func BenchmarkFindMatch(b *testing.B) {
	for _, n := range []int{92_000, 1_000_000} {
		paths := panetest.MonorepoPaths(n)
		ix := newFileIndex(paths, paths)
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			var times, cpus []time.Duration
			for b.Loop() {
				for _, q := range findTyping {
					var base *findMatches
					for i := 1; i <= len(q); i++ {
						t0, c0 := time.Now(), cpuTime()
						base = matchFiles(ix, q[:i], base, findRankFirst, nil)
						times = append(times, time.Since(t0))
						cpus = append(cpus, cpuTime()-c0)
					}
				}
			}
			reportKeys(b, times, cpus)
		})
	}
}

// reportKeys reports the wall time per keystroke (median, 90th
// percentile, worst) and the median CPU time the process spent on it (all
// goroutines): on a busy machine the wall time also holds the wait for a
// core.
func reportKeys(b *testing.B, times, cpus []time.Duration) {
	slices.Sort(times)
	slices.Sort(cpus)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "ms/key-median")
	b.ReportMetric(ms(times[len(times)*9/10]), "ms/key-p90")
	b.ReportMetric(ms(times[len(times)-1]), "ms/key-max")
	b.ReportMetric(ms(cpus[len(cpus)/2]), "cpu-ms/key-median")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkFindKeystroke times what a person waits for: from the key
// press reaching Update, through the pass the command runs, to the result
// delivered back as the root delivers it (the envelope, the generation
// check, the pane taking it) and the overlay drawn (the overlay alone,
// not the whole screen since find moved out of the root: the tree and
// status lines are not in this time) — on 92,000 generated paths,
// each prefix of findTyping one keystroke. It reports the median, 90th
// percentile and worst keystroke.
func BenchmarkFindKeystroke(b *testing.B) {
	for _, n := range []int{92_000, 1_000_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { benchFindKeystroke(b, panetest.MonorepoPaths(n)) })
	}
}

// benchFindKeystroke is BenchmarkFindKeystroke on one set of paths (issue
// 26: 92k as a large monorepo, 1M as the synthetic million-file one).
func benchFindKeystroke(b *testing.B, paths []string) {
	h := newHarness(b, fixtureRepo(b), 84, 38)
	h.run(h.open())
	p := h.p
	p.ix, p.res = newFileIndex(paths, paths), nil
	var times, cpus []time.Duration
	for b.Loop() {
		for _, q := range findTyping {
			p.input, p.res = "", nil
			for _, r := range q {
				t0, c0 := time.Now(), cpuTime()
				cmd := p.Update(panetest.Key(string(r)))
				for _, env := range envelopes(cmd, pane.Find, pane.JobMatch) {
					h.deliver(env)
				}
				_ = p.View(84, 38, true)
				times = append(times, time.Since(t0))
				cpus = append(cpus, cpuTime()-c0)
			}
			if p.res == nil || p.res.query != q {
				b.Fatalf("no result for %q", q)
			}
		}
	}
	reportKeys(b, times, cpus)
}

// BenchmarkFindIndex is building the index find matches over, once per
// version of the file set, at 92,000 and 1,000,000 generated paths.
func BenchmarkFindIndex(b *testing.B) {
	for _, n := range []int{92_000, 1_000_000} {
		paths := panetest.MonorepoPaths(n)
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			for b.Loop() {
				newFileIndex(paths, paths)
			}
		})
	}
}

// BenchmarkFindBackspace times what a person waits for on a backspace
// (as BenchmarkFindKeystroke times a key), on 1,000,000 generated paths:
// each query of findTyping typed, then taken back one character at a
// time to nothing.
func BenchmarkFindBackspace(b *testing.B) {
	h := newHarness(b, fixtureRepo(b), 84, 38)
	h.run(h.open())
	p := h.p
	paths := panetest.MonorepoPaths(1_000_000)
	p.ix, p.res, p.passes = newFileIndex(paths, paths), nil, nil
	press := func(k string) {
		for _, env := range envelopes(p.Update(panetest.Key(k)), pane.Find, pane.JobMatch) {
			h.deliver(env)
		}
		_ = p.View(84, 38, true)
	}
	var times, cpus []time.Duration
	for b.Loop() {
		for _, q := range findTyping {
			for _, r := range q {
				press(string(r))
			}
			for range q {
				t0, c0 := time.Now(), cpuTime()
				press("backspace")
				times = append(times, time.Since(t0))
				cpus = append(cpus, cpuTime()-c0)
			}
			if p.input != "" || p.res == nil || p.res.query != "" {
				b.Fatalf("backspaced to %q, result for %v", p.input, p.res)
			}
		}
	}
	reportKeys(b, times, cpus)
}
