package sessions

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/model/panetest"
)

// scratchFolders lists the replay scratch copies in tmp.
func scratchFolders(tmp string) []string {
	ents, _ := os.ReadDir(tmp)
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "repox-replay-") {
			out = append(out, e.Name())
		}
	}
	return out
}

// Issue 43 item 9 (issue 42 item 11): quitting the explorer (or SIGHUP and
// SIGTERM, which end it the same way) while the list's background count
// replays a session in a scratch copy must remove the copy, not leave it
// for a later replay to sweep. The trap: Shutdown while the copy is being
// made; before the fix the copy was still in $TMPDIR when it returned.
func TestShutdownRemovesTheTallysScratchCopy(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := panetest.FixtureRepo(t)
	many := map[string]string{}
	for i := range 4000 { // a copy that takes a while
		many[fmt.Sprintf("bulk/%02d/f%04d.txt", i%40, i)] = "x\n"
	}
	writeFiles(t, dir, many)
	m := newTestModel(t, dir, 120, 40)
	home := t.TempDir()
	logDir := panetest.FakeEnv(home)().RepoxLogDir()
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logDir, "mcp.jsonl"), []byte(panetest.AgentLog(t, panetest.AgentScript, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	m.sessions = New(m.common, panetest.FakeEnv(home))
	_, cmd := m.Update(panetest.Key("c"))
	drive(t, m, cmd, func() bool { return !m.sessions.loading && m.sessions.tallying != "" })
	deadline := time.Now().Add(20 * time.Second)
	for len(scratchFolders(tmp)) == 0 {
		if time.Now().After(deadline) {
			t.Skip("the count made no scratch copy in 20 s (a very slow machine): nothing to test")
		}
		time.Sleep(2 * time.Millisecond)
	}
	m.Shutdown()
	if left := scratchFolders(tmp); len(left) > 0 {
		t.Errorf("after Shutdown the count's scratch copy is still in $TMPDIR: %v", left)
	}
}
