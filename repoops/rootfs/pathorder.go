package rootfs

// PathLess orders paths so that a folder's contents follow it directly:
// '/' sorts before every other byte ("a/b" before "a-b" and "a.b"). It is
// the order of repo_tree's listings, and the depth-first order in which
// Presence takes folders, so the Scanner's stack keeps a shared folder open.
func PathLess(a, b string) bool {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		ca, cb := a[i], b[i]
		if ca == cb {
			continue
		}
		if ca == '/' {
			return true
		}
		if cb == '/' {
			return false
		}
		return ca < cb
	}
	return len(a) < len(b)
}
