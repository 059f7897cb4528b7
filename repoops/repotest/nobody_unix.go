//go:build unix

package repotest

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// NobodyUID and NobodyGID are the ids the child runs as.
const NobodyUID, NobodyGID = 65534, 65534

// AsNobody makes a test that needs permission errors run as the user
// nobody. Root reads and writes every file, and CI runs as root, so without
// this the unreadable and unwritable cases would never be exercised there.
// In a root parent it re-runs the calling test in a child process as nobody
// and reports true (the caller returns); otherwise it returns false and the
// caller goes on. With prepare, root first makes a fixture: prepare gets a
// folder that belongs to nobody, and the child finds the same folder in
// NobodyFixture. It is how a test gets files nobody cannot make (owned by
// root) in a folder nobody may write. The child inherits the environment
// (a mutant's switch too) but not coverage.
func AsNobody(t *testing.T, prepare func(dir string)) bool {
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
	if err := os.Chown(work, NobodyUID, NobodyGID); err != nil {
		t.Fatal(err)
	}
	fixture := ""
	if prepare != nil {
		fixture = filepath.Join(work, "fixture")
		if err := os.Mkdir(fixture, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(fixture, NobodyUID, NobodyGID); err != nil {
			t.Fatal(err)
		}
		prepare(fixture)
	}
	exe := filepath.Join(dir, filepath.Base(os.Args[0]))
	copyFile(t, os.Args[0], exe)
	args := []string{"-test.run=^" + t.Name() + "$", "-test.v", "-test.count=1"}
	// Under a cover profile (the mutation engine's per-test coverage), the
	// child's coverage goes to the profile's name + ".child", so the tests
	// that reach code only through the child are known to reach it.
	prof, childProfile := CoverProfile(), ""
	if prof != "" {
		childProfile = filepath.Join(work, "child.cover")
		args = append(args, "-test.coverprofile="+childProfile)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "REPOX_TEST_UNPRIVILEGED=1", "REPOX_TEST_FIXTURE="+fixture, "HOME="+work,
		"TMPDIR="+work, "GOTMPDIR="+work, "TMP="+work, "TEMP="+work, "TEMPDIR="+work, "XDG_RUNTIME_DIR="+work, "GOCOVERDIR=")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: NobodyUID, Gid: NobodyGID, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("the child did not pass %s:\n%s", t.Name(), out)
	}
	if childProfile != "" {
		copyFile(t, childProfile, prof+".child")
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

// NobodyFixture is, in AsNobody's child, the folder its prepare filled.
func NobodyFixture(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("REPOX_TEST_FIXTURE")
	if dir == "" {
		t.Fatal("no fixture from the parent")
	}
	return dir
}
