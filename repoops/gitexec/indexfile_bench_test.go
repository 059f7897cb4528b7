package gitexec

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// BenchmarkParseIndexCorpus is the direct read of a real index file
// (REPOX_BENCH_CORPUS), the tracked half of every file-set listing.
func BenchmarkParseIndexCorpus(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(repotest.BenchCorpus(b), ".git", "index"))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, ok := parseIndex(data, ""); !ok {
			b.Fatal("the corpus index was not read")
		}
	}
}
