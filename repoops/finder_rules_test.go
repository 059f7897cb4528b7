package repoops

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// Both strategies agree with bytes.Index on haystacks full of near
// misses: every candidate the byte filters let through that is not a
// match, at every place in the eight-byte steps, and none at all.
func TestFinderAgreesWithBytesIndexOnNearMisses(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 95))
	alphabets := []string{"et", "etr", "qz", "qzx", "e q"}
	for _, alpha := range alphabets {
		for range 3000 {
			pat := make([]byte, 2+rng.IntN(3))
			for i := range pat {
				pat[i] = alpha[rng.IntN(len(alpha))]
			}
			hay := make([]byte, rng.IntN(40))
			for i := range hay {
				hay[i] = alpha[rng.IntN(len(alpha))]
			}
			if got, want := newFinder(pat).index(hay), bytes.Index(hay, pat); got != want {
				t.Fatalf("index(%q, %q) = %d, want %d", hay, pat, got, want)
			}
		}
	}
	for _, c := range [][2]string{{"az", "qz"}, {"xxxxxxxxxe", "et"}, {"eeeeeeeeeeeeeeeeet", "ett"}, {"tetetetetetetetete", "tee"}} {
		if got, want := newFinder([]byte(c[1])).index([]byte(c[0])), bytes.Index([]byte(c[0]), []byte(c[1])); got != want {
			t.Fatalf("index(%q, %q) = %d, want %d", c[0], c[1], got, want)
		}
	}
}
