package gitexec

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/repoxhq/repox/repoops/rootfs"
	"github.com/repoxhq/repox/repoops/words"
)

// Where git's data leads is checked once, at open (contain.go), but git
// follows the git folder's links again on every run: an alternates file
// written, or an objects folder swapped for a link, after the open would
// make git show another repository's history. So checkGitDir stamps each
// place that decides where git reads data from, before it reads it, and
// every later command re-stamps them and refuses when one changed (the
// commondir file is stamped with the config files, see configStamp):
//
//   - the objects/info/alternates file of each objects folder git uses (the
//     common one and each alternate), any change: size, mtime, ctime,
//     device, inode, present or absent;
//   - the git folder, the common folder, each objects folder and its pack
//     folder, by identity only: what it is (folder or link), its device and
//     inode, and for a link those of where it leads now. Their times change
//     with every commit, so they are not stamped.
//
// That is one stat per place, four in a plain repository; a new link
// deeper in (a loose-object folder, a ref) is seen only at the next open.

// lead is one stamped place.
type lead struct {
	path  string
	file  bool   // a file whose every change counts; else a folder's identity
	name  string // how a refusal names it: "its git folder's objects folder"
	stamp string
}

// leads are the stamped places of one Runner, in the order they were read.
type leads []lead

// addFile stamps a file git reads to find data elsewhere.
func (l *leads) addFile(path, name string) {
	*l = append(*l, lead{path: path, file: true, name: name, stamp: stampFiles(path).text})
}

// addFolder stamps a folder git reads data from by its identity.
func (l *leads) addFolder(path, name string) {
	*l = append(*l, lead{path: path, name: name, stamp: folderIdentity(path)})
}

// changed returns the first place whose stamp moved, or nil.
func (l leads) changed() *lead {
	for i := range l {
		now := folderIdentity(l[i].path)
		if l[i].file {
			now = stampFiles(l[i].path).text
		}
		if now != l[i].stamp {
			return &l[i]
		}
	}
	return nil
}

// refusal is the sentence a command gets when c changed.
func (c *lead) refusal() error {
	what := "was replaced or became a link"
	if c.file {
		what = "was written or changed"
	}
	return fmt.Errorf("%s %s since repox opened the repository, and where it leads was checked only then — open the repository again (restart repox) to use git", c.name, what)
}

// folderIdentity is what a path is (from lstat: its type, device and
// inode) and, when it is a link, the device and inode of where it leads
// now; "-" when it is gone.
func folderIdentity(path string) string {
	lst, err := os.Lstat(path)
	if err != nil {
		return "-"
	}
	s := lst.Mode().Type().String() + identity(lst)
	if lst.Mode()&os.ModeSymlink != 0 {
		st, err := os.Stat(path)
		if err != nil {
			return s + ">-"
		}
		s += ">" + identity(st)
	}
	return s
}

func identity(st os.FileInfo) string {
	ino, dev, _ := rootfs.FileIDs(st)
	return strconv.FormatUint(dev, 10) + "." + strconv.FormatUint(ino, 10)
}

// leadName names p, a thing of the given kind ("file", "folder"), for a
// refusal: by its path inside the git folder when it lies there, else by
// its full path.
func leadName(gitDir, p, kind string) string {
	if rel, err := filepath.Rel(gitDir, p); err == nil && filepath.IsLocal(rel) {
		return "its git folder's " + filepath.ToSlash(rel) + " " + kind
	}
	return "the " + kind + " " + words.DisplayPath(p) + ", which its git folder uses,"
}
