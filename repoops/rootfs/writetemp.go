package rootfs

// TempPrefix starts the name of every temp file a write makes. A temp file
// is only left behind when the process dies between its creation and the
// rename; listings may hide names with this prefix and suffix.
const (
	TempPrefix    = ".repox-"
	TempSuffix    = ".tmp"
	TempHexDigits = 16 // the random part: 8 bytes in hex
)

// NewFileMode is the mode of a file repo_write creates, less the bits the
// process's umask removes (the kernel applies it, and a folder's default
// ACL, at creation), as for the folders it creates.
const NewFileMode = 0o644

// NewDirMode is the mode of a folder a write creates, less the umask.
const NewDirMode = 0o755

// IsWriteTemp reports a name that only a repox write makes
// (.repox-<16 hex digits>.tmp). Listings and searches never show one: it can
// exist only for the instant between its link and its rename, or, where
// there is no O_TMPFILE, after a process was killed mid-write.
func IsWriteTemp(name string) bool {
	if len(name) != len(TempPrefix)+TempHexDigits+len(TempSuffix) || name[:len(TempPrefix)] != TempPrefix || name[len(name)-len(TempSuffix):] != TempSuffix {
		return false
	}
	for _, c := range name[len(TempPrefix) : len(TempPrefix)+TempHexDigits] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// IsWriteTempPath is IsWriteTemp on a repo-relative path's last component.
func IsWriteTempPath(rel string) bool {
	i := len(rel) - 1
	for i >= 0 && rel[i] != '/' {
		i--
	}
	return IsWriteTemp(rel[i+1:])
}
