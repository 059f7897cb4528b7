package repoops

// presence answers "is this path git lists still on disk?" On Windows every
// answer is os.Root.Lstat's own (the fast fstatat walk of exists_unix.go is
// Unix-only); the answers are the same, only slower.
type presence struct{ r *Repo }

func (r *Repo) newPresence() *presence { return &presence{r: r} }

func (p *presence) close() {}

func (p *presence) exists(rel string) bool {
	_, err := p.r.root.Lstat(osPath(rel))
	return err == nil
}
