package model

import (
	"os"
	"testing"
)

// BenchmarkRootRowsCorpus is start-up to the root's rows on screen in a real
// git repository (REPOX_BENCH_CORPUS; .ci/bench builds /tmp/repox-bench/mono,
// 92k files): open it, list the root through the core, lay out and render.
func BenchmarkRootRowsCorpus(b *testing.B) {
	dir := os.Getenv("REPOX_BENCH_CORPUS")
	if dir == "" {
		b.Skip("set REPOX_BENCH_CORPUS to a repository")
	}
	for b.Loop() {
		m, repo := benchModel(b, dir)
		if len(m.tree.rows) == 0 || m.Render() == "" {
			b.Fatal("no root rows")
		}
		repo.Close()
	}
}
