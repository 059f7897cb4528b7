package model

import (
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// BenchmarkRootRowsCorpus is start-up to the root's rows on screen in a real
// git repository (REPOX_BENCH_CORPUS; .ci/bench builds /tmp/repox-bench/mono,
// 92k files): open it, list the root through the core, lay out and render.
func BenchmarkRootRowsCorpus(b *testing.B) {
	dir := repotest.BenchCorpus(b)
	for b.Loop() {
		m, repo := benchModel(b, dir)
		if len(m.tree.Rows()) == 0 || m.Render() == "" {
			b.Fatal("no root rows")
		}
		repo.Close()
	}
}
