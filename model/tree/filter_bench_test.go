package tree

import (
	"fmt"
	"testing"
)

// filterBenchPaths is n file paths spread over folders four to six deep, the
// shape of a large monorepo.
func filterBenchPaths(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("copy%d/src/pkg%03d/sub%02d/deep%d/file%05d.go", i%8, i%300, i%17, i%5, i)
	}
	return out
}

// BenchmarkTreeFilterPass is one filter pass over 92,000 files (what each
// key costs, off the update loop).
func BenchmarkTreeFilterPass(b *testing.B) {
	ix := buildFilterIndex(filterBenchPaths(92_000), nil)
	b.ResetTimer()
	for b.Loop() {
		filterPass(ix, "file0123", func() bool { return false })
	}
}

// BenchmarkTreeFilterIndex is reading 92,000 paths into the filter's index
// (once per opening, off the update loop).
func BenchmarkTreeFilterIndex(b *testing.B) {
	paths := filterBenchPaths(92_000)
	for b.Loop() {
		buildFilterIndex(paths, nil)
	}
}
