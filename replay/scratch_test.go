//go:build unix

package replay

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// deadPid is the pid of a process that has ended.
func deadPid(t *testing.T) int {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no true(1) to run: %v", err)
	}
	return cmd.ProcessState.Pid()
}

// A copy left by a replay killed with -9 (its process gone, its lock with
// it) is swept at the next start once it is old; a copy whose owner lives,
// one still locked, a young one, and a look-alike that is a link are kept.
func TestSweepRemovesOnlyStaleCopiesOfGoneReplays(t *testing.T) {
	tmp := t.TempDir()
	dead := deadPid(t)
	old := time.Now().Add(-time.Hour)
	mk := func(name string, age time.Time) string {
		p := filepath.Join(tmp, name)
		writeFiles(t, p, map[string]string{"a.txt": "a\n"})
		if err := os.Chtimes(p, age, age); err != nil {
			t.Fatal(err)
		}
		return p
	}
	stale := mk(fmt.Sprintf("repox-replay-%d-1", dead), old)
	locked := mk(fmt.Sprintf("repox-replay-%d-2", dead), old)
	alive := mk(fmt.Sprintf("repox-replay-%d-3", os.Getpid()), old)
	young := mk(fmt.Sprintf("repox-replay-%d-4", dead), time.Now())
	noPid := mk("repox-replay-123abc", old)
	target := mk("elsewhere", old)
	link := filepath.Join(tmp, fmt.Sprintf("repox-replay-%d-5", dead))
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	swept := sweepStale(tmp, time.Now(), processAlive)
	if !slices.Equal(swept, []string{stale}) {
		t.Errorf("swept %v, want only %s", swept, stale)
	}
	for _, kept := range []string{locked, alive, young, noPid, target, link} {
		if _, err := os.Lstat(kept); err != nil {
			t.Errorf("%s was removed: %v", kept, err)
		}
	}
	if _, err := os.Lstat(stale); err == nil {
		t.Errorf("%s is still there", stale)
	}
}

// A running replay's copy is locked for as long as it exists, so a sweep
// (by another replay) keeps it whatever its age.
func TestSweepKeepsARunningReplaysCopy(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n"})
	rp, err := NewReplayer(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.ensureCopy(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(rp.Scratch, old, old)
	// even with its pid taken for gone (reused, or another pid namespace),
	// the lock keeps it
	gone := func(int) bool { return false }
	if swept := sweepStale(tmp, time.Now(), gone); len(swept) != 0 {
		t.Errorf("swept a running replay's copy: %v", swept)
	}
	scratch := rp.Scratch
	rp.Close()
	if _, err := os.Lstat(scratch); err == nil {
		t.Errorf("Close left %s", scratch)
	}
}
