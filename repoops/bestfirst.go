package repoops

import (
	"sort"
)

// bestFirst returns the k least elements of xs under less, in order, without
// sorting all of xs: a search that matches 50,000 paths shows 50, so it keeps
// a sorted window of k and only the few elements that beat its last one
// cost more than one comparison. less must be a strict total order; xs is
// not changed.
func bestFirst[T any](xs []T, k int, less func(a, b T) bool) []T {
	if k <= 0 {
		return nil
	}
	if len(xs) <= k {
		out := append([]T(nil), xs...)
		sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
		return out
	}
	win := make([]T, 0, k)
	for _, x := range xs {
		if len(win) == k && !less(x, win[k-1]) {
			continue
		}
		i := sort.Search(len(win), func(i int) bool { return less(x, win[i]) })
		if len(win) < k {
			win = append(win, x)
		} else if i == k {
			continue
		}
		copy(win[i+1:], win[i:len(win)-1])
		win[i] = x
	}
	return win
}
