package panetest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/repoops"
)

// AgentCall is one call of a scripted agent session.
type AgentCall struct {
	Session, Tool, Args string
}

// AgentScript is the session the sessions tests follow: a full read of
// README.md (which the explorer's copy then changes), a find, a partial
// read of src/main.go, an edit refused for it, a full read and an edit
// that lands. Session s2 only finds deep/a/b/c/leaf.txt.
var AgentScript = []AgentCall{
	{"s1", repoops.ToolRead, `{"path":"README.md"}`},
	{"s1", repoops.ToolFind, `{"query":"strings"}`},
	{"s1", repoops.ToolRead, `{"path":"src/main.go","limit":4}`},
	{"s1", repoops.ToolEdit, `{"path":"src/main.go","old_string":"hello, needle","new_string":"hello, world"}`},
	{"s1", repoops.ToolRead, `{"path":"src/main.go"}`},
	{"s1", repoops.ToolEdit, `{"path":"src/main.go","old_string":"hello, needle","new_string":"hello, world"}`},
	{"s2", repoops.ToolFind, `{"query":"leaf"}`},
}

// S1Calls is the number of calls of session s1 in AgentScript.
const S1Calls = 6

// AgentT0 is the time of the scripted session's first call.
var AgentT0 = time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)

// AgentLog runs calls through repoops on a fresh copy of the fixture (the
// agent's own checkout, so its edits do not touch the explored one) and
// returns the call log lines, as `repox mcp --log` writes them; the
// first is timed from seconds after AgentT0.
func AgentLog(t testing.TB, calls []AgentCall, from int) string {
	t.Helper()
	repo, err := repoops.Open(FixtureRepo(t))
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	sess := map[string]*repoops.Session{}
	var b strings.Builder
	for i, c := range calls {
		s := sess[c.Session]
		if s == nil {
			s = repo.NewSession()
			sess[c.Session] = s
		}
		rec, _ := s.CallRecorded(context.Background(), c.Tool, []byte(c.Args))
		rec.Session = c.Session
		rec.Time = AgentT0.Add(time.Duration(from+i) * time.Second)
		rec.DurationMs = 1
		line, err := repoops.MarshalCallRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	return b.String()
}

// WriteLog writes AgentLog(calls) to a file of its own and names it.
func WriteLog(t testing.TB, calls []AgentCall) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	if err := os.WriteFile(p, []byte(AgentLog(t, calls, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// AppendLog appends s to the log at path, as a live agent would.
func AppendLog(t testing.TB, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// FakeEnv keeps session discovery inside home: no variable of the
// process (CLAUDE_CONFIG_DIR, CODEX_HOME, …) is seen, so every agent's
// folder is its default under home.
func FakeEnv(home string) func() discover.Env {
	return FakeEnvAt(home, AgentT0.Add(24*time.Hour))
}

// LiveNow is a time at which the scripted sessions (their records from
// AgentT0 on) are live: their latest record is minutes old.
var LiveNow = AgentT0.Add(5 * time.Minute)

// FakeEnvAt is FakeEnv with its clock at now.
func FakeEnvAt(home string, now time.Time) func() discover.Env {
	return func() discover.Env {
		return discover.Env{Home: home, Now: now}
	}
}
