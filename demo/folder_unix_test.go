//go:build unix

package demo

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The demo folder as hostile input (SECURITY.md, "the demo folder"): a
// folder given to `repox demo DIR` may be a cloned repository that ships
// links, a FIFO, a short file or a git config that runs programs. Each
// test below arms a trap that fired against the demo before it went
// through repoops' doors: a canary file outside the folder that must stay
// as it was, a name outside the folder that must not be listed, a program
// the folder's config names that must not run, a panic.

// tourOn does what `repox demo DIR` does before the explorer opens
// (cli.tourSetup): Prepare, the tour's session, the contrasts. It returns
// the first error, what the tour would show, and a panic as an error.
func tourOn(t *testing.T, dir string) (shown string, err error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	root, _, cleanup, err := Prepare(dir)
	if err != nil {
		return "", err
	}
	defer cleanup()
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	transcript, err := WriteSession(abs)
	if err != nil {
		return "", err
	}
	cs, err := Contrasts(abs)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if st, serr := os.Lstat(transcript); serr == nil && st.Mode().IsRegular() {
		data, _ := os.ReadFile(transcript)
		b.Write(data)
	}
	for _, c := range cs {
		b.WriteString(c.Silent + "\n" + c.Call + "\n")
	}
	return b.String(), nil
}

// forged is a copy of a demo folder that carries repox's marker: what a
// repository someone shares can look like, since a marker is only a file.
// Reusing it is allowed; nothing in it may lead repox outside it.
func forged(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "demo")
	if err := os.CopyFS(dir, os.DirFS(shared(t))); err != nil {
		t.Fatal(err)
	}
	repotest.WriteFiles(t, dir, map[string]string{markerPath: markerText})
	return dir
}

// canary is a file outside every demo folder, like ~/.bashrc.
func canary(t *testing.T) (path string, unchanged func() bool) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "bashrc")
	const text = "export CANARY=1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, func() bool {
		b, err := os.ReadFile(path)
		st, serr := os.Lstat(path)
		return err == nil && serr == nil && st.Mode().IsRegular() && string(b) == text
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A cloned repository that looks like a demo (server/handlers.go and the
// rest) but was not made by repox is refused, and nothing is written
// through the link it ships at the tour's session file.
func TestDemoRefusesAFolderItDidNotMake(t *testing.T) {
	out, unchanged := canary(t)
	dir := filepath.Join(t.TempDir(), "clone")
	limits, _ := files.ReadFile("files/limits.go.txt")
	repotest.WriteFiles(t, dir, map[string]string{
		"server/handlers.go":        handlersFile(true),
		"internal/config/limits.go": string(limits),
		"README.md":                 "a repository someone shared\n",
	})
	mustDo(t, os.MkdirAll(filepath.Join(dir, "build"), 0o755))
	mustDo(t, os.Symlink(out, filepath.Join(dir, filepath.FromSlash(SessionPath))))
	_, err := tourOn(t, dir)
	if !unchanged() {
		t.Errorf("the canary outside the folder was changed through %s", SessionPath)
	}
	if err == nil || !strings.Contains(err.Error(), "was not made by repox demo") || !strings.Contains(err.Error(), "give a new or empty folder") {
		t.Errorf("a folder repox did not make was taken: %v", err)
	}
}

// Even a folder that carries the marker is written only through the
// confined root: a link or a hard link at the session's name, or a link at
// a folder on its way, is refused, and the file outside stays as it was.
func TestDemoNeverWritesThroughALink(t *testing.T) {
	for name, plant := range map[string]func(dir, out string) error{
		"symlink": func(dir, out string) error {
			return os.Symlink(out, filepath.Join(dir, filepath.FromSlash(SessionPath)))
		},
		"relative symlink": func(dir, out string) error {
			rel, err := filepath.Rel(filepath.Join(dir, "build"), out)
			if err != nil {
				return err
			}
			return os.Symlink(rel, filepath.Join(dir, filepath.FromSlash(SessionPath)))
		},
		"hard link": func(dir, out string) error {
			return os.Link(out, filepath.Join(dir, filepath.FromSlash(SessionPath)))
		},
		"folder link": func(dir, out string) error {
			// build/ itself leads out: the marker and the session both
			// lie behind it
			outDir := filepath.Join(filepath.Dir(out), "build")
			if err := os.MkdirAll(outDir, 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(outDir, filepath.Base(markerPath)), []byte(markerText), 0o644); err != nil {
				return err
			}
			if err := os.Link(out, filepath.Join(outDir, filepath.Base(SessionPath))); err != nil {
				return err
			}
			if err := os.RemoveAll(filepath.Join(dir, "build")); err != nil {
				return err
			}
			return os.Symlink(outDir, filepath.Join(dir, "build"))
		},
	} {
		t.Run(name, func(t *testing.T) {
			out, unchanged := canary(t)
			dir := forged(t)
			mustDo(t, os.MkdirAll(filepath.Join(dir, "build"), 0o755))
			os.Remove(filepath.Join(dir, filepath.FromSlash(SessionPath)))
			mustDo(t, plant(dir, out))
			_, err := tourOn(t, dir)
			if !unchanged() {
				t.Errorf("the canary outside the folder was changed (tour: %v)", err)
			}
			if err == nil || !strings.Contains(err.Error(), "link") {
				t.Errorf("the tour was prepared over a %s at %s: %v", name, SessionPath, err)
			}
		})
	}
}

// The demo's reads stay inside the folder too: a file it reads that is a
// link to a file outside never reaches the tour's session or its steps.
func TestDemoNeverReadsThroughALink(t *testing.T) {
	const secret = "SECRET-FROM-OUTSIDE"
	outside := filepath.Join(t.TempDir(), "limits.go")
	limits, _ := files.ReadFile("files/limits.go.txt")
	mustDo(t, os.WriteFile(outside, []byte(strings.Replace(string(limits), "package config", "package config // "+secret, 1)), 0o644))
	dir := forged(t)
	p := filepath.Join(dir, "internal", "config", "limits.go")
	mustDo(t, os.Remove(p))
	mustDo(t, os.Symlink(outside, p))
	shown, err := tourOn(t, dir)
	if strings.Contains(shown, secret) {
		t.Errorf("the tour shows a file outside the folder, read through a link")
	}
	if err == nil || !strings.Contains(err.Error(), "limits.go is a symlink") {
		t.Errorf("the tour was prepared over a link at internal/config/limits.go: %v", err)
	}
}

// The marker itself is only taken when it is a regular file reached
// without a link: a link to a marker elsewhere, or a FIFO at its name, is
// no marker (and the FIFO is never waited on).
func TestDemoMarkerIsNotFollowed(t *testing.T) {
	elsewhere := filepath.Join(t.TempDir(), "marker")
	mustDo(t, os.WriteFile(elsewhere, []byte(markerText), 0o644))
	for name, plant := range map[string]func(p string) error{
		"symlink": func(p string) error { return os.Symlink(elsewhere, p) },
		"FIFO":    func(p string) error { return mkfifo(p) },
		"other text": func(p string) error {
			return os.WriteFile(p, []byte("made by someone\n"), 0o644)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := forged(t)
			p := filepath.Join(dir, filepath.FromSlash(markerPath))
			mustDo(t, os.Remove(p))
			mustDo(t, plant(p))
			_, _, _, err := Prepare(dir)
			if err == nil || !strings.Contains(err.Error(), "was not made by repox demo") {
				t.Errorf("a %s at the marker's name was taken for the marker: %v", name, err)
			}
		})
	}
}

