package gitexec

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
)

// indexRead is one direct read of the index file (readIndexFile), kept
// for as long as the file is unchanged: repox mcp and the explorer live
// long, and git rewrites the index on every add, commit or checkout.
type indexRead struct {
	stamp string
	t     *Tracked
	links []string
	ok    bool
}

// indexStamp fingerprints the index file: its size, times and inode, the
// object format and size bound it is read with, and its trailer, the SHA-1 of its content,
// which changes with every entry git writes. "" when there is no stamp
// to trust (no regular file, or one over max bytes, or an index written
// without its checksum, index.skipHash): then the file is read every time.
func (g *Runner) indexStamp(c *gitConfig, max int64) string {
	// Opened by readOuter's rules, as readIndexFile opens it: a FIFO at
	// the index's name (a hostile repository's) is never opened, since
	// the open would wait for a writer forever.
	f, size := openOuter(filepath.Join(g.gitDir, "index"), max)
	if f == nil {
		return ""
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || size < 32 {
		return ""
	}
	var sum [20]byte
	if _, err := f.ReadAt(sum[:], st.Size()-20); err != nil || sum == [20]byte{} {
		return ""
	}
	text, _, _ := statText(st)
	return fmt.Sprintf("%s|%d|%s|%x", c.objectFormat, max, text, sum)
}

// indexFile is readIndexFile, served from the last read while the index's
// stamp is the same. The Tracked is shared and never changed; the links
// are the caller's own copy.
func (g *Runner) indexFile(c *gitConfig, max int64) (*Tracked, []string, bool) {
	stamp := g.indexStamp(c, max)
	g.mu.Lock()
	last := g.idx
	g.mu.Unlock()
	if stamp != "" && last != nil && last.stamp == stamp {
		return last.t, slices.Clone(last.links), last.ok
	}
	t, links, ok := g.readIndexFile(c, max)
	// The file may have changed while it was read: keep the read only
	// when the stamp still holds, so a stale read is never served.
	if stamp != "" && g.indexStamp(c, max) == stamp {
		g.mu.Lock()
		g.idx = &indexRead{stamp: stamp, t: t, links: links, ok: ok}
		g.mu.Unlock()
	}
	return t, slices.Clone(links), ok
}

// IndexFiles returns the tracked half of the file set: the paths `git
// ls-files -z --cached --deduplicate` run in the repox root prints (every
// index entry under the root once, a conflicted path's stages as one, a
// gitlink as one entry, in the index's order), read from the index file
// itself. ok is false whenever the direct read does not take this index
// (see readIndexFile) or the index did not hold its paths in order; then
// the caller lists them with git. err is a config error that would stop
// every git run (an include directive).
func (g *Runner) IndexFiles(ctx context.Context, limit int) (t *Tracked, ok bool, err error) {
	c, err := g.config(ctx)
	if err != nil {
		return nil, false, err
	}
	if c.include != "" {
		return nil, false, errors.New(includeRefusal(c.include))
	}
	t, _, ok = g.indexFile(c, int64(limit))
	if !ok || !t.inOrder {
		return nil, false, nil
	}
	return t, true, nil
}
