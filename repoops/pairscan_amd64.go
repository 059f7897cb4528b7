//go:build amd64 && !purego

package repoops

// pairBlocks is pairBlocksGo in SSE2 (pairscan_amd64.s).
//
//go:noescape
func pairBlocks(b []byte, blocks, o1, o2 int, c1, m1, c2, m2 uint64) int
