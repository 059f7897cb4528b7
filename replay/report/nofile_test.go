//go:build linux || darwin

package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A log of 300 writing sessions is replayed in a child process whose
// descriptor limit is 64: with one session open at a time it needs a
// handful, so no copy fails with "too many open files" and no change is
// reported as not replayed. (Every session kept open until the end needed
// three descriptors each.)
func TestReportManySessionsUnderALowDescriptorLimit(t *testing.T) {
	if os.Getenv("REPOX_NOFILE_CHILD") != "" {
		t.Skip("the child runs TestReportNofileChild")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	l := &repoxLog{t: t}
	const sessions = 300
	for i := range sessions {
		l.write(fmt.Sprintf("s%03d", i))
	}
	log := filepath.Join(t.TempDir(), "mcp.jsonl")
	if err := os.WriteFile(log, []byte(l.sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReportNofileChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "REPOX_NOFILE_CHILD=64", "REPOX_NOFILE_ROOT="+root, "REPOX_NOFILE_LOG="+log, "TMPDIR="+t.TempDir())
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("the child: %v\n%s\n%s", err, errb.String(), lastPart(out.String()))
	}
	s := out.String()
	if strings.Contains(s, "too many open files") || strings.Contains(s, "not-replayed") {
		t.Errorf("the child ran out of descriptors:\n%s", lastPart(s))
	}
	if !strings.Contains(s, fmt.Sprintf("%d calls: %d with a repox equivalent, 0 without; 0 findings", sessions, sessions)) ||
		strings.Count(s, "; removed\n") != sessions {
		t.Errorf("the child's summary:\n%s", lastPart(s))
	}
}

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

func lastPart(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}
