package repoops

import (
	"context"
	"testing"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// BenchmarkGrepScanCorpus is repo_grep's scan alone: REPOX_BENCH_CORPUS's
// text files are read into memory once, then counted with the tool's
// scanner (eachMatch), so the numbers are the matcher and the per-match
// work without the open/read system calls.
func BenchmarkGrepScanCorpus(b *testing.B) {
	r := corpusRepo(b)
	var files [][]byte
	var total int64
	rd := r.fs.Scanner()
	if _, err := r.eachFile(context.Background(), "", func(p string) {
		var buf []byte
		if data, oc := rd.Read(p, &buf, grepMaxFileBytes); oc == rootfs.ScanRead && !looksBinary(data) {
			files = append(files, data)
			total += int64(len(data))
		}
	}); err != nil {
		b.Fatal(err)
	}
	rd.Close()
	for _, c := range []struct {
		name, pat string
		cs        bool
	}{
		{"ErrUnexpectedEOF", "ErrUnexpectedEOF", true},
		{"err", "err", true},
		{"zzqqxxnomatch", "zzqqxxnomatch", true},
		{"fold/errunexpectedeof", "errunexpectedeof", false},
		{"fold/err", "err", false},
	} {
		m := newMatcher(c.pat, c.cs)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(total)
			for b.Loop() {
				n := 0
				for _, f := range files {
					n += eachMatch(f, m, nil)
				}
				if n < 0 {
					b.Fatal(n)
				}
			}
		})
	}
}
