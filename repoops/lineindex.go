package repoops

import (
	"os"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// A big file's line index: where every lineMarkEvery-th line starts, so a
// window deep in a 2 GB file (the TUI scrolling, an agent paging with
// offset) is read from the nearest mark instead of from the top. The
// total line count comes with it; both are valid only while the file's
// size, times and inode are the ones they were measured on.
const (
	lineMarkEvery    = 1024
	lineIndexMinSize = 4 << 20 // smaller files are rescanned: it is cheap
	lineIndexMax     = 16      // files remembered per repository
)

type fileKey struct {
	size, mtime, ctime int64
	ino, dev           uint64
}

func keyOf(st os.FileInfo) fileKey {
	k := fileKey{size: st.Size(), mtime: st.ModTime().UnixNano()}
	k.ino, k.dev, k.ctime = rootfs.FileIDs(st)
	return k
}

type lineIndex struct {
	key   fileKey
	total int
	marks []int64 // marks[k]: byte offset where line k*lineMarkEvery+1 starts
}

// cachedLineIndex returns the index of rel if it still describes the file.
func (r *Repo) cachedLineIndex(rel string, key fileKey) *lineIndex {
	r.mu.Lock()
	defer r.mu.Unlock()
	idx := r.lineIdx[rel]
	if idx == nil || idx.key != key {
		return nil
	}
	return idx
}

func (r *Repo) storeLineIndex(rel string, idx *lineIndex) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.lineIdx == nil {
		r.lineIdx = map[string]*lineIndex{}
	}
	if _, ok := r.lineIdx[rel]; !ok && len(r.lineIdx) >= lineIndexMax {
		for k := range r.lineIdx { // drop any one: a miss only costs a rescan
			delete(r.lineIdx, k)
			break
		}
	}
	r.lineIdx[rel] = idx
}
