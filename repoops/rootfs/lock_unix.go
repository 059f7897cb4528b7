//go:build unix

package rootfs

import (
	"context"
	"time"

	"github.com/repoxhq/repox/repoops/words"
	"golang.org/x/sys/unix"
)

// lockWait bounds how long a write waits for another writer's lock.
const lockWait = 30 * time.Second

// Lock takes an exclusive advisory lock (flock) on the open file. Locks
// taken through different opens conflict even inside one process, so two
// goroutines are serialised like two processes (a TUI and an MCP server).
// The lock is released by Unlock or by closing the file.
//
// The lock is on the file's inode. A write replaces the inode (rename), so
// a writer that was waiting finds, once it holds the lock, that the name
// now holds another file, and is refused as stale: whoever holds the lock
// on the inode the name points at is the only one that may replace it.
func (f *File) Lock(ctx context.Context) error { return lockFile(ctx, f.fd, f.t.shown) }

func lockFile(ctx context.Context, fd int, shown string) error {
	deadline := time.Now().Add(lockWait)
	delay := time.Millisecond
	for {
		err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return nil
		}
		if err != unix.EWOULDBLOCK && err != unix.EINTR {
			return words.Refusef("%s cannot be locked for writing: %v", shown, err)
		}
		if time.Now().After(deadline) {
			return words.Refusef("%s is being written by another process (its lock was held for over %s) — try again", shown, lockWait)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		if delay < 20*time.Millisecond {
			delay *= 2
		}
	}
}

// Unlock releases the lock.
func (f *File) Unlock() { unix.Flock(f.fd, unix.LOCK_UN) }
