//go:build race && linux

package cli

// raceBuild: the race detector's shadow memory multiplies a process's
// RSS, so the replay's memory bounds are measured without it.
const raceBuild = true
