//go:build unix

package repoops

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// A Folder (the demo's files) reads and writes only inside its folder,
// through the disk door: each test plants what a shared folder may hold
// and checks a canary outside it.

func openFolder(t *testing.T, dir string) *Folder {
	t.Helper()
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// folderCanary is a file outside every folder under test.
func folderCanary(t *testing.T) (path string, unchanged func() bool) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "bashrc")
	const text = "export CANARY=1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, func() bool {
		st, err := os.Lstat(path)
		b, rerr := os.ReadFile(path)
		return err == nil && rerr == nil && st.Mode().IsRegular() && string(b) == text
	}
}

// within runs fn and fails the test when it has not returned after a
// generous bound: a FIFO opened for reading blocks until a writer comes.
func within(t *testing.T, what string, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("%s still waits after 30 s: a FIFO was opened so that it blocks", what)
		return nil
	}
}

func TestFolderWritesNewAndReplacesOld(t *testing.T) {
	dir := repotest.PlainDir(t, map[string]string{"old.txt": "old\n"})
	if err := os.Chmod(filepath.Join(dir, "old.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := openFolder(t, dir)
	ctx := context.Background()
	if err := f.WriteFile(ctx, "a/b/new.txt", []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteFile(ctx, "old.txt", []byte("replaced\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a", "b", "new.txt")); string(b) != "new\n" {
		t.Errorf("new file: %q", b)
	}
	st, err := os.Stat(filepath.Join(dir, "old.txt"))
	if b, _ := os.ReadFile(filepath.Join(dir, "old.txt")); err != nil || string(b) != "replaced\n" || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file: %q, mode %v, %v", b, st.Mode(), err)
	}
	if b, err := f.ReadFile("a/b/new.txt", 4); err != nil || string(b) != "new\n" {
		t.Errorf("read back: %q, %v", b, err)
	}
	if _, err := f.ReadFile("a/b/new.txt", 3); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file over max: %v", err)
	}
	if _, err := f.ReadFile("a/missing.txt", 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := f.ReadFile("nowhere/missing.txt", 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file in a missing folder: %v", err)
	}
	if err := f.MkdirAll("e/m/p/ty"); err != nil {
		t.Fatal(err)
	}
	if err := f.MkdirAll("e/m"); err != nil {
		t.Errorf("MkdirAll of a folder already there: %v", err)
	}
	if st, err := os.Lstat(filepath.Join(dir, "e", "m", "p", "ty")); err != nil || !st.IsDir() {
		t.Errorf("MkdirAll: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "e", "m", "p", "ty")); len(entries) != 0 {
		t.Errorf("MkdirAll left %d names in the new folder", len(entries))
	}
	if err := f.MkdirAll("old.txt/sub"); err == nil {
		t.Errorf("MkdirAll through a file succeeded")
	}
}

// Paths are plain and stay out of git's storage.
func TestFolderRefusesPathsItDoesNotTake(t *testing.T) {
	dir := repotest.PlainDir(t, map[string]string{"x.txt": "x\n"})
	f := openFolder(t, dir)
	for _, rel := range []string{"", ".", "..", "../x.txt", "/etc/passwd", "a/../x.txt", "a//b", "./x.txt", "x.txt/", ".git/config", "sub/.GIT/hooks/pre-commit", "git~1/config"} {
		if err := f.WriteFile(context.Background(), rel, []byte("x")); err == nil {
			t.Errorf("WriteFile(%q) was taken", rel)
		}
		if _, err := f.ReadFile(rel, 10); err == nil {
			t.Errorf("ReadFile(%q) was taken", rel)
		}
		if err := f.MkdirAll(rel); err == nil && rel != "" {
			t.Errorf("MkdirAll(%q) was taken", rel)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		t.Errorf("a .git was made")
	}
}

// No link is followed, at the name or on the way, and no hard-linked file
// is written: the canary outside stays as it was, and nothing outside is
// read.
func TestFolderFollowsNoLink(t *testing.T) {
	ctx := context.Background()
	for name, plant := range map[string]func(t *testing.T, dir, out string){
		"symlink at the name": func(t *testing.T, dir, out string) {
			mustDo(t, os.Symlink(out, filepath.Join(dir, "f", "x.txt")))
		},
		"dangling symlink at the name": func(t *testing.T, dir, out string) {
			mustDo(t, os.Symlink(out+".new", filepath.Join(dir, "f", "x.txt")))
		},
		"hard link at the name": func(t *testing.T, dir, out string) {
			mustDo(t, os.Link(out, filepath.Join(dir, "f", "x.txt")))
		},
		"folder link on the way": func(t *testing.T, dir, out string) {
			mustDo(t, os.Link(out, filepath.Join(filepath.Dir(out), "x.txt")))
			mustDo(t, os.Remove(filepath.Join(dir, "f")))
			mustDo(t, os.Symlink(filepath.Dir(out), filepath.Join(dir, "f")))
		},
	} {
		t.Run(name, func(t *testing.T) {
			out, unchanged := folderCanary(t)
			dir := t.TempDir()
			mustDo(t, os.Mkdir(filepath.Join(dir, "f"), 0o755))
			plant(t, dir, out)
			f := openFolder(t, dir)
			if b, err := f.ReadFile("f/x.txt", 1<<10); err == nil || strings.Contains(string(b), "CANARY") {
				t.Errorf("read through a %s: %q, %v", name, b, err)
			}
			if err := f.WriteFile(ctx, "f/x.txt", []byte("written\n")); err == nil {
				t.Errorf("wrote over a %s", name)
			}
			if !unchanged() {
				t.Errorf("the canary outside the folder changed through a %s", name)
			}
			if _, err := os.Stat(out + ".new"); err == nil {
				t.Errorf("a file was created outside the folder through a %s", name)
			}
		})
	}
}

// A FIFO is never opened so that it blocks: reading or writing it, or
// making a folder where it is, is refused at once, naming what it is.
func TestFolderNeverWaitsOnAFIFO(t *testing.T) {
	dir := repotest.PlainDir(t, map[string]string{"keep.txt": "x\n"})
	mustDo(t, mkfifo(filepath.Join(dir, "pipe"), 0o644))
	f := openFolder(t, dir)
	err := within(t, "ReadFile of a FIFO", func() error { _, err := f.ReadFile("pipe", 10); return err })
	if err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("ReadFile of a FIFO: %v", err)
	}
	err = within(t, "WriteFile of a FIFO", func() error { return f.WriteFile(context.Background(), "pipe", []byte("x")) })
	if err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("WriteFile of a FIFO: %v", err)
	}
	if err := within(t, "MkdirAll through a FIFO", func() error { return f.MkdirAll("pipe/sub") }); err == nil {
		t.Errorf("MkdirAll through a FIFO succeeded")
	}
}

// LogOneline runs through the git door: the repository's config names a
// signature checker, a pager and fsmonitor, and HEAD is signed; nothing
// runs, and the lines are git log --oneline's.
func TestLogOnelineRunsNothingTheConfigNames(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	repotest.Git(t, dir, "commit", "-q", "--allow-empty", "-m", "second")
	tree := strings.TrimSpace(repotest.Git(t, dir, "rev-parse", "HEAD^{tree}"))
	parent := strings.TrimSpace(repotest.Git(t, dir, "rev-parse", "HEAD"))
	obj := "tree " + tree + "\nparent " + parent + "\nauthor a <a@b> 1700000000 +0000\ncommitter a <a@b> 1700000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQ==\n -----END PGP SIGNATURE-----\n\nsigned\n"
	cmd := repotest.GitCmd(dir, "hash-object", "-t", "commit", "-w", "--stdin")
	cmd.Stdin = strings.NewReader(obj)
	out, err := cmd.Output()
	mustDo(t, err)
	repotest.Git(t, dir, "update-ref", "HEAD", strings.TrimSpace(string(out)))
	script, marker := trapScript(t)
	for _, kv := range [][2]string{{"gpg.program", script}, {"log.showSignature", "true"}, {"core.pager", script}, {"pager.log", script}, {"core.fsmonitor", script}, {"log.decorate", "full"}} {
		repotest.Git(t, dir, "config", kv[0], kv[1])
	}
	r := openRepo(t, dir)
	text, err := r.LogOneline(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	noMarker(t, marker, "LogOneline")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], " signed") || !strings.HasSuffix(lines[1], " second") || strings.Contains(text, "HEAD") {
		t.Errorf("LogOneline, n 2:\n%s", text)
	}
	if _, err := openRepo(t, repotest.PlainDir(t, map[string]string{"x": "x"})).LogOneline(context.Background(), 1); err == nil || !strings.Contains(err.Error(), "not a git repository") {
		t.Errorf("outside git: %v", err)
	}
	if _, err := r.LogOneline(context.Background(), 0); err == nil {
		t.Errorf("n 0 was taken")
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
