package repoops

import (
	"github.com/repoxhq/repox/repoops/rootfs"
)

// grepTally is one worker's account of the files it searched: counts of
// every outcome, and the files that matched. Nothing is kept of a file
// without a match, so memory follows the matches, not the repository.
type grepTally struct {
	searched int
	skipped  GrepSkipped
	matched  []fileMatch
}

type fileMatch struct {
	path  string
	count int
}

func (t *grepTally) add(path string, oc rootfs.Outcome, binary bool, count int) {
	switch {
	case oc == rootfs.ScanTooBig:
		t.skipped.TooBig++
	case oc == rootfs.ScanUnreadable:
		t.skipped.Unreadable++
	case oc == rootfs.ScanSymlink:
		t.skipped.Symlinks++
	case oc == rootfs.ScanSpecial:
		t.skipped.Special++
	case oc == rootfs.ScanMissing:
		t.skipped.Missing++
	case oc == rootfs.ScanFolder:
		t.skipped.Submodules++
	case binary:
		t.skipped.Binary++
	default:
		t.searched++
	}
	if count > 0 {
		t.matched = append(t.matched, fileMatch{path: path, count: count})
	}
}
