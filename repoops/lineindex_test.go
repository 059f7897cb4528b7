package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A window read through the line index equals the same window read by a
// full scan, and the index goes stale when the file changes.
func TestLineIndexWindowsEqualFullScans(t *testing.T) {
	var b strings.Builder
	for i := 1; b.Len() < lineIndexMinSize+1<<20; i++ {
		b.WriteString("line ")
		b.WriteString(itoa(i))
		b.WriteString(strings.Repeat(" pad", i%13))
		b.WriteByte('\n')
	}
	b.WriteString("last line without newline")
	dir := plainDir(t, map[string]string{"big.log": b.String()})
	ctx := context.Background()
	warm := openSession(t, dir)
	if _, err := warm.ReadFile(ctx, ReadArgs{Path: "big.log"}); err != nil {
		t.Fatal(err)
	}
	if warm.repo.lineIdx["big.log"] == nil {
		t.Fatal("no line index was built for a big file")
	}
	total := CountLines([]byte(b.String()))
	for _, off := range []int{1, 2, 1023, 1024, 1025, 2048, 50_000, total - 5, total} {
		for _, lim := range []int{1, 7, 2000} {
			args := ReadArgs{Path: "big.log", Offset: ptr(off), Limit: ptr(lim)}
			got, err := warm.ReadFile(ctx, args)
			if err != nil {
				t.Fatal(err)
			}
			cold := openSession(t, dir) // no index: a full scan
			want, err := cold.ReadFile(ctx, args)
			if err != nil {
				t.Fatal(err)
			}
			if got.Render() != want.Render() {
				t.Fatalf("offset %d limit %d: indexed read differs:\n%.300s\nwant:\n%.300s", off, lim, got.Render(), want.Render())
			}
		}
	}
	mustRefuse(t, call(t, warm, "repo_read_file", map[string]any{"path": "big.log", "offset": total + 1}), "is past the end")
	// Appending lines changes size and times: the stale index is not used.
	f, err := os.OpenFile(filepath.Join(dir, "big.log"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\nmore\nlines\n")
	f.Close()
	res, err := warm.ReadFile(ctx, ReadArgs{Path: "big.log", Offset: ptr(total)})
	if err != nil {
		t.Fatal(err)
	}
	if res.TotalLines != total+2 {
		t.Fatalf("after the append the file has %d lines, want %d", res.TotalLines, total+2)
	}
}

// A file that keeps growing while it is read is not read forever: past the
// slack the read stops and says so.
func TestReadStopsOnAFileThatKeepsGrowing(t *testing.T) {
	dir := plainDir(t, map[string]string{"grow.log": strings.Repeat("0123456789abcdef\n", 1<<20)})
	saved := readGrowSlack
	readGrowSlack = 0
	defer func() { readGrowSlack = saved }()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.OpenFile(filepath.Join(dir, "grow.log"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		for {
			select {
			case <-stop:
				return
			default:
				f.WriteString("more\n")
			}
		}
	}()
	s := openSession(t, dir)
	refused := ""
	for i := 0; i < 50 && refused == ""; i++ {
		if r := call(t, s, "repo_read_file", map[string]any{"path": "grow.log", "offset": 2, "limit": 1}); r.IsError {
			refused = r.Text
		}
	}
	close(stop)
	<-done
	if !strings.Contains(refused, "grow.log kept growing while it was read") {
		t.Fatalf("no read noticed the growth; last refusal %q", refused)
	}
}
