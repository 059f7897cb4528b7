//go:build unix

package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// A scratch folder's name records its replay's pid; only a well-formed
// name with a positive pid is one of ours (found by mutation testing,
// .ci/mutation --pkg replay).
func TestScratchPidReadsOnlyWellFormedNames(t *testing.T) {
	for _, c := range []struct {
		name string
		pid  int
		ok   bool
	}{
		{"repox-replay-42-abc", 42, true},
		{"repox-replay-1-x", 1, true},
		{"repox-replay-0-x", 0, false},  // no process has pid 0
		{"repox-replay--3-x", 0, false}, // nor a negative one
		{"repox-replay-42", 0, false},   // no random part: not MkdirTemp's
		{"repox-replay-4a-x", 0, false}, // not a number
		{"other-42-x", 0, false},
	} {
		pid, ok := scratchPid(c.name)
		if pid != c.pid || ok != c.ok {
			t.Errorf("scratchPid(%q) = %d, %v; want %d, %v", c.name, pid, ok, c.pid, c.ok)
		}
	}
}

// staleAfter is the youngest a copy may be to be swept: at exactly that
// age it goes, a moment younger it stays.
func TestSweepTakesACopyFromExactlyStaleAfter(t *testing.T) {
	tmp := t.TempDir()
	dead := deadPid(t)
	p := filepath.Join(tmp, fmt.Sprintf("repox-replay-%d-1", dead))
	if err := os.Mkdir(p, 0o700); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	gone := func(int) bool { return false }
	if swept := sweepStale(tmp, st.ModTime().Add(staleAfter-time.Nanosecond), gone); len(swept) != 0 {
		t.Fatalf("swept a copy younger than staleAfter: %v", swept)
	}
	if swept := sweepStale(tmp, st.ModTime().Add(staleAfter), gone); !slices.Equal(swept, []string{p}) {
		t.Fatalf("swept %v, want %s (exactly staleAfter old)", swept, p)
	}
}

// Another user's folder of the same name is never swept (it is not this
// replay's to remove). Needs root, to give the folder away.
func TestSweepKeepsAnotherUsersCopy(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to make a folder another user owns")
	}
	tmp := t.TempDir()
	p := filepath.Join(tmp, fmt.Sprintf("repox-replay-%d-1", deadPid(t)))
	if err := os.Mkdir(p, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(p, 65534, 65534); err != nil {
		t.Skipf("cannot give the folder away: %v", err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	if swept := sweepStale(tmp, time.Now(), func(int) bool { return false }); len(swept) != 0 {
		t.Errorf("swept another user's folder: %v", swept)
	}
}

// processAlive finds a live process, even one this user may not signal
// (pid 1: EPERM for a non-root user), and not a gone one.
func TestProcessAliveTellsLiveFromGone(t *testing.T) {
	if !processAlive(os.Getpid()) {
		t.Error("this process is not found alive")
	}
	if !processAlive(1) {
		t.Error("pid 1 is not found alive")
	}
	if processAlive(deadPid(t)) {
		t.Error("a process that ended is found alive")
	}
}

// makeScratch's folder is locked while it is in use: a sweep's lock on it
// fails until release.
func TestMakeScratchHoldsItsLockUntilRelease(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, release, err := makeScratch()
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if filepath.Dir(dir) != os.TempDir() {
		t.Errorf("made %s, not in TMPDIR %s", dir, os.TempDir())
	}
	if pid, ok := scratchPid(filepath.Base(dir)); !ok || pid != os.Getpid() {
		t.Errorf("its name %s does not record this pid %d", filepath.Base(dir), os.Getpid())
	}
	try := func() error {
		f, err := os.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	if try() == nil {
		t.Error("the folder is not locked while in use")
	}
	release()
	if err := try(); err != nil {
		t.Errorf("still locked after release: %v", err)
	}
}

// A folder that is passed over (not named as ours, too young, another
// user's) does not end the sweep: the stale copies after it in the
// listing still go. Folders whose names are not ours are kept even when
// no replay is alive at all.
func TestSweepGoesOnPastTheFoldersItKeeps(t *testing.T) {
	tmp := t.TempDir()
	dead := deadPid(t)
	old := time.Now().Add(-time.Hour)
	mk := func(name string, age time.Time) string {
		p := filepath.Join(tmp, name)
		if err := os.Mkdir(p, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, age, age); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// ReadDir lists by name: each kept folder comes before a stale one
	kept := []string{
		mk("elsewhere", old),
		mk("repox-replay-123abc", old),
		mk(fmt.Sprintf("repox-replay-%d-1", dead), time.Now()), // young
	}
	stale := []string{mk(fmt.Sprintf("repox-replay-%d-2", dead), old)}
	if os.Getuid() == 0 {
		other := mk(fmt.Sprintf("repox-replay-%d-3", dead), old)
		if err := os.Chown(other, 65534, 65534); err == nil {
			kept = append(kept, other)
		}
		stale = append(stale, mk(fmt.Sprintf("repox-replay-%d-4", dead), old))
	}
	swept := sweepStale(tmp, time.Now(), func(int) bool { return false })
	if !slices.Equal(swept, stale) {
		t.Errorf("swept %v, want %v", swept, stale)
	}
	for _, p := range kept {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}

// A copy that vanishes while the sweep looks at it (its replay removed it
// on exit) is passed over, not a crash.
func TestSweepPassesOverACopyThatVanishes(t *testing.T) {
	tmp := t.TempDir()
	p := filepath.Join(tmp, fmt.Sprintf("repox-replay-%d-1", deadPid(t)))
	if err := os.Mkdir(p, 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	// the liveness check runs between the listing and the Lstat
	vanish := func(int) bool { os.Remove(p); return false }
	if swept := sweepStale(tmp, time.Now(), vanish); len(swept) != 0 {
		t.Errorf("swept %v, want nothing (it was gone)", swept)
	}
}
