package gitexec

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// git is taken from the first folder whose git is an executable regular
// file: a folder named git, a git that may not run, or none at all is
// passed over.
func TestGitInTakesTheFirstExecutableFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no execute bits on Windows")
	}
	base := t.TempDir()
	mk := func(name string, make func(p string) error) string {
		d := filepath.Join(base, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if make != nil {
			if err := make(filepath.Join(d, "git")); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	folder := mk("folder", func(p string) error { return os.Mkdir(p, 0o755) })
	plain := mk("plain", func(p string) error { return os.WriteFile(p, []byte("#!/bin/sh\n"), 0o644) })
	none := mk("none", nil)
	good := mk("good", func(p string) error { return os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755) })
	if got, want := gitIn([]string{folder, plain, none, good}), filepath.Join(good, "git"); got != want {
		t.Errorf("gitIn: %q, want %q", got, want)
	}
	if got := gitIn([]string{folder, plain, none}); got != "" {
		t.Errorf("gitIn with no executable git: %q, want none", got)
	}
}

// PATH's git is taken only as an absolute path that was found: a relative
// hit (a git in the current directory) or a failed lookup gives none.
func TestPathGitTakesOnlyAnAbsoluteHit(t *testing.T) {
	look := func(p string, err error) func(string) (string, error) {
		return func(string) (string, error) { return p, err }
	}
	abs := filepath.Join(t.TempDir(), "git")
	for _, c := range []struct {
		name string
		look func(string) (string, error)
		want string
	}{
		{"an absolute hit", look(abs, nil), abs},
		{"a relative hit", look(filepath.Join("bin", "git"), nil), ""},
		{"a failed lookup", look(abs, errors.New("not found")), ""},
	} {
		if got := pathGit(c.look); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// The system folders' git is taken before PATH's: a git planted in a
// folder early on PATH (a repository's bin/, a download folder) is not
// the one repox runs. FindGit resolves once per process, so the check
// runs in a child of this test binary with PATH leading to the plant.
func TestFindGitPrefersTheSystemFoldersToPATH(t *testing.T) {
	if os.Getenv("REPOX_FINDGIT_CHILD") == "1" {
		fmt.Println("found=" + FindGit())
		return
	}
	if runtime.GOOS == "windows" {
		t.Skip("no execute bits on Windows")
	}
	system := gitIn(gitFolders)
	if system == "" {
		t.Skip("no git in the system folders")
	}
	plant := t.TempDir()
	if err := os.WriteFile(filepath.Join(plant, "git"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"-test.run=^TestFindGitPrefersTheSystemFoldersToPATH$", "-test.count=1"}
	// Under the mutation engine's cover run the child's coverage goes
	// beside the profile: FindGit runs in the child only.
	if prof := repotest.CoverProfile(); prof != "" {
		args = append(args, "-test.coverprofile="+prof+".child")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "REPOX_FINDGIT_CHILD=1", "PATH="+plant+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child: %v: %s", err, out)
	}
	found, ok := strings.CutPrefix(strings.SplitN(string(out), "\n", 2)[0], "found=")
	if !ok {
		t.Fatalf("the child said %q", out)
	}
	if found != system {
		t.Errorf("FindGit with a planted git first on PATH: %q; want the system's %q", found, system)
	}
}
