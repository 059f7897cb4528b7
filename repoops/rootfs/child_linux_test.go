package rootfs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// rerunInChild runs the calling test again in a child of this test binary,
// with env added (which tells the test it is the child), and fails the
// test when the child fails. Under the mutation engine's per-test cover
// profile the child's coverage is left beside it (the profile's name +
// ".child", as repotest.AsNobody does), so the engine knows the test
// reaches the code only its child runs. coverDir, the child's temp folder,
// must be writable by the user the child becomes.
func rerunInChild(t *testing.T, coverDir string, env ...string) {
	t.Helper()
	args := []string{"-test.run=^" + t.Name() + "$", "-test.count=1", "-test.v"}
	prof, childProf := repotest.CoverProfile(), filepath.Join(coverDir, "child.cover")
	if prof != "" {
		args = append(args, "-test.coverprofile="+childProf)
	}
	cmd := exec.Command(os.Args[0], args...)
	// its temp files (the cover run's GOCOVERDIR too) go to coverDir,
	// which the child's user may write
	cmd.Env = append(append(os.Environ(), "TMPDIR="+coverDir, "GOTMPDIR="+coverDir), env...)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("the child: %v\n%s", err, out)
	}
	if prof != "" {
		if b, err := os.ReadFile(childProf); err == nil {
			if err := os.WriteFile(prof+".child", b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
