package repoops

import "errors"

// editMaxBytes caps a file the write tools read or produce (8 MiB).
const editMaxBytes = 8 << 20

// errNotFound marks a file that does not exist (a create may follow).
var errNotFound = errors.New("not found")

// fileState is a file's bytes and identity as the write tools saw them.
type fileState struct {
	Exists  bool
	Content []byte // whole file, BOM included
	FP      Fingerprint
	Perm    uint32 // permission bits, with setuid/setgid/sticky
	Uid     uint32
	Gid     uint32
}

// errReplaced marks a name that no longer holds the opened file.
var errReplaced = errors.New("replaced")
