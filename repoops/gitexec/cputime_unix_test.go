//go:build unix

package gitexec

import "syscall"

// cpuTime is this process's user+system CPU time in ns, for benchmarks on
// a shared machine, where wall time mostly measures the queue.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
