package gitexec

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkIndexFileCorpus reads REPOX_BENCH_CORPUS's index through the
// window (readIndexFile) and, for comparison in the same run, whole (the
// reference, as repox read it before).
func BenchmarkIndexFileCorpus(b *testing.B) {
	dir := os.Getenv("REPOX_BENCH_CORPUS")
	if dir == "" {
		b.Skip("REPOX_BENCH_CORPUS is not set")
	}
	g := detectAt(b, dir)
	c, err := g.config(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("window", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, ok := g.readIndexFile(c, 256<<20); !ok {
				b.Fatal("the index was refused")
			}
		}
	})
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, ok := parseIndexBytes(readOuter(filepath.Join(g.gitDir, "index"), 256<<20), ""); !ok {
				b.Fatal("the index was refused")
			}
		}
	})
}
