//go:build !amd64 || purego

package repoops

func pairBlocks(b []byte, blocks, o1, o2 int, c1, m1, c2, m2 uint64) int {
	return pairBlocksGo(b, blocks, o1, o2, c1, m1, c2, m2)
}
