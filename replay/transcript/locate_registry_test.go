package transcript_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A format registered by a test alone (format_testagent_test.go, through
// RegisterTestAgent) is found where its locate says, detected, read and
// titled, and its foreign cousin refused by name: discovery, detection
// and refusals loop the registry, and nothing outside the format's own
// file names it (issue 40).
func TestARegisteredFormatIsDiscoveredByRegistrationAlone(t *testing.T) {
	restore := transcript.RegisterTestAgent()
	t.Cleanup(restore)
	home, repo, elsewhere := t.TempDir(), filepath.Join(t.TempDir(), "repo"), t.TempDir()
	os.MkdirAll(repo, 0o755)
	sessions := filepath.Join(home, ".testagent", "sessions")
	put := func(name string, lines ...map[string]any) string {
		var sb strings.Builder
		for _, l := range lines {
			b, _ := json.Marshal(l)
			sb.Write(append(b, '\n'))
		}
		p := filepath.Join(sessions, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	start := func(id, cwd string) map[string]any {
		return map[string]any{"testagent": "start", "session": id, "cwd": cwd, "prompt": "tidy the parser", "time": t0}
	}
	call := func(tool, path string, min int) map[string]any {
		return map[string]any{"testagent": "call", "tool": tool, "path": path, "text": "x", "time": t0.Add(time.Duration(min) * time.Minute)}
	}
	mine := put("mine.jsonl", start("t-1", repo), call("read", repo+"/a.go", 1), call("read", repo+"/b.go", 2), call("browse", "https://example.com", 3))
	put("sub.jsonl", start("t-2", repo+"/sub"), call("read", repo+"/sub/c.go", 1))
	put("other.jsonl", start("t-3", elsewhere), call("read", elsewhere+"/a.go", 1))
	cloud := put("cloud.jsonl", map[string]any{"testagent": "cloud-export", "session": "t-4", "cwd": repo})
	linked := filepath.Join(sessions, "linked.jsonl")
	if err := os.Symlink(mine, linked); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}

	env := discover.Env{Home: home, Now: t0.Add(24 * time.Hour)}
	d, err := discover.DiscoverAll(context.Background(), repo, env)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]discover.SessionInfo{}
	for _, s := range d.Sessions {
		byID[s.ID] = s
	}
	if s := byID["t-1"]; len(d.Sessions) != 2 || s.Agent != transcript.AgentTest || s.Path != mine || s.Calls != 3 || s.FileCalls != 2 ||
		s.Title != "tidy the parser" || s.Cwd != repo || !s.Ended.Equal(t0.Add(3*time.Minute)) {
		t.Errorf("sessions %+v", d.Sessions)
	}
	if s := byID["t-2"]; s.Agent != transcript.AgentTest || s.Calls != 1 || s.Cwd != repo+"/sub" {
		t.Errorf("the session of a folder inside: %+v", s)
	}
	f, err := os.Open(mine)
	if err != nil {
		t.Fatal(err)
	}
	calls, st, err := transcript.ReadAll(f)
	f.Close()
	if err != nil || st.Format != transcript.AgentTest || len(calls) != 3 || len(calls[0].Repox) != 1 || calls[0].Repox[0].Tool != repoops.ToolRead || calls[2].NoEquivalent == "" {
		t.Errorf("read: %v, format %q, calls %+v", err, st.Format, calls)
	}
	wantPassed := []string{
		repoops.QuoteName(cloud) + ` was not read: a TestAgent Cloud export (line 1 is a "testagent" cloud-export record): not a transcript repox reads — repox reads `,
		repoops.QuoteName(linked) + " was not read: a symbolic link",
	}
	for _, w := range wantPassed {
		if !slices.ContainsFunc(d.Passed, func(p string) bool { return strings.HasPrefix(p, w) }) {
			t.Errorf("passed over %q, want a sentence starting %q", d.Passed, w)
		}
	}
	if len(d.Passed) != len(wantPassed) || !strings.HasSuffix(d.Passed[0], "repox call logs and TestAgent") {
		t.Errorf("passed over %q: want the two sentences, the refusal naming TestAgent among the formats read", d.Passed)
	}

	// the variable the format reads moves its folder
	moved := filepath.Join(t.TempDir(), "ta")
	os.MkdirAll(filepath.Join(moved, "sessions"), 0o755)
	os.Rename(mine, filepath.Join(moved, "sessions", "mine.jsonl"))
	env.Getenv = func(name string) string {
		if name == "TESTAGENT_HOME" {
			return moved
		}
		return ""
	}
	if got, _ := discover.Discover(context.Background(), repo, env); len(got) != 1 || got[0].ID != "t-1" {
		t.Errorf("with TESTAGENT_HOME: %+v", got)
	}
	if pl := transcript.Places(env, repo); !slices.Contains(pl, transcript.Place{Title: "TestAgent", Path: filepath.Join(moved, "sessions")}) {
		t.Errorf("places %+v", pl)
	}

	// unregistered, the same folder holds nothing discovery looks for
	restore()
	if got, _ := discover.Discover(context.Background(), repo, env); len(got) != 0 {
		t.Errorf("found without the registration: %+v", got)
	}
}
