//go:build !linux && !darwin

package model

import "os"

// ctimeInode: this platform's stat has no change time or inode the poll
// fallback can use; size and mtime still catch most rewrites.
func ctimeInode(os.FileInfo) (ctimeNs int64, inode uint64) { return 0, 0 }
