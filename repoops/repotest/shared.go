package repotest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Shared is the path of rel (slash-separated) in the module's top-level
// testdata folder, the fixtures that several packages' tests read (agent
// transcripts with their licences, testdata/transcripts/SOURCES.md). It is
// found from the test's working folder (its package's folder) up to
// go.mod, so no test counts "..". The file must exist.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := moduleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(root, "testdata", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("shared fixture testdata/%s: %v", rel, err)
	}
	return p
}

// Transcript is Shared("transcripts/" + rel): an agent transcript.
func Transcript(t testing.TB, rel string) string {
	t.Helper()
	return Shared(t, "transcripts/"+rel)
}

// moduleRoot is the nearest folder from dir upward that holds go.mod.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", errors.New("no go.mod in " + dir + " or above it: run the test with go test inside the module")
		}
		d = up
	}
}

// BenchCorpus is the real repository named by REPOX_BENCH_CORPUS (.ci/bench
// builds /tmp/repox-bench/gosrc and /tmp/repox-bench/mono); without it
// the benchmark is skipped.
func BenchCorpus(b testing.TB) string {
	b.Helper()
	dir := os.Getenv("REPOX_BENCH_CORPUS")
	if dir == "" {
		b.Skip("set REPOX_BENCH_CORPUS to a repository")
	}
	return dir
}

// GoRootSrc is the Go toolchain's own source tree, $GOROOT/src (from the
// environment, else `go env GOROOT`): a large real tree for benchmarks.
// Without one the benchmark is skipped.
func GoRootSrc(b testing.TB) string {
	b.Helper()
	root := os.Getenv("GOROOT")
	if root == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			b.Skip("no Go source tree to read (go env GOROOT failed):", err)
		}
		root = strings.TrimSpace(string(out))
	}
	dir := filepath.Join(root, "src")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		b.Skip("no Go source tree to read:", dir)
	}
	return dir
}
