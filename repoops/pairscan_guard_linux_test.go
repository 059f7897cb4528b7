//go:build linux

package repoops

import (
	"os"
	"syscall"
	"testing"
)

// The assembly reads sixteen bytes at a time with no bounds check of its
// own: pairIndex must never hand it a block that reaches past b's end. A
// slice that ends right at an unmapped guard page makes any such read a
// fault (the test crashes) instead of a silent read of whatever memory
// follows, which the comparisons with the reference cannot see.
func TestPairIndexNeverReadsPastTheEnd(t *testing.T) {
	page := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("no anonymous mapping: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skipf("no guard page: %v", err)
	}
	for n := 1; n <= 300; n++ {
		b := mem[page-n : page : page] // its last byte is the page's last
		for i := range b {
			b[i] = 'x'
		}
		for _, o := range [][2]int{{0, 1}, {1, 0}, {0, 5}, {3, 2}, {0, 17}} {
			hi := max(o[0], o[1])
			if hi >= n {
				continue
			}
			end := n - hi
			// No match: every block up to the end is read.
			if got := pairIndex(b, end, o[0], o[1], 'y', 0, 'z', 0); got != -1 {
				t.Fatalf("n %d, o %v: found %d in a slice without the pair", n, o, got)
			}
			// A match at the last position.
			b[end-1+o[0]], b[end-1+o[1]] = 'y', 'z'
			if o[0] == o[1] {
				continue
			}
			want := refPairIndex(b, end, o[0], o[1], 'y', 0, 'z', 0)
			if got := pairIndex(b, end, o[0], o[1], 'y', 0, 'z', 0); got != want {
				t.Fatalf("n %d, o %v: pairIndex %d, want %d", n, o, got, want)
			}
			b[end-1+o[0]], b[end-1+o[1]] = 'x', 'x'
		}
	}
}
