package sessions

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The sessions pane replays a session against its recorded folder only
// when that folder lies in the explored repository; a transcript recorded
// elsewhere is refused with the command that names the folder, never
// replayed against what it claims.
func TestStartFollowTakesTheRootFromTheExploredRepository(t *testing.T) {
	explored := repotest.GitRepo(t, map[string]string{"sub/a.txt": "a\n"})
	foreign := repotest.GitRepo(t, map[string]string{"secret.txt": "s\n"})
	log := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(log, nil, 0o644)
	start := func(cwd string) followStartedMsg {
		t.Helper()
		env, ok := startFollow(context.Background(), log, "", cwd, explored, time.Now, 1)().(pane.Msg)
		if !ok {
			t.Fatal("startFollow did not answer in an envelope")
		}
		msg := env.Msg.(followStartedMsg)
		if msg.run != nil {
			t.Cleanup(func() { msg.run.cancel() })
		}
		return msg
	}
	for cwd, want := range map[string]string{"": explored, explored: explored, filepath.Join(explored, "sub"): filepath.Join(explored, "sub"), "/no/such/folder": explored} {
		if msg := start(cwd); msg.err != nil || msg.run.root != want {
			t.Errorf("cwd %q: root %v, err %v; want %s", cwd, msg.run, msg.err, want)
		}
	}
	msg := start(foreign)
	if msg.err == nil || !strings.Contains(msg.err.Error(), "repox replay --root "+foreign+" "+log) {
		t.Errorf("cwd %s (outside the explored repository): err %v", foreign, msg.err)
	}
}
