package search

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
)

// The search's cost on synthetic Claude Code transcripts: building the
// index, answering once it is built, and, for scale, discovery alone, a
// scan without index and ripgrep counting the same word in the same
// files. The default is small; the size is
//
//	REPOX_SEARCH_BENCH_MB=1024 REPOX_SEARCH_BENCH_SESSIONS=500 go test ./replay/search -run '^$' -bench Search -benchtime 1x -timeout 3h
//
// Each b.Loop iteration of a sub-benchmark runs its work reps times and
// reports the median run (p50-ms); no test asserts a time.
func BenchmarkSearch(b *testing.B) {
	mb := envInt("REPOX_SEARCH_BENCH_MB", 24)
	sessions := envInt("REPOX_SEARCH_BENCH_SESSIONS", 40)
	h := &home{t: b, dir: b.TempDir(), repo: filepath.Join(b.TempDir(), "my.repo")}
	os.MkdirAll(h.repo, 0o755)
	start := time.Now()
	total := writeBenchSessions(b, h, sessions, mb<<20)
	b.Logf("%d sessions, %.0f MB of transcripts, written in %v", sessions, float64(total)/(1<<20), time.Since(start).Round(time.Millisecond))
	ctx := context.Background()
	find := func(b *testing.B, q, cache string) int {
		var errOut bytes.Buffer
		hits, err := Find(ctx, Options{Dir: h.repo, Query: q, Env: h.env(), CacheDir: cache}, &errOut)
		if err != nil || errOut.Len() != 0 {
			b.Fatalf("%v %s", err, errOut.String())
		}
		return len(hits)
	}
	cache := b.TempDir()
	refreshBudget = time.Hour // the whole index, in one search
	b.Cleanup(func() { refreshBudget = 3 * time.Second })
	b.Run("build", func(b *testing.B) {
		timed(b, 1, func() {
			os.RemoveAll(cache)
			find(b, "rarezebra", cache)
		})
		if st, err := os.Stat(filepath.Join(cache, IndexName)); err == nil {
			b.ReportMetric(float64(st.Size())/(1<<20), "index-MB")
		}
	})
	find(b, "rarezebra", cache) // built, whatever ran above
	for _, q := range []struct{ name, query string }{
		{"rare", "rarezebra"},        // in a few pieces
		{"two-words", "quux garply"}, // each common, together less so
		{"absent", "notthere"},
		{"short", "zq"}, // under 3 characters: every piece of the folder read from the index
	} {
		b.Run("query/"+q.name, func(b *testing.B) {
			n := 0
			timed(b, 20, func() { n = find(b, q.query, cache) })
			b.ReportMetric(float64(n), "hits")
		})
	}
	var paths []string
	b.Run("discover", func(b *testing.B) {
		timed(b, 3, func() {
			d, err := discover.DiscoverAll(ctx, h.repo, *h.env())
			if err != nil {
				b.Fatal(err)
			}
			paths = paths[:0]
			for _, s := range d.Sessions {
				paths = append(paths, s.Path)
			}
		})
	})
	b.Run("index-only/rare", func(b *testing.B) {
		var errOut bytes.Buffer
		timed(b, 20, func() {
			ix, note := openIndex(cache, &errOut)
			if ix == nil {
				b.Fatal(note)
			}
			if _, err := ix.search(ctx, paths, Words("rarezebra")); err != nil {
				b.Fatal(err)
			}
			ix.close()
		})
	})
	b.Run("scan/rare", func(b *testing.B) { timed(b, 3, func() { find(b, "rarezebra", "off") }) })
	if rg, err := exec.LookPath("rg"); err == nil {
		b.Run("rg-c/rare", func(b *testing.B) {
			timed(b, 20, func() {
				// rg exits 1 when nothing matched; the count is what is timed
				exec.Command(rg, "-c", "-i", "-F", "rarezebra", filepath.Join(h.dir, ".claude")).Run()
			})
		})
	}
}

// timed runs f reps times in each b.Loop iteration and reports the
// median run.
func timed(b *testing.B, reps int, f func()) {
	var d []time.Duration
	for b.Loop() {
		for range reps {
			t := time.Now()
			f()
			d = append(d, time.Since(t))
		}
	}
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, "p50-ms")
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// writeBenchSessions writes n Claude Code sessions of about total bytes
// in all: prompts, the agent's text, and Read, Bash and Grep calls whose
// results are lines of pseudo-words (rarezebra in about one piece in a
// thousand); it returns the bytes written.
func writeBenchSessions(b *testing.B, h *home, n, total int) int {
	r := rand.New(rand.NewPCG(7, 7))
	vocab := make([]string, 5000)
	for i := range vocab {
		w := make([]byte, 3+r.IntN(8))
		for j := range w {
			w[j] = byte('a' + r.IntN(26))
		}
		vocab[i] = string(w)
	}
	vocab[0], vocab[1] = "quux", "garply"
	words := func(k int) string {
		var sb strings.Builder
		for i := range k {
			if i > 0 {
				sb.WriteByte(' ')
			}
			switch x := r.IntN(1000); {
			case x == 0 && r.IntN(20) == 0:
				sb.WriteString("rarezebra")
			case x < 20:
				sb.WriteString(vocab[x%2]) // quux, garply
			default:
				sb.WriteString(vocab[r.IntN(len(vocab))])
			}
		}
		return sb.String()
	}
	lines := func(k int) string {
		var sb strings.Builder
		for i := range k {
			fmt.Fprintf(&sb, "%6d\t%s\n", i+1, words(4+r.IntN(8)))
		}
		return sb.String()
	}
	written := 0
	for s := range n {
		c := newCC(b, h.repo, fmt.Sprintf("bench-%04d", s), time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(s)*time.Hour))
		for call := 0; c.sb.Len() < total/n; call++ {
			if call%8 == 0 {
				c.prompt(words(20 + r.IntN(40)))
			}
			c.say(words(10 + r.IntN(30)))
			id := fmt.Sprintf("t%d", call)
			switch call % 3 {
			case 0:
				c.call(id, "Read", map[string]any{"file_path": h.repo + "/src/" + vocab[r.IntN(len(vocab))] + ".go"}, lines(50+r.IntN(300)))
			case 1:
				c.call(id, "Bash", map[string]any{"command": "go test ./" + vocab[r.IntN(len(vocab))]}, lines(5+r.IntN(40)))
			default:
				c.call(id, "Grep", map[string]any{"pattern": words(1), "output_mode": "content"}, lines(10+r.IntN(30)))
			}
		}
		h.write(filepath.Join(h.claudeDir(), fmt.Sprintf("bench-%04d.jsonl", s)), c.String(), time.Hour)
		written += c.sb.Len()
	}
	return written
}
