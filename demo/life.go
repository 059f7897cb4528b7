package demo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// The demo's temporary folder lives as long as the explorer that made it:
// removed on exit, and, after a crash, by the next --demo run, which finds
// it by its owner file naming a process that no longer runs. A folder given
// with --demo DIR is the person's: written once, kept, and said so.

const (
	prefix    = "repox-demo-"
	ownerFile = "owner.pid"
	// orphanAge: a demo folder without an owner file (made before owner
	// files existed) is removed once it is this old.
	orphanAge = time.Hour
)

// Prepare writes the demo repository for the explorer and says where: into
// dir when given (kept), else into a new temporary folder that cleanup
// removes. A temporary folder left by an explorer that did not exit
// cleanly is removed first. A dir that already holds files is reused only
// when repox made it (madeByRepox); any other is refused, and nothing in
// it is read or written.
func Prepare(dir string) (root, note string, cleanup func(), err error) {
	if err := platformRefusal(); err != nil {
		return "", "", nil, err
	}
	if dir != "" {
		st, serr := os.Stat(dir)
		switch {
		case serr == nil && !st.IsDir():
			return "", "", nil, fmt.Errorf("%s is not a folder — give a new or empty folder to repox demo DIR", dir)
		case serr == nil:
			entries, rerr := os.ReadDir(dir)
			if rerr != nil {
				return "", "", nil, rerr
			}
			if len(entries) > 0 {
				if why := madeByRepox(dir); why != "" {
					return "", "", nil, fmt.Errorf("%s is not empty and was not made by repox demo (%s), so repox neither reads nor writes in it — give a new or empty folder to repox demo DIR (a demo made by an older repox: remove it, and repox demo DIR writes it afresh)", dir, why)
				}
				return dir, fmt.Sprintf("repox: demo repository in %s (kept: it is yours, remove it when done)", dir), func() {}, nil
			}
		case !errors.Is(serr, fs.ErrNotExist):
			return "", "", nil, serr
		}
		if err := Write(dir); err != nil {
			return "", "", nil, err
		}
		return dir, fmt.Sprintf("repox: demo repository written to %s (kept: it is yours, remove it when done)", dir), func() {}, nil
	}
	removed := cleanStaleDemos(os.TempDir())
	base, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", "", nil, err
	}
	cleanup = func() { os.RemoveAll(base) }
	if err := os.WriteFile(filepath.Join(base, ownerFile), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
		cleanup()
		return "", "", nil, err
	}
	root = filepath.Join(base, "demo")
	if err := Write(root); err != nil {
		cleanup()
		return "", "", nil, err
	}
	note = fmt.Sprintf("repox: demo repository written to %s (removed on exit; keep one with repox demo DIR)", root)
	if removed > 0 {
		note += fmt.Sprintf("\nrepox: removed %s left by a repox that did not exit cleanly", repoops.Plural(removed, "demo folder", "demo folders"))
	}
	return root, note, cleanup, nil
}

// madeByRepox says why the folder dir is not one Write made ("" when it
// is): its marker must be a regular file reached without following any
// link (repoops.Folder), holding exactly markerText. A marker is only a
// file, and a folder someone shares can carry one; so a reused folder is
// still read and written only through repoops' doors (Folder, listings,
// the git door), never through a link and never running its git config.
func madeByRepox(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err.Error()
	}
	f, err := repoops.OpenFolder(abs)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	b, err := f.ReadFile(markerPath, len(markerText))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "it has no " + markerPath
	case err != nil:
		return err.Error()
	case string(b) != markerText:
		return markerPath + " holds other text than repox writes there"
	}
	return ""
}

// cleanStaleDemos removes the demo folders under tmp whose explorer no
// longer runs; it returns how many it removed. Only this user's folders
// are touched.
func cleanStaleDemos(tmp string) int {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		base := filepath.Join(tmp, e.Name())
		st, err := os.Lstat(base)
		if err != nil || !st.IsDir() {
			continue
		}
		if !ownedByMe(st) {
			continue
		}
		if !demoAbandoned(base, st.ModTime()) {
			continue
		}
		if os.RemoveAll(base) == nil {
			n++
		}
	}
	return n
}

// demoAbandoned: the owner file names a process that is gone, or there is
// no owner file and the folder is old.
func demoAbandoned(base string, mtime time.Time) bool {
	b, err := os.ReadFile(filepath.Join(base, ownerFile))
	if err != nil {
		return errors.Is(err, os.ErrNotExist) && time.Since(mtime) > orphanAge
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return true
	}
	return !processRuns(pid)
}
