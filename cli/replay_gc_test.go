package cli

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

// A report runs with the collector at GOGC=400 and a soft memory limit of
// reportMemoryLimit, unless the person set GOGC or GOMEMLIMIT.
func TestReportGCUnlessGOGCIsSet(t *testing.T) {
	old, oldLimit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(old); debug.SetMemoryLimit(oldLimit) })

	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "1GiB")
	reportGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, the report changed the collector to %d", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set, the report changed the memory limit to %d", got)
	}
	os.Unsetenv("GOGC") // t.Setenv restores it
	os.Unsetenv("GOMEMLIMIT")
	reportGC()
	if got := debug.SetGCPercent(100); got != 400 {
		t.Errorf("without GOGC, the report's collector is at %d, want 400", got)
	}
	if got := debug.SetMemoryLimit(-1); got != reportMemoryLimit {
		t.Errorf("without GOMEMLIMIT, the report's memory limit is %d, want %d", got, reportMemoryLimit)
	}
}
