package sessions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/model/panetest"
)

// A transcript whose records have no times (a Cursor CLI chat), written
// this instant: its mtime is no sign of life, so the pane says it is done
// and replays it from its start; once it grows while followed, it is live
// (issue 39 item 5).
func TestSessionsLiveWithoutRecordTimesIsGrowth(t *testing.T) {
	m := sessionsModel(t, 160, 45, "", "")
	m.sessions = New(m.common, panetest.FakeEnvAt(t.TempDir(), time.Now()))
	path := filepath.Join(t.TempDir(), "c1.jsonl")
	read := `{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Read","input":{"path":"README.md"}}]}}` + "\n" +
		`{"role":"user","message":{"content":[{"type":"tool_result","content":"# fixture"}]}}` + "\n"
	if err := os.WriteFile(path, []byte(`{"role":"user","message":{"content":[{"type":"text","text":"<user_query>read it</user_query>"}]}}`+"\n"+read), 0o644); err != nil {
		t.Fatal(err)
	}
	m.cfg.Transcript = path
	drive(t, m, m.Init(), settled(m, 1))
	if got := paneText(m); !strings.Contains(got, "· done · against: start state") {
		t.Fatalf("a transcript without times, not seen growing, is not done:\n%s", got)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(read)
	f.Close()
	drive(t, m, nil, settled(m, 2))
	if got := paneText(m); !strings.Contains(got, "· following ·") {
		t.Errorf("a transcript without times that grew while followed is not live:\n%s", got)
	}
}
