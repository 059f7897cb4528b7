package repoops

import (
	"math/rand/v2"
	"testing"
)

// plainlyNoGitPartBytewise is the rule plainlyNoGitPart computes eight
// bytes at a time, one byte at a time.
func plainlyNoGitPartBytewise(rel string) bool {
	for i := 0; i < len(rel); i++ {
		c := rel[i]
		if c >= 0x80 {
			return false
		}
		if c|0x20 == 'g' && i+2 < len(rel) && rel[i+1]|0x20 == 'i' && rel[i+2]|0x20 == 't' {
			return false
		}
	}
	return true
}

// TestPlainlyNoGitPartIsBytewise: the word-at-a-time check says what the
// byte loop says for "git" in every case and place (across an 8-byte
// boundary, at the end, cut short), for non-ASCII bytes anywhere, and for
// random paths over an alphabet rich in g, i, t.
func TestPlainlyNoGitPartIsBytewise(t *testing.T) {
	var cases []string
	for _, word := range []string{"git", "GIT", "gIt", "Git", "gi", "it", "g", "gat", "\x80", "\xff", "é", "G\x80T"} {
		for pre := range 17 {
			for post := range 3 {
				cases = append(cases, stringOf('a', pre)+word+stringOf('b', post))
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "giGItT/.-_ax\x80"
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		if got, want := plainlyNoGitPart(c), plainlyNoGitPartBytewise(c); got != want {
			t.Fatalf("plainlyNoGitPart(%q) = %v, byte by byte %v", c, got, want)
		}
		if plainlyNoGitPart(c) && hasGitDirPart(c) {
			t.Fatalf("%q: the fast no is wrong (hasGitDirPart says yes)", c)
		}
	}
}

func stringOf(c byte, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return string(b)
}
