package rootfs

// Presence answers "is this path git lists still on disk?" On Windows every
// answer is os.Root.Lstat's own (the fast fstatat walk of exists_unix.go is
// Unix-only); the answers are the same, only slower.
type Presence struct{ r *Root }

// Presence returns a checker for many paths; Close it when done.
func (r *Root) Presence() *Presence { return &Presence{r: r} }

// Close releases nothing on Windows.
func (p *Presence) Close() {}

// Exists reports whether the repo-relative path rel exists (a symlink
// counts as itself, wherever it points).
func (p *Presence) Exists(rel string) bool {
	_, err := p.r.root.Lstat(osPath(rel))
	return err == nil
}