// signedHead makes HEAD a commit with a signature header, which git checks
// with gpg.program when log.showSignature is on.
func signedHead(t *testing.T, dir string) {
	t.Helper()
	tree := strings.TrimSpace(repotest.Git(t, dir, "rev-parse", "HEAD^{tree}"))
	parent := strings.TrimSpace(repotest.Git(t, dir, "rev-parse", "HEAD"))
	obj := fmt.Sprintf("tree %s\nparent %s\nauthor a <a@b> 1700000000 +0000\ncommitter a <a@b> 1700000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQ==\n -----END PGP SIGNATURE-----\n\nsigned\n", tree, parent)
	cmd := repotest.GitCmd(dir, "hash-object", "-t", "commit", "-w", "--stdin")
	cmd.Stdin = strings.NewReader(obj)
	out, err := cmd.Output()
	mustDo(t, err)
	repotest.Git(t, dir, "update-ref", "HEAD", strings.TrimSpace(string(out)))
}

// A reused demo folder's own git config cannot run a program: the config
// names a program for every hook git has into a log (a signature check of
// a signed HEAD, fsmonitor, a pager, an external diff, a textconv), and
// the program must not run while the tour is prepared.
func TestReusedDemoConfigRunsNothing(t *testing.T) {
	dir := forged(t)
	fired := filepath.Join(t.TempDir(), "fired")
	trap := filepath.Join(t.TempDir(), "trap.sh")
	mustDo(t, os.WriteFile(trap, []byte("#!/bin/sh\ntouch "+fired+"\ncat >/dev/null\nexit 1\n"), 0o755))
	signedHead(t, dir)
	for _, kv := range [][2]string{
		{"gpg.program", trap}, {"log.showSignature", "true"},
		{"core.fsmonitor", trap}, {"core.pager", trap}, {"pager.log", trap},
		{"diff.external", trap}, {"diff.trap.textconv", trap}, {"core.sshCommand", trap},
	} {
		repotest.Git(t, dir, "config", kv[0], kv[1])
	}
	// The trap is armed: plain git, as the demo ran it, fires it.
	armed := exec.Command("git", "log", "--oneline", "-n", "20")
	armed.Dir = dir
	armed.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull}
	armed.Run()
	if _, err := os.Stat(fired); err != nil {
		t.Fatalf("the trap does not fire with plain git: %v", err)
	}
	mustDo(t, os.Remove(fired))

	shown, err := tourOn(t, dir)
	if _, serr := os.Stat(fired); serr == nil {
		t.Errorf("the folder's git config ran a program while the tour was prepared (tour: %v)", err)
	}
	if err != nil {
		t.Errorf("the tour on a reused demo: %v", err)
	}
	if !strings.Contains(shown, "signed") {
		t.Errorf("the silent git log does not show the folder's own HEAD")
	}
}

