//go:build unix

package rootfs

import "golang.org/x/sys/unix"

// oNonblock opens a FIFO or device without waiting for a writer; the mode
// is checked on the open fd and anything but a regular file is refused.
const oNonblock = unix.O_NONBLOCK

// oNofollow makes an open fail on a symlink instead of following it.
const oNofollow = unix.O_NOFOLLOW
