package gitexec

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// A repox root any number of folders below the work tree's top finds it
// (git runs in the root; its paths are relative to it).
func TestDetectFindsTheWorkTreeSeveralFoldersUp(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a/b/c/x.txt": "x\n"})
	for _, sub := range []string{"a", "a/b", "a/b/c"} {
		g := detectAt(t, filepath.Join(dir, filepath.FromSlash(sub)))
		if g.Prefix() != sub {
			t.Errorf("root %s: prefix %q; want %q", sub, g.Prefix(), sub)
		}
	}
}

// git's output is kept up to the limit, one write or many: output of
// exactly the limit is whole (not cut), a byte more is cut to the limit.
func TestCapWriterKeepsTheFirstLimitBytes(t *testing.T) {
	cases := []struct {
		writes []string
		want   string
		cut    bool
	}{
		{[]string{"0123456789"}, "0123456789", false},
		{[]string{"01234", "56789"}, "0123456789", false},
		{[]string{"012345", "6789ab"}, "0123456789", true},
		{[]string{"0123456789", "a"}, "0123456789", true},
		{[]string{"0123456789a"}, "0123456789", true},
	}
	for _, c := range cases {
		w := &capWriter{limit: 10}
		for _, s := range c.writes {
			if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
				t.Fatalf("%q: Write(%q) = %d, %v; want every byte taken", c.writes, s, n, err)
			}
		}
		if w.buf.String() != c.want || w.cut != c.cut {
			t.Errorf("%q: kept %q, cut %v; want %q, cut %v", c.writes, w.buf.String(), w.cut, c.want, c.cut)
		}
	}
}

// A git that fails without a word on stderr (git diff --quiet with a
// change exits 1) gives its exit status as the error, never an empty
// sentence.
func TestRunFailureWithoutGitsWordsSaysTheExitStatus(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	repotest.WriteFiles(t, dir, map[string]string{"a.txt": "changed\n"})
	g := detectAt(t, dir)
	_, _, err := g.Run(context.Background(), 1<<20, "diff", "--quiet")
	if err == nil || !strings.Contains(err.Error(), "exit status 1") {
		t.Fatalf("git diff --quiet with a change: %v; want the exit status", err)
	}
}

// streamBlob streams the blob holding content (written into a fresh
// repository) through Stream with the given limit, returning the records
// visited and whether the listing was cut.
func streamBlob(t *testing.T, content string, limit int) (recs []string, cut bool) {
	t.Helper()
	dir := repotest.GitRepo(t, map[string]string{"blob.bin": content})
	g := detectAt(t, dir)
	cut, err := g.Stream(context.Background(), limit, func(rec []byte) { recs = append(recs, string(rec)) }, "cat-file", "blob", "HEAD:blob.bin")
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	return recs, cut
}

// Stream hands over NUL-terminated records: empty ones are skipped, a
// listing of exactly limit bytes is whole, one byte more is cut, and a
// single record over the reader's 256 KiB (no path git prints) cuts the
// listing rather than being split into records.
func TestStreamRecordsAndItsBounds(t *testing.T) {
	recs, cut := streamBlob(t, "a\x00\x00b\x00", 1<<20)
	if strings.Join(recs, "|") != "a|b" || cut {
		t.Errorf("a, an empty record, b: visited %q, cut %v; want [a b], not cut", recs, cut)
	}
	recs, cut = streamBlob(t, "ab\x00cd\x00", 6)
	if strings.Join(recs, "|") != "ab|cd" || cut {
		t.Errorf("6 bytes with limit 6: visited %q, cut %v; want [ab cd], not cut", recs, cut)
	}
	recs, cut = streamBlob(t, "ab\x00cd\x00", 5)
	if strings.Join(recs, "|") != "ab" || !cut {
		t.Errorf("6 bytes with limit 5: visited %q, cut %v; want [ab], cut", recs, cut)
	}
	recs, cut = streamBlob(t, strings.Repeat("x", 300<<10)+"\x00", 1<<20)
	if len(recs) != 0 || !cut {
		t.Errorf("one 300 KiB record: visited %d records, cut %v; want none, cut", len(recs), cut)
	}
}

// A git that fails while streaming (an object that does not exist) is an
// error with git's words, not an empty listing.
func TestStreamFailureIsAnError(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	g := detectAt(t, dir)
	cut, err := g.Stream(context.Background(), 1<<20, func([]byte) {}, "cat-file", "blob", "HEAD:missing.txt")
	if err == nil || cut || !strings.Contains(err.Error(), "missing.txt") {
		t.Fatalf("Stream of a missing object: cut %v, %v; want git's error naming it", cut, err)
	}
}

// A refusal quotes at most git's first three lines, joined on one line.
func TestFirstLines(t *testing.T) {
	for in, want := range map[string]string{
		"one":                 "one",
		"one\ntwo":            "one; two",
		"one\ntwo\nthree":     "one; two; three",
		"one\ntwo\nthree\nfo": "one; two; three",
		"1\n2\n3\n4\n5\n6":    "1; 2; 3",
	} {
		if got := firstLines(in, 3); got != want {
			t.Errorf("firstLines(%q, 3) = %q; want %q", in, got, want)
		}
	}
}
