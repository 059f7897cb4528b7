//go:build !linux

package rootfs

// ExistAll answers Exists for every path of rels, calling keep(i, ok) for
// each in order (on Linux a folder with several of them is read once).
func (p *Presence) ExistAll(rels []string, keep func(i int, ok bool)) {
	for i, rel := range rels {
		keep(i, p.Exists(rel))
	}
}
