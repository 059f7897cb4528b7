//go:build unix

package replay

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// staleAfter: a copy younger than this is never swept (it covers the
// instant between a copy's folder being made and locked).
const staleAfter = 10 * time.Minute

// lockScratch takes the scratch folder's lock (an exclusive flock on the
// folder itself) for as long as the copy lives; release drops it.
func lockScratch(dir string) (func(), error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}

// sweepStale removes the scratch folders in tmp that a replay which is
// gone left behind (see scratch.go for the rule) and says which.
func sweepStale(tmp string, now time.Time, alive func(pid int) bool) (swept []string) {
	ents, err := os.ReadDir(tmp)
	if err != nil {
		return nil
	}
	for _, e := range ents {
		pid, ok := scratchPid(e.Name())
		if !ok || !e.IsDir() || alive(pid) {
			continue // not one of ours, a link (IsDir is false), or its replay runs
		}
		p := filepath.Join(tmp, e.Name())
		info, err := os.Lstat(p)
		if err != nil || !info.IsDir() || now.Sub(info.ModTime()) < staleAfter {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
			continue // another user's
		}
		if removeUnlocked(p) {
			swept = append(swept, p)
		}
	}
	return swept
}

// removeUnlocked removes the folder p if no one holds its lock, holding
// the lock meanwhile (so two sweeps never race on it).
func removeUnlocked(p string) bool {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_DIRECTORY, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return false // held: a replay is using it
	}
	return os.RemoveAll(p) == nil
}

// scratchPid is the pid a scratch folder's name records
// (repox-replay-<pid>-<random>).
func scratchPid(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, scratchPrefix)
	if !ok {
		return 0, false
	}
	digits, _, ok := strings.Cut(rest, "-")
	pid, err := strconv.Atoi(digits)
	if !ok || err != nil || pid <= 0 {
		return 0, false
	}
	return pid, true
}

// processAlive: kill(pid, 0) finds the process (EPERM: it exists, another
// user's).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
