//go:build unix && !linux

package rootfs

// linuxFaults: the Linux-only calls of the test seam faultSeam have no
// counterpart here.
type linuxFaults struct{}
