package rootfs

import "os"

// cloneFile makes dst share src's blocks copy-on-write (FICLONE: btrfs,
// XFS with reflink, bcachefs, overlayfs over those): a scratch copy of a
// large repository then costs metadata only. Any error (EXDEV across file
// systems, EOPNOTSUPP, EINVAL on ext4 or tmpfs) means: copy the bytes.
func cloneFile(dst, src *os.File, sys *faultSeam) error {
	dc, err := dst.SyscallConn()
	if err != nil {
		return err
	}
	sc, err := src.SyscallConn()
	if err != nil {
		return err
	}
	var ioErr error
	cerr := dc.Control(func(dfd uintptr) {
		if e := sc.Control(func(sfd uintptr) { ioErr = sys.IoctlFileClone(int(dfd), int(sfd)) }); e != nil {
			ioErr = e
		}
	})
	if cerr != nil {
		return cerr
	}
	return ioErr
}
