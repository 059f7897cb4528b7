package gitexec

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// BenchmarkCheckGitDirLooseObjects is the open-time walk of a git folder
// holding 30,000 loose objects (empty files under objects/xx/: the walk
// looks at names and types only).
func BenchmarkCheckGitDirLooseObjects(b *testing.B) {
	dir := repotest.GitRepo(b, map[string]string{"a.txt": "one\n"})
	objects := filepath.Join(dir, ".git", "objects")
	for i := range 30000 {
		sub := filepath.Join(objects, fmt.Sprintf("%02x", i%256))
		if i < 256 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("%038x", i)), nil, 0o444); err != nil {
			b.Fatal(err)
		}
	}
	real, _ := filepath.EvalSymlinks(dir)
	gitDir := filepath.Join(real, ".git")
	b.ReportAllocs()
	before := cpuTime()
	for b.Loop() {
		if _, _, err := checkGitDir(gitDir, []string{real}); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cpuTime() - before; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}
