// Package rootfs is the core's one door to the disk inside a repository.
// Everything package repoops reads, lists, stats or writes in the
// repository goes through a Root, and the promise is: nothing reached
// through it lies outside the folder it was opened on.
//
//   - Single names (Lstat, Open, ReadFile, Readlink) go through one os.Root,
//     which refuses "..", absolute names and links that leave the root.
//   - Bulk scans (Scanner, Presence, OpenChildDir) open one name at a time
//     relative to folder fds obtained inside the root, with O_NOFOLLOW: no
//     symlink is followed at all. Close waits for scans still running, so
//     the root's fd number is never used after the kernel may reuse it.
//   - Special files (FIFOs, devices, sockets) are opened without blocking
//     and reported as such, never read.
//   - Writes (Target) reach a file's folder one component at a time with
//     O_NOFOLLOW, refuse links, hard-linked and special files, lock with
//     flock, write a temp file in that folder (unnamed where the file system
//     allows) that keeps the old owner, group, mode and extended attributes,
//     and rename it over the name; they are refused on Windows.
//
// Paths given to a Root are repo-relative and '/'-separated; "" is the root.
// What the door refuses it says in words the model reads (words.Refusal).
package rootfs
