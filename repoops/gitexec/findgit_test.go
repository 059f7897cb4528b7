package gitexec

import (
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
