package rootfs

// faultSeam is the test seam of the Unix write path (faultseam_unix.go);
// Windows writes nothing, so it holds nothing here.
type faultSeam struct{}
