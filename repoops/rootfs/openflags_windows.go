package rootfs

// oNonblock: Windows has no FIFOs or device nodes in a folder tree, and no
// such open flag; the mode is still checked on the open file.
const oNonblock = 0

// oNofollow: Windows has no such flag; callers Lstat first and refuse a
// symlink or other reparse point (see linkLike), and os.Root still keeps
// every open inside the root.
const oNofollow = 0
