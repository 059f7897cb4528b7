package repoops

import (
	"bytes"
	"testing"
)

func FuzzFinderMatchesBytesIndex(f *testing.F) {
	for _, s := range [][2]string{{"hello world", "world"}, {"err err", "rr"}, {"aaaa", "aa"}, {"x", "xy"}, {"ErrUnexpectedEOF!", "ErrUnexpectedEOF"}, {"", "a"}, {"ab\nUab", "Uab"}} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, hay, pat []byte) {
		if len(pat) == 0 {
			return
		}
		if got, want := newFinder(pat).index(hay), bytes.Index(hay, pat); got != want {
			t.Fatalf("index(%q, %q) = %d, want %d", hay, pat, got, want)
		}
	})
}
