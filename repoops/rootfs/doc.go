// Package rootfs is the core's one door to the disk inside a repository.
// Everything package repoops reads, lists, stats or writes in the
// repository goes through it; the promise is that nothing reached through
// this package lies outside the root it was opened on.
package rootfs
