//go:build !unix

package replay

import "time"

// Without flock a live copy cannot be told from a stale one: nothing is
// swept, and a copy is not locked.
func lockScratch(dir string) (func(), error) { return func() {}, nil }

func sweepStale(tmp string, now time.Time, alive func(pid int) bool) (swept []string) { return nil }

func processAlive(pid int) bool { return true }
