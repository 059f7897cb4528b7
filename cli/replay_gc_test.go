package cli

import (
	"os"
	"runtime/debug"
	"testing"
)

// A report runs with the collector at GOGC=400 unless the person set GOGC.
func TestReportGCUnlessGOGCIsSet(t *testing.T) {
	old := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(old) })

	t.Setenv("GOGC", "150")
	reportGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, the report changed the collector to %d", got)
	}
	os.Unsetenv("GOGC") // t.Setenv restores it
	reportGC()
	if got := debug.SetGCPercent(100); got != 400 {
		t.Errorf("without GOGC, the report's collector is at %d, want 400", got)
	}
}
