package panetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// MonorepoPaths makes n paths shaped like a large monorepo's: services with
// Go packages and tests, a web front end with components, docs, vendored
// third-party code and generated protos, several levels deep.
func MonorepoPaths(n int) []string {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"auth", "billing", "cache", "config", "core", "data", "event", "gateway", "http", "index", "job", "kafka", "log", "metrics", "model", "net", "order", "parser", "query", "queue", "render", "router", "schema", "search", "server", "session", "storage", "stream", "sync", "task", "token", "user", "util", "worker"}
	exts := []string{".go", "_test.go", ".go", ".ts", ".tsx", ".md", ".proto", ".py", ".yaml", ".json", ".c", ".h"}
	tops := []string{"services", "libs", "web/src/components", "tools", "third_party", "docs", "gen/proto", "internal", "cmd", "pkg"}
	w := func() string { return words[rng.IntN(len(words))] }
	seen := map[string]bool{}
	out := make([]string, 0, n)
	for len(out) < n {
		p := tops[rng.IntN(len(tops))] + "/" + w()
		for d := rng.IntN(4); d > 0; d-- {
			p += "/" + w()
		}
		name := w()
		if rng.IntN(3) == 0 {
			name += "_" + w()
		}
		if rng.IntN(4) == 0 {
			name = fmt.Sprintf("%s%d", name, rng.IntN(100))
		}
		p += "/" + name + exts[rng.IntN(len(exts))]
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		if repoops.PathLess(a, b) {
			return -1
		}
		return 1
	})
	// A listing reads its paths in order, so they lie in memory in order:
	// lay them out so, not where generating them left them.
	all := strings.Join(out, "")
	at := 0
	for i, p := range out {
		out[i] = all[at : at+len(p)]
		at += len(p)
	}
	return out
}

// PacedListing stands in for repoops.EachFile: it lists first, then waits
// until Open (the untracked walk still running), then lists rest. The
// test's cleanup opens it.
type PacedListing struct {
	first, rest []string
	gate        chan struct{}
	once        sync.Once
	calls       atomic.Int32
}

// NewPacedListing lists first at once and rest after Open.
func NewPacedListing(t testing.TB, first, rest []string) *PacedListing {
	l := &PacedListing{first: first, rest: rest, gate: make(chan struct{})}
	t.Cleanup(l.Open)
	return l
}

// Open lets the listing go on to rest.
func (l *PacedListing) Open() { l.once.Do(func() { close(l.gate) }) }

// Calls is how many times the listing was asked for.
func (l *PacedListing) Calls() int { return int(l.calls.Load()) }

// Each is the listing, as pane.Common.Files.Each takes it.
func (l *PacedListing) Each(ctx context.Context, visit func(string)) (int, error) {
	l.calls.Add(1)
	for _, p := range l.first {
		visit(p)
	}
	select {
	case <-l.gate:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	for _, p := range l.rest {
		visit(p)
	}
	return 0, nil
}
