package gitexec

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
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
