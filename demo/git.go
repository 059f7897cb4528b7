package demo

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// git runs git for the demo's own repository with an environment built
// from nothing: no GIT_DIR, GIT_WORK_TREE or GIT_INDEX_FILE of the caller's
// (a hook's environment would send the commits elsewhere), no global or
// system config, no templates or hooks, a fixed identity and dates, so two
// demos have the same commits.
type git struct {
	bin, dir string
}

func newGit(dir string) (git, error) {
	bin, err := exec.LookPath("git")
	return git{bin: bin, dir: dir}, err
}

func (g git) run(date string, args ...string) error {
	_, err := g.exec(date, args...)
	return err
}

// output runs a read-only git command and returns its standard output.
func (g git) output(args ...string) (string, error) { return g.exec("", args...) }

func (g git) exec(date string, args ...string) (string, error) {
	base := []string{"-c", "core.hooksPath=" + os.DevNull, "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", "-c", "core.fsmonitor=false"}
	cmd := exec.Command(g.bin, append(base, args...)...)
	cmd.Dir = g.dir
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), // git finds its own helpers there
		"HOME=" + g.dir,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=" + os.DevNull,
		"LC_ALL=C",
		"GIT_AUTHOR_NAME=repox demo", "GIT_AUTHOR_EMAIL=demo@repox.invalid",
		"GIT_COMMITTER_NAME=repox demo", "GIT_COMMITTER_EMAIL=demo@repox.invalid",
	}
	if date != "" {
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s in the demo folder: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// commit records everything in the work tree as one commit.
func (g git) commit(date, message string) error {
	if err := g.run(date, "add", "-A"); err != nil {
		return err
	}
	return g.run(date, "commit", "-q", "-m", message)
}
