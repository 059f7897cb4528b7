//go:build unix

package gitexec

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A hostile repository can swap a FIFO in at a git file's name between a
// check of the name and the open: an open that waits for a writer would
// hang the tool for ever. Each reader of a git folder file is run while
// another goroutine swaps a regular file and a FIFO at the name as fast
// as it can; none may wait. (Before openNoWait the readers checked the
// name with lstat and then opened it, and this test hung in the window.)
func TestGitFileReadersNeverWaitOnAFIFOSwappedIn(t *testing.T) {
	readers := map[string]func(string){
		"readRegular":   func(p string) { readRegular(p) },
		"readOuter":     func(p string) { readOuter(p, 1<<20) },
		"openOuter":     func(p string) { openOuterAndClose(p) },
		"readSetupFile": func(p string) { readSetupFile(p) },
	}
	for name, read := range readers {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "file")
			var stop atomic.Bool
			swapped := make(chan struct{})
			go func() {
				defer close(swapped)
				reg, fifo := filepath.Join(dir, "reg"), filepath.Join(dir, "fifo")
				for !stop.Load() {
					if os.WriteFile(reg, []byte("x\n"), 0o600) == nil {
						os.Rename(reg, target)
					}
					if unix.Mkfifo(fifo, 0o600) == nil {
						os.Rename(fifo, target)
					}
				}
			}()
			defer func() { stop.Store(true); <-swapped }()
			deadline := time.Now().Add(time.Second)
			for n := 0; n < 200 || time.Now().Before(deadline); n++ {
				done := make(chan struct{})
				go func() { read(target); close(done) }()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					t.Fatalf("%s waited on a FIFO swapped in at its name (read %d)", name, n)
				}
			}
		})
	}
}

func openOuterAndClose(p string) {
	if f, _ := openOuter(p, 1<<20); f != nil {
		f.Close()
	}
}
