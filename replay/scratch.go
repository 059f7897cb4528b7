package replay

import (
	"fmt"
	"os"
	"sync"
	"time"
)

// Scratch copies are folders $TMPDIR/repox-replay-<pid>-<random>. A replay
// killed with -9 cannot remove its copy, so the next replay (of any face)
// sweeps such folders once at its start. A folder goes only when all of
// these hold: it is a folder (not a link) this user owns, it is older than
// staleAfter, the process its name records is gone, and no one holds the
// lock a live replay keeps on it for as long as the copy exists (an flock
// on the folder, which the kernel drops when its owner dies). So a running
// replay's copy is never swept: its lock is held, whatever its age or
// whether its pid was reused.

// scratchPrefix starts every scratch folder's name.
const scratchPrefix = "repox-replay-"

var sweepOnce sync.Once

// sweepStaleOnce sweeps $TMPDIR once per process.
func sweepStaleOnce() { sweepOnce.Do(func() { sweepStale(os.TempDir(), time.Now(), processAlive) }) }

// makeScratch makes and locks a new scratch folder; release unlocks it
// (after the folder is removed).
func makeScratch() (dir string, release func(), err error) {
	dir, err = os.MkdirTemp("", fmt.Sprintf("%s%d-", scratchPrefix, os.Getpid()))
	if err != nil {
		return "", nil, err
	}
	release, err = lockScratch(dir)
	if err != nil {
		os.Remove(dir)
		return "", nil, fmt.Errorf("locking the scratch folder %s: %w", dir, err)
	}
	return dir, release, nil
}
