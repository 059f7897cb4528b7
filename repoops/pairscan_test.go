package repoops

import (
	"math/rand/v2"
	"testing"
)

// refPairIndex is pairIndex's definition, one position at a time.
func refPairIndex(b []byte, end, o1, o2 int, c1, m1, c2, m2 byte) int {
	for s := 0; s < end; s++ {
		if b[s+o1]|m1 == c1 && b[s+o2]|m2 == c2 {
			return s
		}
	}
	return -1
}

// checkPair compares pairIndex, and both block scanners behind it (the
// assembly one where there is one, and the portable one), with the
// reference on b.
func checkPair(t *testing.T, b []byte, end, o1, o2 int, c1, m1, c2, m2 byte) {
	t.Helper()
	want := refPairIndex(b, end, o1, o2, c1, m1, c2, m2)
	if got := pairIndex(b, end, o1, o2, c1, m1, c2, m2); got != want {
		t.Fatalf("pairIndex(%q, end %d, o %d/%d, %q|%#x %q|%#x) = %d, want %d", b, end, o1, o2, c1, m1, c2, m2, got, want)
	}
	if blocks := (len(b) - max(o1, o2)) / 16; blocks > 0 {
		bw := refPairIndex(b, 16*blocks, o1, o2, c1, m1, c2, m2)
		for name, f := range map[string]func([]byte, int, int, int, uint64, uint64, uint64, uint64) int{"pairBlocks": pairBlocks, "pairBlocksGo": pairBlocksGo} {
			if got := f(b, blocks, o1, o2, splat(c1), splat(m1), splat(c2), splat(m2)); got != bw {
				t.Fatalf("%s(%q, %d blocks, o %d/%d, %q|%#x %q|%#x) = %d, want %d", name, b, blocks, o1, o2, c1, m1, c2, m2, got, bw)
			}
		}
	}
}

// Every length, offset pair, end and match position, exact and
// case-masked, with the bytes around the match set to near misses (one
// bit off, the other case where the mask is exact, 0x80 and 0xFF).
func TestPairIndexEveryPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	near := []byte{'a', 'A', 'b', 'B', 'a' ^ 1, 0x80, 0xFF, 0}
	for n := 1; n <= 70; n++ {
		for o1 := 0; o1 < 4; o1++ {
			for o2 := 0; o2 < 4; o2++ {
				hi := max(o1, o2)
				if hi >= n {
					continue
				}
				for _, masks := range [][2]byte{{0, 0}, {0x20, 0x20}, {0x20, 0}} {
					c1, c2 := byte('a'), byte('b')
					if masks[0] == 0 {
						c1 = 'A'
					}
					for pos := -1; pos < n-hi; pos++ {
						b := make([]byte, n)
						for i := range b {
							b[i] = near[r.IntN(len(near))]
						}
						if pos >= 0 {
							b[pos+o1] = c1 &^ (masks[0] & byte(r.IntN(2)) << 5)
							b[pos+o2] = c2 &^ (masks[1] & byte(r.IntN(2)) << 5)
							if o1 == o2 {
								b[pos+o1] = c1
							}
						}
						for _, end := range []int{n - hi, max(0, pos), pos + 1, (n - hi) / 2} {
							if end >= 0 && end <= n-hi {
								checkPair(t, b, end, o1, o2, c1, masks[0], c2, masks[1])
							}
						}
					}
				}
			}
		}
	}
}

func FuzzPairIndex(f *testing.F) {
	f.Add([]byte("the error is an err: errr ERR"), 0, 1, 2, byte('r'), byte(0), byte('r'), byte(0))
	f.Add([]byte("Kelvin kELVIN xx Xx xX XX 0123456789abcdef0123456789"), 40, 0, 1, byte('x'), byte(0x20), byte('x'), byte(0x20))
	f.Fuzz(func(t *testing.T, b []byte, end, o1, o2 int, c1, m1, c2, m2 byte) {
		o1, o2 = abs(o1)%40, abs(o2)%40
		room := len(b) - max(o1, o2)
		if room <= 0 {
			return
		}
		end = abs(end) % (room + 1)
		checkPair(t, b, end, o1, o2, c1|m1, m1, c2|m2, m2)
	})
}

func abs(x int) int {
	if x < 0 {
		if x == -x {
			return 0
		}
		return -x
	}
	return x
}
