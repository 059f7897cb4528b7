package repoops

// tempPrefix starts the name of every temp file a write makes. A temp file
// is only left behind when the process dies between its creation and the
// rename; listings may hide names with this prefix and suffix.
const (
	tempPrefix    = ".repox-"
	tempSuffix    = ".tmp"
	tempHexDigits = 16 // the random part: 8 bytes in hex
)

// newFileMode is the mode of a file repo_write creates, less the bits the
// process's umask removes (the kernel applies it, and a folder's default
// ACL, at creation), as for the folders it creates.
const newFileMode = 0o644

// newDirMode is the mode of a folder a write creates, less the umask.
const newDirMode = 0o755

// isWriteTemp reports a name that only a repox write makes
// (.repox-<16 hex digits>.tmp). Listings and searches never show one: it can
// exist only for the instant between its link and its rename, or, where
// there is no O_TMPFILE, after a process was killed mid-write.
func isWriteTemp(name string) bool {
	if len(name) != len(tempPrefix)+tempHexDigits+len(tempSuffix) || name[:len(tempPrefix)] != tempPrefix || name[len(name)-len(tempSuffix):] != tempSuffix {
		return false
	}
	for _, c := range name[len(tempPrefix) : len(tempPrefix)+tempHexDigits] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// isWriteTempPath is isWriteTemp on a repo-relative path's last component.
func isWriteTempPath(rel string) bool {
	i := len(rel) - 1
	for i >= 0 && rel[i] != '/' {
		i--
	}
	return isWriteTemp(rel[i+1:])
}
