//go:build !unix

package rootfs

// StampAll stats each repo-relative path of rels through the root, without
// following a final link (see the Unix version).
func (r *Root) StampAll(rels []string) []Stamp {
	out := make([]Stamp, len(rels))
	for i, rel := range rels {
		if st, err := r.Lstat(rel); err == nil {
			out[i] = StampOf(st)
		}
	}
	return out
}
