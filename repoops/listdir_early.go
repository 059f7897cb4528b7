package repoops

import "context"

// ListRootEarly lists the root without waiting for the index, whose read
// grows with the repository (a million files: ~0.3 s here) while a
// folder's own listing does not. The explorer shows these rows at once and
// lists the root again with ListDir; the early listing says nothing the
// exact one could contradict except that a folder shown as a plain folder
// may be a submodule that is not checked out (Early, Held in DirListing).
// Once the index has been read it is the exact listing (Early false).
func (r *Repo) ListRootEarly() (*DirListing, error) {
	if r.git == nil || r.indexRead() {
		return r.ListDir("")
	}
	f, err := r.fs.Open("")
	if err != nil {
		return nil, describeOpenError("", err)
	}
	defer f.Close()
	l, err := r.listOpenAs(f, "", true)
	if err != nil {
		return nil, err
	}
	l.Early = true
	return l, nil
}

// indexRead says the index's submodules and tracked-ignored files are at
// hand, so a listing needs no read of the index.
func (r *Repo) indexRead() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.links != nil && r.tracked != nil
}

// gitlinksFor is the index's submodules, or — in an early listing, before
// the index was read — none known yet (the listing is marked Early).
func (r *Repo) gitlinksFor(early bool) *gitlinkSet {
	if early {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.links != nil {
			return r.links
		}
		return &gitlinkSet{}
	}
	return r.gitlinks(context.Background())
}
