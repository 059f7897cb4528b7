//go:build unix

package rootfs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A lock another holder keeps is waited for, and taken once released; a
// lock that cannot be taken for another reason (a closed descriptor) is
// refused at once with what went wrong, not waited on until the deadline.
func TestLockWaitsForAHolderAndRefusesOtherErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	holder, err := unix.Open(p, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(holder)
	if err := unix.Flock(holder, unix.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	fd, err := unix.Open(p, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	time.AfterFunc(50*time.Millisecond, func() { unix.Flock(holder, unix.LOCK_UN) })
	if err := lockFile(context.Background(), fd, "f"); err != nil {
		t.Fatalf("a lock released by its holder: %v; want it taken", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // ends a wait that should not happen
	defer cancel()
	err = lockFile(ctx, -1, "f")
	if err == nil || !strings.Contains(err.Error(), "f cannot be locked for writing") {
		t.Fatalf("a lock on a closed descriptor: %v; want a refusal naming the error", err)
	}
}
