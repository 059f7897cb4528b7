package repoops

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The tests that re-run as nobody pass whatever the temp-folder variables
// name: here every one of them names a folder only root may enter, and a
// test that needs the nobody child still passes (the child gets its own
// temp folder, and the test binary is copied where nobody can run it).
func TestUnprivilegedTestsIgnoreTempVariables(t *testing.T) {
	if os.Geteuid() != 0 || os.Getenv("REPOX_TEST_UNPRIVILEGED") != "" || os.Getenv("REPOX_TEST_TMPVARS") != "" {
		t.Skip("needs root (it starts a child that runs a test as nobody)")
	}
	closed := filepath.Join(t.TempDir(), "root-only")
	if err := os.Mkdir(closed, 0o700); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestUnreadableIsCountedNeverDropped$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), "REPOX_TEST_TMPVARS=1", "GOCOVERDIR=")
	for _, v := range []string{"TMPDIR", "GOTMPDIR", "TMP", "TEMP", "TEMPDIR", "XDG_RUNTIME_DIR", "HOME"} {
		cmd.Env = append(cmd.Env, v+"="+closed)
	}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestUnreadableIsCountedNeverDropped") || strings.Contains(string(out), "--- SKIP") {
		t.Fatalf("with every temp variable at a root-only folder: %v\n%s", err, out)
	}
}
