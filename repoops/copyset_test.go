package repoops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestCopyFileSetCopiesTheFileSetOnly(t *testing.T) {
	outside := t.TempDir()
	must(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("s\n"), 0o644))
	for _, mk := range []func(*testing.T, map[string]string) string{
		func(t *testing.T, f map[string]string) string { return plainDir(t, f) },
		func(t *testing.T, f map[string]string) string { return gitRepo(t, f) },
	} {
		dir := mk(t, map[string]string{"a.txt": "a\n", "sub/b.sh": "b\n", ".gitignore": "ignored.log\nbuild/\n"})
		must(t, os.WriteFile(filepath.Join(dir, "ignored.log"), []byte("i\n"), 0o644))
		must(t, os.MkdirAll(filepath.Join(dir, "build"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "build", "out"), []byte("o\n"), 0o644))
		must(t, os.Chmod(filepath.Join(dir, "sub", "b.sh"), 0o755))
		must(t, os.Symlink("a.txt", filepath.Join(dir, "in-link")))
		must(t, os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "abs-link")))
		must(t, os.Symlink("../../../../../../.."+outside+"/secret", filepath.Join(dir, "up-link")))
		if runtime.GOOS != "windows" { // no FIFOs in a Windows folder tree
			must(t, mkfifo(filepath.Join(dir, "pipe"), 0o644))
		}

		r, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		dst := t.TempDir()
		st, err := r.CopyFileSet(context.Background(), dst)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"a.txt", "sub/b.sh", ".gitignore"} {
			if _, err := os.Lstat(filepath.Join(dst, want)); err != nil {
				t.Errorf("%s not copied: %v", want, err)
			}
		}
		if info, _ := os.Stat(filepath.Join(dst, "sub", "b.sh")); info == nil || info.Mode().Perm() != 0o755 {
			t.Errorf("the executable bit was not kept: %v", info)
		}
		if target, err := os.Readlink(filepath.Join(dst, "in-link")); err != nil || target != "a.txt" {
			t.Errorf("a link inside the repository: %q %v", target, err)
		}
		for _, gone := range []string{"ignored.log", "build", "abs-link", "up-link", "pipe", ".git"} {
			if _, err := os.Lstat(filepath.Join(dst, gone)); err == nil {
				t.Errorf("%s was copied", gone)
			}
		}
		// the two links that leave the repository are skipped and counted;
		// the FIFO is not in the file set at all (walks skip special files)
		if st.Files != 3 || st.Links != 1 || st.Skipped != 2 {
			t.Errorf("stats %+v", st)
		}
	}
}

// A copy is bounded in files and bytes: over either bound nothing is
// copied, and the refusal gives the counts and the bounds.
func TestCopyFileSetRefusesOverItsBounds(t *testing.T) {
	for _, mk := range []func(*testing.T, map[string]string) string{
		func(t *testing.T, f map[string]string) string { return plainDir(t, f) },
		func(t *testing.T, f map[string]string) string { return gitRepo(t, f) },
	} {
		dir := mk(t, map[string]string{"a.txt": "aaaa\n", "b.txt": "bbbb\n", "c/d.txt": "dddd\n", "c/e.txt": "eeee\n"})
		r, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			opt  CopyOptions
			want string
		}{
			{CopyOptions{MaxFiles: 3}, "more than 3 files"},
			{CopyOptions{MaxBytes: 12}, "more than 12 bytes"},
		} {
			dst := t.TempDir()
			_, err := r.CopyFileSetWith(context.Background(), dst, tc.opt)
			var tooLarge *CopyTooLargeError
			if !errors.As(err, &tooLarge) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%+v: err %v, want a CopyTooLargeError saying %q", tc.opt, err, tc.want)
			}
			if ents, _ := os.ReadDir(dst); len(ents) != 0 {
				t.Errorf("%+v: copied %d entries before refusing", tc.opt, len(ents))
			}
		}
		st, err := r.CopyFileSetWith(context.Background(), t.TempDir(), CopyOptions{MaxFiles: 4, MaxBytes: 20})
		if err != nil || st.Files != 4 {
			t.Errorf("at the bounds: %+v %v", st, err)
		}
		r.Close()
	}
}

// Excluded folders (the scratch area when $TMPDIR lies inside the
// repository) are left out of the copy and counted, so a copy never
// copies itself.
func TestCopyFileSetLeavesOutExcludedFolders(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n", "tmp/repox-replay-1/a.txt": "a\n", "tmp/other": "o\n", "tmpx/kept": "k\n"})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dst := t.TempDir()
	st, err := r.CopyFileSetWith(context.Background(), dst, CopyOptions{Exclude: []string{"tmp"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dst, "tmp")); err == nil {
		t.Error("the excluded folder was copied")
	}
	if _, err := os.Lstat(filepath.Join(dst, "tmpx", "kept")); err != nil {
		t.Errorf("tmpx/kept (not under tmp/) was left out: %v", err)
	}
	if st.Files != 2 || st.Excluded != 2 {
		t.Errorf("stats %+v, want 2 files and 2 excluded", st)
	}
}
