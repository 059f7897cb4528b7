package demo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

func TestDemoRepository(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	if err := Write(dir); err != nil {
		t.Fatal(err)
	}
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	s := repo.NewSession()
	res, err := s.ReadFile(context.Background(), repoops.ReadArgs{Path: "server/handlers.go"})
	if err != nil || res.TotalLines != 1400 {
		t.Fatalf("handlers.go: %v lines, %v", res, err)
	}
	l, err := repo.ListDir("assets/icons")
	if err != nil || len(l.Entries) != 700 {
		t.Fatalf("icons: %v", err)
	}
	if _, err := repo.ListDir("src/app/internal/core/engine/v2/impl"); err != nil {
		t.Fatal(err)
	}
	grep := s.Call(context.Background(), "repo_grep", []byte(`{"pattern":"repox-demo-needle"}`)).Text
	if !strings.Contains(grep, "main.go") || !strings.Contains(grep, "internal/config/config.go") {
		t.Errorf("needle not found twice:\n%s", grep)
	}
	root, _ := repo.ListDir("")
	if len(root.Ignored) == 0 {
		t.Errorf("nothing ignored at the root")
	}
	if e, _ := repo.ListDir("empty"); len(e.Entries) != 0 {
		t.Errorf("empty/ is not empty")
	}
}

// TestDemoFolderLifecycle: a temporary demo is removed by its cleanup; one
// left by a process that is gone is removed by the next start, one whose
// process runs is kept; --demo DIR is written and kept, and said so.
func TestDemoFolderLifecycle(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dead := filepath.Join(tmp, prefix+"dead")
	live := filepath.Join(tmp, prefix+"live")
	for dir, pid := range map[string]int{dead: deadPID(t), live: os.Getpid()} {
		repotest.WriteFiles(t, dir, map[string]string{ownerFile: strconv.Itoa(pid) + "\n", "demo/README.md": "x"})
	}
	root, note, cleanup, err := Prepare("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the crashed run's demo folder is still there")
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a running explorer's demo folder was removed")
	}
	if !strings.Contains(note, root) || !strings.Contains(note, "removed on exit; keep one with repox demo DIR") || !strings.Contains(note, "removed 1 demo folder") {
		t.Errorf("note %q", note)
	}
	if _, err := os.Stat(filepath.Join(root, "server", "handlers.go")); err != nil {
		t.Fatal(err)
	}
	cleanup()
	if _, err := os.Stat(filepath.Dir(root)); !os.IsNotExist(err) {
		t.Errorf("the demo folder outlived its explorer: %v", err)
	}
	keep := filepath.Join(t.TempDir(), "mydemo")
	root, note, cleanup, err = Prepare(keep)
	if err != nil || root != keep || !strings.Contains(note, "kept") {
		t.Fatalf("--demo DIR: %q %q %v", root, note, err)
	}
	cleanup()
	if _, err := os.Stat(filepath.Join(keep, "server", "handlers.go")); err != nil {
		t.Errorf("--demo DIR was not kept: %v", err)
	}
	if _, _, _, err := Prepare(filepath.Join(keep, "server")); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a folder with other things in it: %v", err)
	}
}

// deadPID is the id of a process that has exited.
func deadPID(t *testing.T) int {
	c := exec.Command("true")
	if err := c.Run(); err != nil {
		t.Skip("no true(1) to make a dead process id")
	}
	return c.Process.Pid
}
