package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A repo-local config must never run a program, for any repo_git command.
func TestGitRunsNoRepoLocalProgram(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"a.txt":          "one\n",
		"b.secret":       "two\n",
		".gitattributes": "*.secret diff=trap filter=trap\n*.txt diff=trap2\n",
	})
	marker := filepath.Join(t.TempDir(), "ran")
	script := filepath.Join(t.TempDir(), "trap.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$0 $*\" >> "+marker+"\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{
		{"core.fsmonitor", script},
		{"diff.external", script},
		{"diff.trap.textconv", script},
		{"diff.trap.command", script},
		{"diff.trap2.textconv", script},
		{"filter.trap.clean", script},
		{"filter.trap.smudge", script},
		{"filter.trap.process", script},
		{"core.pager", script},
		{"core.hooksPath", filepath.Dir(script)},
	} {
		git(t, dir, "config", kv[0], kv[1])
	}
	// Make every command have something to show.
	writeFiles(t, dir, map[string]string{"a.txt": "one changed\n", "b.secret": "two changed\n", "new.txt": "n\n"})
	writeFiles(t, dir, map[string]string{"sub/c.secret": "three\n"})
	// From the work tree's top, and from a folder inside it.
	for _, root := range []string{dir, filepath.Join(dir, "sub")} {
		s := openSession(t, root)
		for _, cmd := range gitCommands {
			for _, p := range []string{"", "a.txt", "b.secret", "c.secret"} {
				r := call(t, s, "repo_git", map[string]any{"cmd": cmd, "path": p})
				if r.IsError && !(cmd == "blame" && blamePathRefusal(r.Text)) {
					t.Fatalf("%s %q: %s", cmd, p, r.Text)
				}
			}
		}
		// The tools that list files run git too.
		mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "changed"}))
		mustOK(t, call(t, s, "repo_find", map[string]any{"query": "a"}))
		mustOK(t, call(t, s, "repo_tree", nil))
		if b, err := os.ReadFile(marker); err == nil {
			t.Fatalf("a repo-local program ran (root %s):\n%s", root, b)
		}
	}
	s := openSession(t, dir)
	// And the diff is the real one, not a textconv'd one.
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "diff", "path": "b.secret"})), "+two changed")
}

// The environment a caller runs repox in must not steer git.
func TestGitIgnoresHostileEnvironment(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "one\n"})
	other := gitRepo(t, map[string]string{"other-repo-file.txt": "x\n"})
	marker := filepath.Join(t.TempDir(), "ran")
	t.Setenv("GIT_DIR", filepath.Join(other, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	t.Setenv("GIT_EXTERNAL_DIFF", "sh -c 'touch "+marker+"'")
	t.Setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='touch "+marker+"'")
	t.Setenv("GIT_PAGER", "touch "+marker)
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
	t.Setenv("GIT_CONFIG_VALUE_0", "touch "+marker)
	t.Setenv("GIT_ALTERNATE_OBJECT_DIRECTORIES", filepath.Join(other, ".git", "objects"))
	t.Setenv("GIT_INDEX_FILE", filepath.Join(other, ".git", "index"))
	t.Setenv("GIT_COMMON_DIR", filepath.Join(other, ".git"))
	writeFiles(t, dir, map[string]string{"a.txt": "two\n"})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "ls-files"}))
	mustContain(t, out, "a.txt")
	mustNotContain(t, out, "other-repo-file")
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "diff"})), "+two")
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("an environment variable made git run a program")
	}
}

func TestGitOutsideARepositoryRefusesAndPointsElsewhere(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "x"}))
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "status"}), "not a git repository", "repo_tree, repo_find, repo_grep and repo_read_file still work")
}

func TestGitRejectsUnknownCommandsAndOutputIsCapped(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 900; i++ {
		files["pkg/some/longer/folder/name/file_"+itoa(i)+".go"] = "package x\n"
	}
	s := openSession(t, gitRepo(t, files))
	for _, c := range []string{"grep", "config", "Status", "status;id", " status", "status\n", "diff-stat --output=x", "-c"} {
		mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": c}), "is not offered", "status, diff, diff-stat, log, ls-files")
	}
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "status", "n": 3}), "n applies only to cmd \"log\"")
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "ls-files"}))
	mustContain(t, out, "(output cut at 12 KiB after ", " of 900 files — narrow with path")
	if len(out) > 12<<10+200 {
		t.Fatalf("output is %d bytes", len(out))
	}
	if !strings.HasSuffix(strings.Split(out, "\n(")[0], ".go") {
		t.Fatal("cut is not at a line boundary")
	}
}
