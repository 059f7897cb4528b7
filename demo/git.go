package demo

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// git runs git for the demo's own repository, and only while Write makes
// it: dir was missing or empty when Write began, `git init` made its .git
// with no template, so the repository's config is git's own and nothing in
// it names a program. It runs with an environment built from nothing: no
// GIT_DIR, GIT_WORK_TREE or GIT_INDEX_FILE of the caller's (a hook's
// environment would send the commits elsewhere), no system, global or
// user config, a PATH and exec path where git finds no program by name, a
// fixed identity and dates (so two demos have the same commits), and every
// way of running a program a commit has switched off besides. Git on a
// demo folder that already exists (the tour's silent log) goes through
// repoops' git door instead (Repo.LogOneline).
type git struct {
	bin, dir string
}

// noPath is a folder that never exists: git's PATH, exec path and HOME.
const noPath = "/nonexistent/repox-demo-no-path"

func newGit(dir string) (git, error) {
	bin, err := exec.LookPath("git")
	if err == nil && !filepath.IsAbs(bin) {
		// a PATH holding "." found it: not a git to run in the demo
		err = fmt.Errorf("git was found at %s, a relative path", bin)
	}
	return git{bin: bin, dir: dir}, err
}

func (g git) run(date string, args ...string) error {
	base := []string{
		"-c", "core.hooksPath=" + noPath, "-c", "commit.gpgSign=false", "-c", "gpg.program=" + noPath,
		"-c", "core.fsmonitor=false", "-c", "core.autocrlf=false", "-c", "gc.auto=0", "-c", "maintenance.auto=false",
	}
	cmd := exec.Command(g.bin, append(base, args...)...)
	cmd.Dir = g.dir
	cmd.Env = []string{
		"PATH=" + noPath,
		"GIT_EXEC_PATH=" + noPath,
		"HOME=" + noPath,
		"XDG_CONFIG_HOME=" + noPath,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_DIR=" + filepath.Join(g.dir, ".git"),
		"GIT_WORK_TREE=" + g.dir,
		"GIT_CEILING_DIRECTORIES=" + filepath.Dir(g.dir),
		"GIT_TERMINAL_PROMPT=0",
		"LC_ALL=C",
		"GIT_AUTHOR_NAME=repox demo", "GIT_AUTHOR_EMAIL=demo@repox.invalid",
		"GIT_COMMITTER_NAME=repox demo", "GIT_COMMITTER_EMAIL=demo@repox.invalid",
	}
	if date != "" {
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("git %s in the demo folder: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// commit records everything in the work tree as one commit.
func (g git) commit(date, message string) error {
	if err := g.run(date, "add", "-A"); err != nil {
		return err
	}
	return g.run(date, "commit", "-q", "-m", message)
}
