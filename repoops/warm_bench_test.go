package repoops

import (
	"context"
	"os"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// warmBenchCorpus is REPOX_BENCH_CORPUS, else /tmp/gosrc-speed when it is
// a git copy of Go's source (see docs/performance.md), else skipped.
func warmBenchCorpus(b *testing.B) string {
	if os.Getenv("REPOX_BENCH_CORPUS") == "" {
		if st, err := os.Stat("/tmp/gosrc-speed/.git"); err == nil && st.IsDir() {
			return "/tmp/gosrc-speed"
		}
	}
	return repotest.BenchCorpus(b)
}

// BenchmarkWarmCalls: one op is 20 calls of one request, as an agent's
// session repeats them: in one warm session (repox mcp), and each on a
// freshly opened repository (what repox call pays, start-up aside).
func BenchmarkWarmCalls(b *testing.B) {
	dir := warmBenchCorpus(b)
	ctx := context.Background()
	for _, q := range []struct{ name, tool, args string }{
		{"find-nomatch", "repo_find", `{"query":"zzqqxxnomatch"}`},
		{"find-test", "repo_find", `{"query":"test"}`},
		{"tree", "repo_tree", `{}`},
		{"grep-rare", "repo_grep", `{"pattern":"ErrUnexpectedEOF"}`},
	} {
		b.Run(q.name+"/warm", func(b *testing.B) {
			r, err := Open(dir)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			r.KeepWarm()
			s := r.NewSession()
			s.Call(ctx, q.tool, []byte(q.args))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < 20; j++ {
					if res := s.Call(ctx, q.tool, []byte(q.args)); res.IsError {
						b.Fatal(res.Text)
					}
				}
			}
			b.StopTimer()
			if lists, _, drops := r.WarmCounts(); lists > 1 || drops > 0 {
				b.Fatalf("the listing was made %d times and dropped %d times, want it kept (the corpus changed, or is too new to keep: keepMargin)", lists, drops)
			}
		})
		b.Run(q.name+"/fresh", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for j := 0; j < 20; j++ {
					r, err := Open(dir)
					if err != nil {
						b.Fatal(err)
					}
					if res := r.NewSession().Call(ctx, q.tool, []byte(q.args)); res.IsError {
						b.Fatal(res.Text)
					}
					r.Close()
				}
			}
		})
	}
}
