package repoops

// findCollector takes repo_find's matches as the file set streams in and
// keeps only what the answer shows: the best limit hits (findHitLess) and
// the count of every match that exists. Matches wait in batches of
// findPresenceBatch for their presence check (git lists tracked files
// that were deleted: those are neither shown nor counted), so a query
// that matches a million paths holds a batch and the window, not the
// million.
type findCollector struct {
	r        *Repo
	pres     func(string) (bool, bool) // a warm repository's kept answers
	paths    []string
	nameHits []bool
	best     bestWindow[findHit]
	total    int
	checked  bool // a presence check has run
}

// findPresenceBatch is how many matches wait for one presence check: a
// folder's paths mostly fall in one batch (rootfs reads a folder with
// many paths asked once), and the batch is a few hundred KB at most.
const findPresenceBatch = 4096

// testHookEarlyPresence sees the first presence check of a find whose
// tracked matches are checked before git's untracked walk ends.
var testHookEarlyPresence func()

func newFindCollector(r *Repo, limit int, pres func(string) (bool, bool)) *findCollector {
	return &findCollector{r: r, pres: pres, best: bestWindow[findHit]{k: limit, less: findHitLess}}
}

// add takes one match.
func (c *findCollector) add(p string, nameHit bool) {
	c.paths = append(c.paths, p)
	c.nameHits = append(c.nameHits, nameHit)
	if len(c.paths) == findPresenceBatch {
		c.flush()
	}
}

// flush checks the waiting matches and keeps those that exist. Outside
// git the walk saw every one on disk.
func (c *findCollector) flush() {
	if len(c.paths) == 0 {
		return
	}
	if c.r.git == nil {
		for i, p := range c.paths {
			c.keep(findHit{p, c.nameHits[i]})
		}
	} else {
		if !c.checked && testHookEarlyPresence != nil {
			testHookEarlyPresence()
		}
		c.r.existAll(c.paths, c.pres, func(i int, ok bool) {
			if ok {
				c.keep(findHit{c.paths[i], c.nameHits[i]})
			}
		})
	}
	c.checked = true
	c.paths, c.nameHits = c.paths[:0], c.nameHits[:0]
}

func (c *findCollector) keep(h findHit) {
	c.total++
	c.best.push(h)
}
