//go:build unix

package rootfs

import "golang.org/x/sys/unix"

// oNonblock opens a FIFO or device without waiting for a writer; the mode
// is checked on the open fd and anything but a regular file is refused.
const oNonblock = unix.O_NONBLOCK

// oNofollow makes an open fail on a symlink instead of following it.
const oNofollow = unix.O_NOFOLLOW

// oFolder is how the door opens every folder it enters: read-only, only a
// folder (a FIFO or device planted under a folder's name fails at once
// instead of blocking the open), never through a link, and not inherited
// by a program started meanwhile (git, $EDITOR). One constant, so that no
// folder open can drop one of the four.
const oFolder = unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
