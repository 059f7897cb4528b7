//go:build !unix

package gitexec

import "os"

// ownedByMe cannot tell outside Unix, so no cache file is trusted there
// (stamps there carry no ctime or inode either, so none is kept).
func ownedByMe(os.FileInfo) bool { return false }
