//go:build unix

package replaytest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Guard runs fn and fails the test when it does not return: the bound is
// not a timing assertion (each trap returns in milliseconds), it only
// stops a regression from hanging the run.
func Guard(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return: it blocks on a FIFO or reads a device for ever", what)
	}
}

func Mkfifo(t *testing.T, path string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
}

func Symlink(t *testing.T, target, link string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
