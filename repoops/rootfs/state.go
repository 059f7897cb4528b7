package rootfs

import (
	"errors"
	"os"
)

// Fingerprint identifies a file's exact state; the content hash catches
// same-size writes within one timestamp tick that size and mtime miss.
type Fingerprint struct {
	Size    int64
	MtimeNs int64
	CtimeNs int64
	Inode   uint64
	Dev     uint64
	SHA256  [32]byte
}

// FingerprintOf is a Fingerprint of st without the content hash.
func FingerprintOf(st os.FileInfo) Fingerprint {
	fp := Fingerprint{Size: st.Size(), MtimeNs: st.ModTime().UnixNano()}
	fp.Inode, fp.Dev, fp.CtimeNs = FileIDs(st)
	return fp
}

// State is a file's bytes and identity as the write tools saw them.
type State struct {
	Exists  bool
	Content []byte // whole file, BOM included
	FP      Fingerprint
	Perm    uint32 // permission bits, with setuid/setgid/sticky
	Uid     uint32
	Gid     uint32
}

// ErrNotFound marks a file that does not exist (a create may follow).
var ErrNotFound = errors.New("not found")

// ErrReplaced marks a name that no longer holds the opened file.
var ErrReplaced = errors.New("replaced")
