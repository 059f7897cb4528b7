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
	w := bestWindow[T]{k: k, less: less}
	for _, x := range xs {
		w.push(x)
	}
	return w.win
}

// bestWindow keeps the k least elements pushed so far under less, in
// order: what a search shows of its matches, held while they stream in,
// so its memory is k elements however many match.
type bestWindow[T any] struct {
	k    int
	less func(a, b T) bool
	win  []T
}

// push offers x to the window.
func (w *bestWindow[T]) push(x T) {
	k := w.k
	if k <= 0 || len(w.win) == k && !w.less(x, w.win[k-1]) {
		return
	}
	i := sort.Search(len(w.win), func(i int) bool { return w.less(x, w.win[i]) })
	if len(w.win) < k {
		w.win = append(w.win, x)
	}
	copy(w.win[i+1:], w.win[i:len(w.win)-1])
	w.win[i] = x
}
