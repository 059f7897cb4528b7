//go:build !unix

package gitexec

func cpuTime() int64 { return 0 }
