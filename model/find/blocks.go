package find

// Bounds for blocks of paths. On a million paths a short query matches
// most of them and the best findRankFirst are all short, yet the pass
// bounds each match in turn: the query's bound is far too high to stop
// at (adjacency bonuses grow threefold per character). Neighbours in the
// index have one length and mostly one folder, so the union of a block's
// bound sets bounds every path in it about as well as their own: one
// bound skips the whole block.

// blockShift: a block is 1<<blockShift consecutive places of the index.
const blockShift = 4

// pathBlock is the union of a block's paths' bound data.
type pathBlock struct {
	bonus    bonusSet
	pairs    pairSet
	firsts   bonusSet // their first bytes (lower-cased)
	camel    bool     // some path may hold an upper-case letter
	other    bool     // some path is not ASCII, or empty: the query's bound
	shortest int32    // the first path's length (the index is shortest first)
}

// blocks is the index's blocks, worked out on first use (one pass over
// the bound sets), so an index built while a listing streams in and
// never matched with a query costs nothing here.
func (ix *fileIndex) blocks() []pathBlock {
	ix.blocksOnce.Do(func() {
		n := ix.len()
		bs := make([]pathBlock, (n+1<<blockShift-1)>>blockShift)
		for b := range bs {
			k := &bs[b]
			lo := b << blockShift
			hi := min(n, lo+1<<blockShift)
			k.shortest = ix.off[lo+1] - ix.off[lo]
			for i := lo; i < hi; i++ {
				if !ix.ascii[i] || ix.off[i] == ix.off[i+1] {
					k.other = true
					continue
				}
				for w := range k.bonus {
					k.bonus[w] |= ix.bonus[i][w]
				}
				for w := range k.pairs {
					k.pairs[w] |= ix.pairs[i][w]
				}
				k.firsts.add(ix.lower[ix.off[i]])
				k.camel = k.camel || ix.camel[i]
			}
			k.camel = k.camel || k.other
		}
		ix.blockSets = bs
	})
	return ix.blockSets
}

// ofBlock bounds every path of the block, less its length, as of does
// one path.
func (b *pathBounds) ofBlock(k *pathBlock) int {
	if b.pre == nil || k.other {
		if k.camel {
			return b.camel - int(k.shortest)
		}
		return b.plain - int(k.shortest)
	}
	return b.keyed(&k.bonus, &k.pairs, k.firsts.has(b.pre[0]), k.camel) - int(k.shortest)
}
