package repoops

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// Issue 44: a fresh repo_find or repo_grep held the whole file set — git's
// `ls-files --others` loaded the index whole (217 MB at a million files),
// repox kept it as a table, find every match and grep every matching file
// — so its peak RSS grew with the repository (211 MB at 1M). Now it must
// not: the same calls on an index of 4N entries peak within a few MB of
// the calls on N. Each size runs in a child process (this test binary,
// TestFlatMemChild) whose peak is what /usr/bin/time reports: the larger
// of its own and its children's (git's) getrusage ru_maxrss.

// flatMemIndex writes an index of n entries (no files behind them: git
// lists them all the same, and find and grep still take each one) beside a
// few real files, through `git update-index --index-info`.
func flatMemIndex(t *testing.T, n int) string {
	dir := gitRepo(t, map[string]string{"a.txt": "needle\n", "b/c.txt": "needle x\n"})
	blob := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD:a.txt"))
	var in bytes.Buffer
	for i := range n {
		fmt.Fprintf(&in, "100644 %s 0\td%03d/e%02d/f%06d.txt\n", blob, i/10000, i/100%100, i)
	}
	cmd := repotest.GitCmd(dir, "update-index", "--index-info")
	cmd.Stdin = &in
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	writeFiles(t, dir, map[string]string{"untracked.txt": "needle\n"})
	return dir
}

// flatMemPeak runs the calls on dir in a child and returns its peak RSS.
func flatMemPeak(t *testing.T, dir string) int64 {
	cmd := exec.Command(os.Args[0], "-test.run=^TestFlatMemChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "REPOX_FLATMEM_DIR="+dir, "GOGC=100", "GOMEMLIMIT=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	for l := range strings.SplitSeq(string(out), "\n") {
		if strings.HasPrefix(l, "self ") {
			t.Log(l)
		}
		if v, ok := strings.CutPrefix(l, "PEAK "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err == nil {
				return n
			}
		}
	}
	t.Fatalf("child printed no peak:\n%s", out)
	return 0
}

func TestFreshFindAndGrepMemoryFlat(t *testing.T) {
	if raceBuild {
		t.Skip("the race detector's shadow memory multiplies RSS")
	}
	if testing.Short() {
		t.Skip("writes two indexes of 50k and 200k entries")
	}
	needGit(t)
	const n = 50_000
	small := flatMemPeak(t, flatMemIndex(t, n))
	big := flatMemPeak(t, flatMemIndex(t, 4*n))
	t.Logf("peak RSS: %d entries %.1f MB, %d entries %.1f MB", n, float64(small)/(1<<20), 4*n, float64(big)/(1<<20))
	// 150,000 more entries of 22-byte paths are 3.5 MB of paths alone:
	// anything that holds them (or git's index) grows by more than this.
	if big-small > 3<<20 {
		t.Fatalf("the peak grew by %.1f MB from %d to %d index entries; a fresh find and grep must not hold the file set", float64(big-small)/(1<<20), n, 4*n)
	}
}

// TestFlatMemChild is TestFreshFindAndGrepMemoryFlat's child: it runs a
// find every path matches, one none matches, and a grep, then prints the
// peak RSS of itself and its children. REPOX_FLATMEM_PROF=PREFIX writes
// the heap profile after each call (its alloc_space shows who allocates).
func TestFlatMemChild(t *testing.T) {
	dir := os.Getenv("REPOX_FLATMEM_DIR")
	if dir == "" {
		t.Skip("run by TestFreshFindAndGrepMemoryFlat")
	}
	for _, c := range []struct {
		tool string
		args any
		want string
	}{
		{"repo_find", FindArgs{Query: "f"}, "matches"},
		{"repo_find", FindArgs{Query: "zzqqxxnomatch"}, "no path matches"},
		{"repo_grep", GrepArgs{Pattern: "needle"}, "skipped"},
	} {
		s := openSession(t, dir) // a fresh repository each call, as `repox call` opens one
		mustContain(t, mustOK(t, call(t, s, c.tool, c.args)), c.want)
		if p := os.Getenv("REPOX_FLATMEM_PROF"); p != "" {
			f, _ := os.Create(p + "." + c.tool + c.want[:2])
			runtime.GC()
			pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
	}
	// The process's own peak is VmHWM: getrusage's RUSAGE_SELF would
	// include the parent's peak, which a child spawned with CLONE_VM
	// takes over at its exec. Its children's (git's) come from getrusage.
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	var self int64
	for l := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			self, _ = strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
		}
	}
	var kids syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids); err != nil || self == 0 {
		t.Fatal("no peak RSS:", err)
	}
	fmt.Printf("self %d kids %d\n", self, kids.Maxrss)
	fmt.Printf("PEAK %d\n", max(self, kids.Maxrss)*1024)
}
