package discover

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 22 item 6: /p/a-b, /p/a/b, /p/a_b and /p/a.b share one Claude Code
// project folder name. Each repository lists its own sessions only, from
// the recorded cwd, also in the folder whose name is its own.
func TestDiscoverClaudeFolderCollisions(t *testing.T) {
	home, p := t.TempDir(), t.TempDir()
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	repos := []string{p + "/a-b", p + "/a/b", p + "/a_b", p + "/a.b"}
	names := map[string]bool{}
	for i, r := range repos {
		os.MkdirAll(r, 0o755)
		names[claudeProjectName(r)] = true
		b := &replaytest.Claude{T: t, Cwd: r, N: i}
		b.Use("m1", "a", "Read", map[string]any{"file_path": r + "/a.go"}).Result("a", "     1→x", false, nil)
		// every session in the one shared folder
		replaytest.Touch(t, filepath.Join(home, ".claude", "projects", claudeProjectName(r), "s"+string(rune('0'+i))+".jsonl"), b.String(), now.Add(-time.Hour))
	}
	if len(names) != 1 {
		t.Fatalf("the four folders should share one project name: %v", names)
	}
	for i, r := range repos {
		got, err := Discover(context.Background(), r, Env{Home: home, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Cwd != r || filepath.Base(got[0].Path) != "s"+string(rune('0'+i))+".jsonl" {
			var cwds []string
			for _, s := range got {
				cwds = append(cwds, s.Cwd)
			}
			t.Errorf("sessions for %s: %v", r, cwds)
		}
	}
}

// A folder that cannot be read is said, not listed as empty.
func TestDiscoverReportsAnUnreadableProjectFolder(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	b := &replaytest.Claude{T: t, Cwd: repo}
	b.Use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).Result("a", "     1→x", false, nil)
	replaytest.Touch(t, filepath.Join(proj, "s.jsonl"), b.String(), time.Now())
	real := readDir
	t.Cleanup(func() { readDir = real })
	readDir = func(name string) ([]os.DirEntry, error) {
		if name == proj {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return real(name)
	}
	got, err := DiscoverAll(context.Background(), repo, Env{Home: home, Now: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Passed) != 1 || !strings.Contains(got.Passed[0], "the project folder ") || !strings.Contains(got.Passed[0], "could not be read: permission denied") {
		t.Errorf("passed over: %q", got.Passed)
	}
}

// The same with a real permission, where permissions hold (not as root).
func TestDiscoverReportsAFolderWithoutPermission(t *testing.T) {
	if os.Geteuid() == 0 || os.Geteuid() == -1 {
		t.Skip("root reads any folder; TestDiscoverReportsAnUnreadableProjectFolder covers the report")
	}
	home, repo := t.TempDir(), t.TempDir()
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	replaytest.Touch(t, filepath.Join(proj, "s.jsonl"), "{}\n", time.Now())
	os.Chmod(proj, 0)
	t.Cleanup(func() { os.Chmod(proj, 0o755) })
	got, _ := DiscoverAll(context.Background(), repo, Env{Home: home, Now: time.Now()})
	if len(got.Passed) != 1 || !strings.Contains(got.Passed[0], "could not be read") {
		t.Errorf("passed over: %q", got.Passed)
	}
}

// Links inside the transcript folders are not followed: a session file or
// a project folder that links elsewhere is passed over and said.
func TestDiscoverDoesNotFollowLinks(t *testing.T) {
	home, repo, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	b := &replaytest.Claude{T: t, Cwd: repo}
	b.Use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).Result("a", "     1→x", false, nil)
	replaytest.Touch(t, filepath.Join(elsewhere, "out.jsonl"), b.String(), now.Add(-time.Hour))
	replaytest.Touch(t, filepath.Join(elsewhere, "proj", "in-linked-folder.jsonl"), b.String(), now.Add(-time.Hour))
	projects := filepath.Join(home, ".claude", "projects")
	os.MkdirAll(filepath.Join(projects, claudeProjectName(repo)), 0o755)
	links := map[string]string{
		filepath.Join(projects, claudeProjectName(repo), "linked.jsonl"):     filepath.Join(elsewhere, "out.jsonl"),
		filepath.Join(projects, claudeProjectName(repo)+"-sub"):              filepath.Join(elsewhere, "proj"),
		filepath.Join(home, ".codex", "sessions", "2026", "rollout-x.jsonl"): filepath.Join(elsewhere, "out.jsonl"),
		filepath.Join(home, ".local", "state", "repox", "linked.jsonl"):      filepath.Join(elsewhere, "out.jsonl"),
	}
	for link, target := range links {
		os.MkdirAll(filepath.Dir(link), 0o755)
		if err := os.Symlink(target, link); err != nil {
			t.Skipf("no symlinks here: %v", err)
		}
	}
	got, err := DiscoverAll(context.Background(), repo, Env{Home: home, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Sessions) != 0 {
		t.Errorf("sessions reached through links: %+v", got.Sessions)
	}
	passed := strings.Join(got.Passed, "\n")
	for _, want := range []string{"linked.jsonl was not read: a symbolic link", claudeProjectName(repo) + "-sub was not read: a symbolic link",
		"rollout-x.jsonl was not read: a symbolic link", "repox/linked.jsonl was not read: a symbolic link"} {
		if !strings.Contains(passed, want) {
			t.Errorf("passed over does not say %q:\n%s", want, passed)
		}
	}
}