// A reused folder whose server/handlers.go is short is refused in words,
// not with an index out of range.
func TestDemoShortHandlersIsRefused(t *testing.T) {
	dir := forged(t)
	mustDo(t, os.WriteFile(filepath.Join(dir, "server", "handlers.go"), []byte("package server\n"), 0o644))
	_, err := tourOn(t, dir)
	if err == nil || strings.Contains(err.Error(), "panic") || !strings.Contains(err.Error(), "server/handlers.go") {
		t.Errorf("a short server/handlers.go: %v", err)
	}
}

// The tour's silent tree lists src inside the folder only: a src that
// links out lists no name from outside.
func TestSilentTreeDoesNotFollowALinkOut(t *testing.T) {
	const name = "outside-secret-name.txt"
	outside := repotest.PlainDir(t, map[string]string{name: "x\n", "deeper/" + name: "x\n"})
	dir := forged(t)
	mustDo(t, os.RemoveAll(filepath.Join(dir, "src")))
	mustDo(t, os.Symlink(outside, filepath.Join(dir, "src")))
	shown, err := tourOn(t, dir)
	if strings.Contains(shown, name) {
		t.Errorf("the silent tree listed a name outside the folder through src")
	}
	if err == nil || !strings.Contains(err.Error(), "src is a symlink") {
		t.Errorf("the tour was prepared with src leading out of the folder: %v", err)
	}
	tree, err := SilentTree(dir, "src", 0, 0)
	if err == nil || strings.Contains(tree, name) {
		t.Errorf("SilentTree of a src that leads out: %q, %v", tree, err)
	}
}

func mkfifo(p string) error { return syscall.Mkfifo(p, 0o644) }

// A folder repox made is reused: the second run finds the marker and
// replaces the tour's session in place, through the door.
func TestDemoReusesAFolderItMade(t *testing.T) {
	dir := written(t)
	for run := 1; run <= 2; run++ {
		if _, err := tourOn(t, dir); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
	}
	_, note, _, err := Prepare(dir)
	if err != nil || !strings.Contains(note, "demo repository in "+dir) {
		t.Errorf("a folder repox made was not reused: %q, %v", note, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(SessionPath))); err != nil || !strings.Contains(string(b), "Handle0259 answers in JSON") {
		t.Errorf("the session after a second run: %v", err)
	}
}

// Write's git is built from nothing: the caller's config (in the
// environment, in XDG_CONFIG_HOME, in HOME) and a gpg on its PATH never
// reach the demo's commits.
func TestDemoGitRunsNothingTheCallerNames(t *testing.T) {
	fired := filepath.Join(t.TempDir(), "fired")
	bin := t.TempDir()
	trap := filepath.Join(bin, "gpg")
	mustDo(t, os.WriteFile(trap, []byte("#!/bin/sh\ntouch "+fired+"\ncat >/dev/null\nexit 1\n"), 0o755))
	config := "[core]\n\tfsmonitor = " + trap + "\n[commit]\n\tgpgSign = true\n[gpg]\n\tprogram = " + trap + "\n"
	home := repotest.PlainDir(t, map[string]string{".gitconfig": config, ".config/git/config": config})
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.hooksPath")
	t.Setenv("GIT_CONFIG_VALUE_0", bin)
	mustDo(t, os.WriteFile(filepath.Join(bin, "pre-commit"), []byte("#!/bin/sh\ntouch "+fired+"\n"), 0o755))
	// The trap is armed: git run with the caller's environment fires it.
	scratch := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "x"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = scratch
		cmd.Run()
	}
	if _, err := os.Stat(fired); err != nil {
		t.Fatalf("the trap does not fire with the caller's environment: %v", err)
	}
	mustDo(t, os.Remove(fired))
	written(t)
	if _, err := os.Stat(fired); err == nil {
		t.Errorf("the caller's git config ran a program while the demo was written")
	}
}
