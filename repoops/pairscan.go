package repoops

import (
	"encoding/binary"
	"math/bits"
)

// pairIndex is the candidate scan of both finders: the least s in [0, end)
// with b[s+o1]|m1 == c1 and b[s+o2]|m2 == c2, or -1. An or-mask of 0x20
// makes an ASCII letter match either case (c is then the lower case), 0
// matches the byte exactly. end+max(o1, o2) must not exceed len(b).
//
// Whole blocks of 16 positions go to pairBlocks (SSE2 on amd64, where
// SSE2 is always present: sixteen positions per step; eight bytes at a
// time elsewhere); the last positions, where a 16-byte load would pass
// the end of b, are tested one by one.
func pairIndex(b []byte, end, o1, o2 int, c1, m1, c2, m2 byte) int {
	if end <= 0 {
		return -1
	}
	hi := max(o1, o2)
	blocks := min((len(b)-hi)/16, (end+15)/16)
	s := 0
	if blocks > 0 {
		if c := pairBlocks(b, blocks, o1, o2, splat(c1), splat(m1), splat(c2), splat(m2)); c >= 0 {
			if c < end {
				return c
			}
			return -1
		}
		s = blocks * 16
	}
	for ; s < end; s++ {
		if b[s+o1]|m1 == c1 && b[s+o2]|m2 == c2 {
			return s
		}
	}
	return -1
}

// splat repeats c in every byte of a word.
func splat(c byte) uint64 { return 0x0101010101010101 * uint64(c) }

// pairBlocksGo is pairBlocks without assembly: the least s below
// 16*blocks where both bytes match, or -1; b must hold 16*blocks +
// max(o1, o2) bytes. Each argument after o2 is a byte repeated eight times.
func pairBlocksGo(b []byte, blocks, o1, o2 int, c1, m1, c2, m2 uint64) int {
	n := 16 * blocks
	p1, p2 := b[o1:o1+n], b[o2:o2+n]
	for s := 0; s+8 <= n; s += 8 {
		w1 := (binary.LittleEndian.Uint64(p1[s:]) | m1) ^ c1
		w2 := (binary.LittleEndian.Uint64(p2[s:]) | m2) ^ c2
		if m := zeroBytes(w1) & zeroBytes(w2); m != 0 {
			return s + bits.TrailingZeros64(m)/8
		}
	}
	return -1
}
