package repoops

import (
	"context"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// randomText is n pseudo-random bytes with no NUL (so it is searched, not
// skipped as binary): the worst case for any prefilter.
func randomText(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	b := make([]byte, n)
	for i := range b {
		c := byte(r.Uint32())
		if c == 0 {
			c = 1
		}
		b[i] = c
	}
	return b
}

// BenchmarkGrepFoldRandom searches 64 MiB of random bytes (eight 8 MiB
// files, the largest grep reads) with and without case folding; MB/s is the
// comparable number.
func BenchmarkGrepFoldRandom(b *testing.B) {
	dir := b.TempDir()
	const files, size = 8, 8<<20 - 1
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, "r"+string(rune('0'+i))+".bin"), randomText(size, uint64(i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	s := openSession(b, dir)
	ctx := context.Background()
	for _, c := range []struct {
		name, pat string
		cs        bool
	}{
		{"sensitive/ErrUnexpectedEOF", "ErrUnexpectedEOF", true},
		{"fold/ErrUnexpectedEOF", "ErrUnexpectedEOF", false},
		{"sensitive/err", "err", true},
		{"fold/err", "err", false},
		{"fold/kelvin-s", "kiss", false},
		{"fold/non-ascii", "Grüße", false},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(files * size)
			for b.Loop() {
				if _, err := s.Grep(ctx, GrepArgs{Pattern: c.pat, CaseSensitive: ptr(c.cs)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGrepFoldGoroot searches $(go env GOROOT)/src (a plain folder)
// with and without case folding.
func BenchmarkGrepFoldGoroot(b *testing.B) {
	dir := repotest.GoRootSrc(b)
	var total int64
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil && fi.Size() <= grepMaxFileBytes {
				total += fi.Size()
			}
		}
		return nil
	})
	s := openSession(b, dir)
	ctx := context.Background()
	for _, c := range []struct {
		name, pat string
		cs        bool
	}{
		{"sensitive/ErrUnexpectedEOF", "ErrUnexpectedEOF", true},
		{"fold/ErrUnexpectedEOF", "ErrUnexpectedEOF", false},
		{"sensitive/err", "err", true},
		{"fold/err", "err", false},
		{"fold/non-ascii", "Grüße", false},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(total)
			for b.Loop() {
				if _, err := s.Grep(ctx, GrepArgs{Pattern: c.pat, CaseSensitive: ptr(c.cs)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFoldWorstCase is the adversarial pattern of
// TestFoldFinderBoundsWorkOnAdversarialInput on 8 MiB.
func BenchmarkFoldWorstCase(b *testing.B) {
	pat := "aa" + strings.Repeat("ba", 499)
	hay := []byte(strings.Repeat("ba", 4<<20))
	b.Run("fold", func(b *testing.B) {
		f := newFoldFinder(pat)
		b.SetBytes(int64(len(hay)))
		for b.Loop() {
			if s, _ := f.index(hay); s >= 0 {
				b.Fatal("match")
			}
		}
	})
	b.Run("sensitive", func(b *testing.B) {
		f := newFinder([]byte(pat))
		b.SetBytes(int64(len(hay)))
		for b.Loop() {
			if f.index(hay) >= 0 {
				b.Fatal("match")
			}
		}
	})
}
