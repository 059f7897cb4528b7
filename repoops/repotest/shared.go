package repotest

import (
	"errors"
	"os"
	"path/filepath"
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
