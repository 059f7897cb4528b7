package discover

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

func TestDiscoverWithFakeHome(t *testing.T) {
	home := t.TempDir()
	repo := filepath.Join(t.TempDir(), "my.repo")
	os.MkdirAll(filepath.Join(repo, "sub"), 0o755)
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	old := now.Add(-time.Hour)

	claude := func(dir string, n int) string {
		b := &replaytest.Claude{T: t, Cwd: dir, N: n}
		b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).Result("r1", "     1→x", false, nil).
			Use("m2", "w1", "WebFetch", map[string]any{"url": "u"}).Result("w1", "page", false, nil)
		return b.String()
	}
	// Claude Code: the folder's project, a project of a subfolder, and an
	// unrelated project whose name shares the prefix but not the folder
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	replaytest.Touch(t, filepath.Join(proj, "s-old.jsonl"), claude(repo, 1), old)
	replaytest.Touch(t, filepath.Join(proj, "s-old", "subagents", "agent-x.jsonl"), claude(repo, 2), old)
	replaytest.Touch(t, filepath.Join(home, ".claude", "projects", claudeProjectName(repo+"/sub"), "s-sub.jsonl"), claude(repo+"/sub", 3), old)
	replaytest.Touch(t, filepath.Join(home, ".claude", "projects", claudeProjectName(repo)+"-other", "s-x.jsonl"), claude(repo+"-other", 4), old)
	// Codex: one rollout in the folder (its last line cut), one elsewhere
	meta := func(dir string) string {
		return replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-31T10:00:00Z", "type": "session_meta", "payload": map[string]any{"id": "cx", "cwd": dir}})
	}
	replaytest.Touch(t, filepath.Join(home, ".codex", "sessions", "2026", "01", "31", "rollout-a.jsonl"), meta(repo)+`{"timestamp":"2026-01-31T10:00:01Z","type":"resp`, old)
	replaytest.Touch(t, filepath.Join(home, ".codex", "sessions", "2026", "01", "31", "rollout-b.jsonl"), meta("/elsewhere"), old)
	// a repox log with two sessions: one an hour ago, one a moment ago
	rec1, _ := repoops.MarshalCallRecord(repoops.CallRecord{V: 1, Time: old, Session: "s-old", Tool: "repo_tree", Args: []byte(`{}`), Text: "x"})
	rec2, _ := repoops.MarshalCallRecord(repoops.CallRecord{V: 1, Time: now.Add(-5 * time.Second), Session: "s-new", Tool: "repo_tree", Args: []byte(`{}`), Text: "x"})
	replaytest.Touch(t, filepath.Join(home, ".local", "state", "repox", "mcp-1.jsonl"), string(rec1)+string(rec2), now.Add(-5*time.Second))

	env := Env{Home: home, Now: now}
	got, err := Discover(context.Background(), repo, env)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range got {
		n := filepath.Base(s.Path)
		if s.Agent == transcript.AgentRepox {
			n += "#" + s.ID
		}
		names = append(names, n)
	}
	// newest first: the new repox session (now), the old one (an hour ago),
	// the Codex rollout (Jan 31), the Claude sessions (Jan 30)
	// (a subagent's transcript is read with its session, not listed)
	if strings.Join(names, " ") != "mcp-1.jsonl#s-new mcp-1.jsonl#s-old rollout-a.jsonl s-sub.jsonl s-old.jsonl" {
		t.Fatalf("sessions: %v", names)
	}
	byName := map[string]SessionInfo{}
	for _, s := range got {
		n := filepath.Base(s.Path)
		if s.Agent == transcript.AgentRepox {
			n += "#" + s.ID
		}
		byName[n] = s
	}
	if s := byName["s-old.jsonl"]; s.Agent != transcript.AgentClaude || s.Calls != 2 || s.FileCalls != 1 || s.Live || s.Cwd != repo {
		t.Errorf("claude session: %+v", s)
	}
	if s := byName["rollout-a.jsonl"]; s.Agent != transcript.AgentCodex || s.Live || s.Skipped != 1 { // written an hour ago: done, its cut last line skipped
		t.Errorf("codex session: %+v", s)
	}
	if s := byName["mcp-1.jsonl#s-new"]; s.Agent != transcript.AgentRepox || !s.Live || s.LiveWhy != "last record 5s ago" || s.FileCalls != 1 || s.Calls != 1 {
		t.Errorf("repox log, new session: %+v", s)
	}
	if s := byName["mcp-1.jsonl#s-old"]; s.Live || s.Calls != 1 {
		t.Errorf("repox log, old session: %+v", s)
	}

	// CLAUDE_CONFIG_DIR, CODEX_HOME and XDG_STATE_HOME move the folders
	other := t.TempDir()
	env2 := Env{Home: home, Getenv: vars("CLAUDE_CONFIG_DIR", filepath.Join(other, "c"), "CODEX_HOME", filepath.Join(other, "x"), "XDG_STATE_HOME", filepath.Join(other, "s")), Now: now}
	replaytest.Touch(t, filepath.Join(other, "c", "projects", claudeProjectName(repo), "moved.jsonl"), claude(repo, 5), old)
	got, _ = Discover(context.Background(), repo, env2)
	if len(got) != 1 || filepath.Base(got[0].Path) != "moved.jsonl" {
		t.Errorf("with the env overrides: %+v", got)
	}

	var out bytes.Buffer
	if err := ListSessions(context.Background(), SessionsOptions{Dir: repo}, &out, &out, env); err != nil || !strings.Contains(out.String(), "5 agent sessions for "+repo) || !strings.Contains(out.String(), "mcp-1.jsonl --session s-new") || !strings.Contains(out.String(), "~/.claude/projects/") {
		t.Errorf("repox sessions: %v\n%s", err, out.String())
	}
}
