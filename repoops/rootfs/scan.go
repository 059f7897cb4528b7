package rootfs

// Outcome says what happened to one file of a bulk scan.
type Outcome int

// The outcomes of Scanner.Read.
const (
	ScanRead       Outcome = iota // read whole
	ScanTooBig                    // over the caller's limit: not read
	ScanUnreadable                // could not be opened or read (permission, I/O)
	ScanSymlink                   // a symlink, at its name or on the way: never followed
	ScanSpecial                   // a FIFO, device or socket: never read
	ScanMissing                   // gone, or a part of the path is not a folder
	ScanFolder                    // a folder where git lists a path: a submodule
)
