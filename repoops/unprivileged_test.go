//go:build unix

package repoops

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// asUnprivileged makes a test that needs permission errors run as the user
// nobody. Root reads every file, and CI runs as root, so without this the
// unreadable cases would never be exercised there. In a root parent it
// re-runs the calling test in a child process as nobody and reports true
// (the caller returns); otherwise it returns false and the caller goes on.
func asUnprivileged(t *testing.T) bool {
	t.Helper()
	return asUnprivilegedWith(t, nil)
}

// nobodyUID and nobodyGID are the ids the child runs as.
const nobodyUID, nobodyGID = 65534, 65534

// asUnprivilegedWith is asUnprivileged with a fixture made by root first:
// prepare gets a folder that belongs to nobody, and the child finds the same
// folder in unprivilegedFixture. It is how a test gets files nobody cannot
// make (owned by root) in a folder nobody may write.
func asUnprivilegedWith(t *testing.T, prepare func(dir string)) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return false
	}
	if os.Getenv("REPOX_TEST_UNPRIVILEGED") == "1" {
		t.Fatal("the child is still root")
	}
	// Not os.TempDir(): TMPDIR (or GOTMPDIR, TEMP…) may name a folder
	// nobody cannot enter, such as one under /root. The first candidate
	// whose every parent nobody can pass through is used.
	base := ""
	for _, c := range []string{"/tmp", "/var/tmp", "/dev/shm", os.TempDir()} {
		if traversableByAll(c) {
			base = c
			break
		}
	}
	if base == "" {
		t.Skip("no temp folder that the user nobody can enter")
	}
	dir, err := os.MkdirTemp(base, "repox-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work") // the child's temp folder and fixture, nobody's own
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(work, nobodyUID, nobodyGID); err != nil {
		t.Fatal(err)
	}
	fixture := ""
	if prepare != nil {
		fixture = filepath.Join(work, "fixture")
		if err := os.Mkdir(fixture, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(fixture, nobodyUID, nobodyGID); err != nil {
			t.Fatal(err)
		}
		prepare(fixture)
	}
	exe := filepath.Join(dir, "repoops.test")
	copyFile(t, os.Args[0], exe)
	cmd := exec.Command(exe, "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "REPOX_TEST_UNPRIVILEGED=1", "REPOX_TEST_FIXTURE="+fixture, "HOME="+work,
		"TMPDIR="+work, "GOTMPDIR="+work, "TMP="+work, "TEMP="+work, "TEMPDIR="+work, "XDG_RUNTIME_DIR="+work, "GOCOVERDIR=")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobodyUID, Gid: nobodyGID, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("the child did not pass %s:\n%s", t.Name(), out)
	}
	return true
}

// traversableByAll reports whether every folder from / down to dir lets
// anyone pass through (the x bit for others).
func traversableByAll(dir string) bool {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		fi, err := os.Stat(dir)
		if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return true
		}
		dir = parent
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// Unreadable files and folders are skipped, counted and named: a "no match"
// never hides them.
func TestUnreadableIsCountedNeverDropped(t *testing.T) {
	if asUnprivileged(t) {
		return
	}
	dir := plainDir(t, map[string]string{
		"a.txt":        "needle\n",
		"secret.txt":   "needle\n",
		"locked/b.txt": "needle\n",
	})
	if err := os.Chmod(filepath.Join(dir, "secret.txt"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "locked"), 0o755) })
	s := openSession(t, dir)
	g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, g, "a.txt:1: needle", "searched 1 file in the whole repository; skipped 1 unreadable, 1 unreadable folder whose files were not searched (locked/)")
	f := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "txt"}))
	mustContain(t, f, "(1 folder could not be read, so the files in it are not included: locked/)")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "secret.txt"}), "secret.txt is not readable (permission denied)")
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, tr, "locked/ (locked is not readable (permission denied))")
}
