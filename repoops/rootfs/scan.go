package rootfs

// Outcome says what happened to one file of a bulk scan.
type Outcome int

const (
	ScanRead Outcome = iota
	ScanTooBig
	ScanUnreadable
	ScanSymlink
	ScanSpecial
	ScanMissing
	ScanFolder // a folder where git lists a path: a submodule
)
