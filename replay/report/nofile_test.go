package report

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
)

// TestReportNofileChild is the child of the test above: it lowers its own
// descriptor limit, then runs the report.
func TestReportNofileChild(t *testing.T) {
	limit := os.Getenv("REPOX_NOFILE_CHILD")
	if limit == "" {
		t.Skip("run by TestReportManySessionsUnderALowDescriptorLimit")
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Fatal(err)
	}
	fmt.Sscan(limit, &rl.Cur)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Fatal(err)
	}
	if err := Report(context.Background(), ReportOptions{Transcript: os.Getenv("REPOX_NOFILE_LOG"), Root: os.Getenv("REPOX_NOFILE_ROOT")}, os.Stdout); err != nil {
		t.Fatal(err)
	}
}
