package repoops

import (
	"bytes"
	"testing"
)

func FuzzFinderMatchesBytesIndex(f *testing.F) {
	for _, s := range [][2]string{
		{"hello world", "world"}, {"err err", "rr"}, {"aaaa", "aa"}, {"x", "xy"}, {"ErrUnexpectedEOF!", "ErrUnexpectedEOF"},
		{"", "a"}, {"ab\nUab", "Uab"}, {"if err != nil { return err }", "err"}, {"eeeeeeeeeeeeeeeeeeeeeeerr", "err"},
		{"the rate of a tea at ten", "tea"}, {"  \t\t  \t \t", " \t"}, {"0123456789abcdef0123456789abcdef", "ef0"},
	} {
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

// Both strategies are really used, and both agree with bytes.Index at every
// alignment and length.
func TestFinderStrategiesAtEveryAlignment(t *testing.T) {
	if !newFinder([]byte("err")).pair || newFinder([]byte("ErrUnexpectedEOF")).pair {
		t.Fatal("strategy choice changed: err should use the pair scan, ErrUnexpectedEOF the rare byte")
	}
	for _, pat := range []string{"err", "ErrUnexpectedEOF", "te", "e t", "return", "zz"} {
		f := newFinder([]byte(pat))
		for pre := 0; pre < 20; pre++ {
			for post := 0; post < 12; post++ {
				hay := bytes.Repeat([]byte("e"), pre)
				hay = append(hay, pat...)
				hay = append(hay, bytes.Repeat([]byte("r"), post)...)
				if got, want := f.index(hay), bytes.Index(hay, []byte(pat)); got != want {
					t.Fatalf("%q in %q: %d, want %d", pat, hay, got, want)
				}
				if got, want := f.index(hay[:len(hay)-1]), bytes.Index(hay[:len(hay)-1], []byte(pat)); got != want {
					t.Fatalf("%q in %q: %d, want %d", pat, hay[:len(hay)-1], got, want)
				}
			}
		}
	}
}
