package demo

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/report"
)

// The tour's bundled session, replayed by repox, gives the findings the
// tour points at: the edit of line 1,303 after a read of lines 1-1,000.
func TestSessionReplayFindsTheEditOfAnUnreadLine(t *testing.T) {
	shared(t) // skips without git
	dir := filepath.Join(t.TempDir(), "demo")
	if err := Write(dir); err != nil {
		t.Fatal(err)
	}
	path, err := WriteSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, filepath.FromSlash(SessionPath)) {
		t.Errorf("session written to %s", path)
	}
	var out bytes.Buffer
	if err := report.Report(context.Background(), report.ReportOptions{Transcript: path, Root: dir}, &out); err != nil {
		t.Fatalf("replay --report: %v", err)
	}
	report := out.String()
	for _, want := range []string{
		fmt.Sprintf("! edit-unread: the agent's Edit changed line %d of server/handlers.go, which it never read in this session", ChangedLine),
		"· note, differs: the agent's Edit succeeded; repox refuses it: server/handlers.go: line 1,303 has not been read in this session — read it with offset=1001 limit=400 first",
		"old_string occurs 2 times, at lines 12 and 19",
		"5 calls: 5 with a repox equivalent",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the replay report lacks %q:\n%s", want, report)
		}
	}
	// Every call of the session has a repox equivalent that ran.
	if strings.Contains(report, "not-replayed") {
		t.Errorf("a call was not replayed:\n%s", report)
	}
}
