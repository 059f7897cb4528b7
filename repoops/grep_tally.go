package repoops

import (
	"github.com/repoxhq/repox/repoops/rootfs"
)

// grepTally is one worker's account of the files it searched: counts of
// every outcome, of the matching files and lines, and the first matching
// files in path order, as many as the answer can show (each shows at least
// one line). Nothing else is kept of a file, so memory is the same for a
// pattern in every file of a million as for one in none.
type grepTally struct {
	searched   int
	skipped    GrepSkipped
	files      int // files with a match
	lines      int // matching lines in them
	firstFiles bestWindow[fileMatch]
}

func newGrepTally() grepTally {
	return grepTally{firstFiles: bestWindow[fileMatch]{k: grepMaxLines, less: fileMatchLess}}
}

func fileMatchLess(a, b fileMatch) bool { return pathLess(a.path, b.path) }

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
		t.files++
		t.lines += count
		t.firstFiles.push(fileMatch{path: path, count: count})
	}
}
