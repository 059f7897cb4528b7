package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// naiveLines is the line-count rule written out with strings.Split: the
// pieces between '\n's, less an empty piece after a final '\n'.
func naiveLines(s string) int {
	if s == "" {
		return 0
	}
	parts := strings.Split(s, "\n")
	if parts[len(parts)-1] == "" {
		return len(parts) - 1
	}
	return len(parts)
}

// FuzzCountLines checks the one line-count rule everywhere it is applied:
// CountLines, lineStarts, the read tool's total and the lines a full read
// returns, and the gate's count, all against naiveLines.
func FuzzCountLines(f *testing.F) {
	for _, seed := range []string{"", "a", "\n", "\n\n", "a\n", "a\nb", "a\r\nb\r\n", "a\rb\r", "\r", "\r\n", "x\n\r\n\n", utf8BOM, utf8BOM + "a\n", "é\n\xff\n", "a\u2028b\n", "\x00a\n", "a\n\x00"} {
		f.Add(seed)
	}
	dir := f.TempDir()
	p := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		f.Fatal(err)
	}
	r := openRepo(f, dir)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		want := naiveLines(s)
		b := []byte(s)
		if got := CountLines(b); got != want {
			t.Fatalf("CountLines(%q) = %d, want %d", s, got, want)
		}
		if got := len(lineStarts(b)); got != want {
			t.Fatalf("len(lineStarts(%q)) = %d, want %d", s, got, want)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		sess := r.NewSession()
		res, err := sess.ReadFile(ctx, ReadArgs{Path: "f.txt", Limit: ptr(readMaxLimit)})
		if looksBinary(b) {
			if err == nil {
				t.Fatalf("read of binary %q succeeded", s)
			}
			return
		}
		if err != nil {
			t.Fatalf("read %q: %v", s, err)
		}
		if res.TotalLines != want {
			t.Fatalf("read %q: %d lines in all, want %d", s, res.TotalLines, want)
		}
		if res.Full && len(res.Lines) != want {
			t.Fatalf("a full read of %q returned %d lines, want %d", s, len(res.Lines), want)
		}
		if v := sess.GateCheck("f.txt"); v.Cause != GateNotEditable && v.Lines != want { // not inspected (not UTF-8): 0
			t.Fatalf("the gate counts %d lines in %q, want %d", v.Lines, s, want)
		}
	})
}
