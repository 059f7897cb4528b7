package rootfs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Root is one repository folder opened for the tools. It is safe for
// concurrent use.
type Root struct {
	root    *os.Root // the one confinement boundary
	dirFile *os.File // the root folder, kept open for fd-relative bulk scans
	realDir string   // the path opened, with symlinks resolved ("" when that failed)

	// scans counts fd-relative readers in use (scan_unix.go): Close waits
	// for them, because they hold the root's fd number, which the kernel
	// would hand to the next file opened once the root is closed.
	scanMu     sync.Mutex
	scanClosed bool
	scans      sync.WaitGroup
	hooks      Hooks // under scanMu

	// faults is a test seam (faultseam_unix.go): the zero value, which
	// only rootfs's own tests change, makes the real system calls.
	faults faultSeam
}

// Hooks are for tests of the write path: they change how a write makes its
// temp file and let a test look at the folder mid-write, never where a
// write goes or what it refuses.
type Hooks struct {
	NamedTemps  bool   // never try an unnamed (O_TMPFILE) temp file
	NoHardLinks bool   // act as a file system without hard links (vfat, some network ones)
	BeforeLink  func() // runs when the new content is complete, before it gets its name
	// TempName, when set, gives the names of named temp files in place of
	// random ones (a test plants a file at one to show it is never opened).
	TempName func() string
}

// SetHooks sets the hooks later Targets use.
func (r *Root) SetHooks(h Hooks) {
	r.scanMu.Lock()
	r.hooks = h
	r.scanMu.Unlock()
}

// Open opens the folder at the absolute path abs as a Root.
func Open(abs string) (*Root, error) {
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", abs, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", abs)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", abs, err)
	}
	dirFile, err := root.Open(".")
	if err != nil {
		root.Close()
		return nil, fmt.Errorf("cannot open %s: %w", abs, err)
	}
	r := &Root{root: root, dirFile: dirFile}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		r.realDir = real
	}
	return r, nil
}

// RealDir is the path the root was opened on with symlinks resolved, for
// taking absolute paths back in; "" when it could not be resolved.
func (r *Root) RealDir() string { return r.realDir }

// Close releases the root, after the bulk scans still running (a cancelled
// search finishing its batch) have let go of its fd.
func (r *Root) Close() error {
	r.scanMu.Lock()
	r.scanClosed = true
	r.scanMu.Unlock()
	r.scans.Wait()
	r.dirFile.Close()
	return r.root.Close()
}

// osPath is the name to hand os.Root for a repo-relative path.
func osPath(rel string) string {
	if rel == "" {
		return "."
	}
	return filepath.FromSlash(rel)
}

// Lstat describes rel without following a final symlink.
func (r *Root) Lstat(rel string) (fs.FileInfo, error) { return r.root.Lstat(osPath(rel)) }

// Open opens rel (a file or a folder) for reading.
func (r *Root) Open(rel string) (*os.File, error) { return r.root.Open(osPath(rel)) }

// OpenRead opens rel for reading without blocking on a FIFO or device (the
// caller checks the open file's mode before reading it).
func (r *Root) OpenRead(rel string) (*os.File, error) {
	return r.root.OpenFile(osPath(rel), os.O_RDONLY|oNonblock, 0)
}

// ReadFile reads the whole file rel.
func (r *Root) ReadFile(rel string) ([]byte, error) { return r.root.ReadFile(osPath(rel)) }

// Readlink returns the target of the symlink rel.
func (r *Root) Readlink(rel string) (string, error) { return r.root.Readlink(osPath(rel)) }
