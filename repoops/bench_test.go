package repoops

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// genTree writes a synthetic repository: files spread over nested folders,
// Go-like content with a rare and a common word, and an ignored folder.
func genTree(b *testing.B, files int) string {
	b.Helper()
	dir := b.TempDir()
	body := strings.Repeat("func handle(err error) error {\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n", 40)
	for i := 0; i < files; i++ {
		// About 50 files a folder over three levels, like a real Go tree.
		p := filepath.Join(dir, fmt.Sprintf("pkg%02d/sub%02d/leaf%d/file%05d.go", i%20, (i/20)%5, (i/100)%2, i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		content := body
		if i%997 == 0 {
			content += "// RareNeedleToken\n"
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	writeFiles(b, dir, map[string]string{".gitignore": "node_modules/\n", "node_modules/x/y.js": "ignored\n"})
	return dir
}

func benchSession(b *testing.B, files int) *Session {
	return openSession(b, genTree(b, files))
}

func BenchmarkGrep(b *testing.B) {
	s := benchSession(b, 10000)
	ctx := context.Background()
	for _, pat := range []string{"RareNeedleToken", "err", "zzqqxxnomatch"} {
		b.Run(pat, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.Grep(ctx, GrepArgs{Pattern: pat}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("ignore-case", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := s.Grep(ctx, GrepArgs{Pattern: "rareneedle", CaseSensitive: ptr(false)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFind(b *testing.B) {
	s := benchSession(b, 10000)
	ctx := context.Background()
	for _, q := range []string{"file0042", "**/leaf1/*.go", "nomatchatall"} {
		b.Run(q, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.Find(ctx, FindArgs{Query: q}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTree(b *testing.B) {
	s := benchSession(b, 10000)
	ctx := context.Background()
	b.Run("root-default", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := s.Tree(ctx, TreeArgs{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-folder", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := s.Tree(ctx, TreeArgs{Path: "pkg07/sub03", MaxDepth: ptr(1)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkReadFile(b *testing.B) {
	dir := b.TempDir()
	writeFiles(b, dir, map[string]string{"big.txt": numbered(100000, "some line of text")})
	s := openSession(b, dir)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if _, err := s.ReadFile(ctx, ReadArgs{Path: "big.txt", Offset: ptr(50000), Limit: ptr(1000)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGrepCorpus runs on a real tree when REPOX_BENCH_CORPUS names one
// (.ci/bench-grep builds a git copy of $(go env GOROOT)/src).
func BenchmarkGrepCorpus(b *testing.B) {
	dir := repotest.BenchCorpus(b)
	r := openRepo(b, dir)
	s := r.NewSession()
	ctx := context.Background()
	for _, pat := range []string{"ErrUnexpectedEOF", "err", "zzqqxxnomatch"} {
		b.Run(pat, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.Grep(ctx, GrepArgs{Pattern: pat}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("fileset", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, _, err := r.fileSet(ctx, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkReadDeepWindowBigFile pages through a 64 MiB log the way the TUI
// scrolls: after the first read the line index makes each window cheap.
func BenchmarkReadDeepWindowBigFile(b *testing.B) {
	dir := b.TempDir()
	line := strings.Repeat("x", 63) + "\n"
	writeFiles(b, dir, map[string]string{"big.log": strings.Repeat(line, (64<<20)/len(line))})
	s := openSession(b, dir)
	ctx := context.Background()
	if _, err := s.ReadFile(ctx, ReadArgs{Path: "big.log"}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		off := 1 + (i*7919*1000)%1_000_000
		if _, err := s.ReadFile(ctx, ReadArgs{Path: "big.log", Offset: ptr(off), Limit: ptr(1000)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstListingCorpus is what the explorer does before its first
// frame: open the repository and list its root (REPOX_BENCH_CORPUS).
func BenchmarkFirstListingCorpus(b *testing.B) {
	dir := repotest.BenchCorpus(b)
	for i := 0; i < b.N; i++ {
		r, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.ListDir(""); err != nil {
			b.Fatal(err)
		}
		r.Close()
	}
}
