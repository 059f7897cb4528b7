package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gitexec.Detect reads the repository's config while `git version` is
// still being asked. With a git that fails its version check (too old, or
// no version at all), the config listing is the only repository command
// that runs, and it runs none of the repository's programs: not an
// fsmonitor or hook from its config, not one from a file it includes.
func TestGitVersionFailingRunsNothingOfTheRepository(t *testing.T) {
	realGit := findGitBin()
	if realGit == "" {
		t.Skip("no git")
	}
	script, marker := trapScript(t)
	for _, version := range []string{"echo 'git version 2.30.9'; exit 0", "echo 'no version here'; exit 0", "exit 1"} {
		dir := gitRepo(t, map[string]string{"a.txt": "one\n"})
		hooks := filepath.Join(dir, "hooks")
		writeFiles(t, hooks, map[string]string{"post-index-change": "#!/bin/sh\necho hook >> " + marker + "\n"})
		must(t, os.Chmod(filepath.Join(hooks, "post-index-change"), 0o755))
		inc := filepath.Join(dir, "inc.cfg")
		writeFiles(t, dir, map[string]string{"inc.cfg": "[core]\n\tfsmonitor = " + script + "\n"})
		git(t, dir, "config", "core.fsmonitor", script)
		git(t, dir, "config", "core.hooksPath", hooks)
		git(t, dir, "config", "include.path", inc)
		staleStat(t, dir, "a.txt", "two\n")

		d := t.TempDir()
		log := filepath.Join(d, "log")
		fake := filepath.Join(d, "git")
		writeFiles(t, d, map[string]string{"git": "#!/bin/sh\n[ \"$1\" = version ] && { " + version + "; }\necho \"$*\" >> " + log + "\nexec " + realGit + " \"$@\"\n"})
		must(t, os.Chmod(fake, 0o755))
		old := findGitBin
		findGitBin = func() string { return fake }
		s := openSession(t, dir)
		mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "status"}), "git")
		mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": "a.txt"})), "a.txt")
		mustOK(t, call(t, s, "repo_tree", nil))
		mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "two"}))
		findGitBin = old

		noMarker(t, marker, version)
		b, _ := os.ReadFile(log)
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if line != "" && line != "config --no-includes --list -z" {
				t.Errorf("%s: git was run for %q with a failed version check", version, line)
			}
		}
		if !strings.Contains(string(b), "config --no-includes --list -z") {
			// Not an error of safety, but then this test checks nothing.
			t.Errorf("%s: the config listing did not run alongside the version check (log %q)", version, b)
		}
	}
}
