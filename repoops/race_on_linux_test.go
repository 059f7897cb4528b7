//go:build race && linux

package repoops

// raceBuild: the race detector's shadow memory multiplies a process's
// RSS, so the memory bounds are measured without it.
const raceBuild = true
