package grep

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops/repotest"
)

// BenchmarkSearchStream runs the search overlay's search as the program
// does — the command, the batches to the pane, the rows built
// — on a large real tree: $REPOX_BENCH_GOSRC (a git copy of GOROOT/src),
// else GOROOT/src itself. It reports the median time to the first results
// on screen, to the full count, and repo_grep's own time for the same
// request (Session.Grep, what `repox call repo_grep` runs), and their
// ratio.
func BenchmarkSearchStream(b *testing.B) {
	dir := os.Getenv("REPOX_BENCH_GOSRC")
	if dir == "" {
		dir = repotest.GoRootSrc(b)
	}
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no tree to search:", err)
	}
	h := newHarness(b, dir, 80, 38)
	for _, pat := range []string{"ErrUnexpectedEOF", "return nil"} {
		b.Run(pat, func(b *testing.B) {
			var first, full, tool []time.Duration
			for b.Loop() {
				p := New(h.c)
				p.SetSize(80, 38)
				p.pattern = pat
				t0 := time.Now()
				var firstAt time.Duration
				cmd := p.start()
				for cmd != nil {
					env, ok := cmd().(pane.Msg)
					if !ok || env.Msg == nil || env.Gen != p.gen {
						b.Fatal("batch lost")
					}
					cmd = p.Update(env.Msg)
					_ = p.View(80, 38, true)
					if firstAt == 0 && len(p.files) > 0 {
						firstAt = time.Since(t0)
					}
				}
				full = append(full, time.Since(t0))
				first = append(first, firstAt)
				t1 := time.Now()
				res, err := h.c.Session.Grep(context.Background(), p.args())
				tool = append(tool, time.Since(t1))
				if err != nil || res.TotalLines != p.totalLines {
					b.Fatalf("stream counted %d lines, repo_grep %+v %v", p.totalLines, res, err)
				}
			}
			med := func(ds []time.Duration) float64 {
				slices.Sort(ds)
				return float64(ds[len(ds)/2].Microseconds()) / 1000
			}
			f, t := med(full), med(tool)
			b.ReportMetric(med(first), "ms-first-median")
			b.ReportMetric(f, "ms-full-median")
			b.ReportMetric(t, "ms-repo_grep-median")
			b.ReportMetric(f/t, "full/repo_grep")
			b.ReportMetric(0, "ns/op")
		})
	}
}
