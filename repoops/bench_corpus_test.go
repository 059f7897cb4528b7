package repoops

import (
	"context"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// corpusRepo opens REPOX_BENCH_CORPUS (.ci/bench builds /tmp/repox-bench/gosrc
// and /tmp/repox-bench/mono) or skips.
func corpusRepo(b *testing.B) *Repo {
	return openRepo(b, repotest.BenchCorpus(b))
}

// BenchmarkFindCorpus is repo_find in process on a real tree: no match, a
// query with thousands of matches, and a glob. On a shared machine read the
// CPU metrics: cpu-ms/op is this process's, git-cpu-ms/op its git children's.
func BenchmarkFindCorpus(b *testing.B) {
	r := corpusRepo(b)
	ctx := context.Background()
	for _, q := range []string{"zzqqxxnomatch", "test", "**/*_test.go"} {
		b.Run(q, func(b *testing.B) {
			self0, kids0 := cpuTimes()
			for i := 0; i < b.N; i++ {
				if _, err := r.NewSession().Find(ctx, FindArgs{Query: q}); err != nil {
					b.Fatal(err)
				}
			}
			self1, kids1 := cpuTimes()
			b.ReportMetric(float64(self1-self0)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(kids1-kids0)/1e6/float64(b.N), "git-cpu-ms/op")
		})
	}
}

// BenchmarkTreeCorpus is repo_tree {} as a fresh process sees it: a new Repo
// each time, so no ignore rules or git lists are cached.
func BenchmarkTreeCorpus(b *testing.B) {
	dir := repotest.BenchCorpus(b)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		r, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.NewSession().Tree(ctx, TreeArgs{}); err != nil {
			b.Fatal(err)
		}
		r.Close()
	}
}
