package repoops

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// asmReachesOut matches an instruction that could leave pure computation:
// a system call, a software interrupt, or a call or jump to a symbol
// (which could be a door the door rule would not see).
var asmReachesOut = regexp.MustCompile(`(?i)^\s*((SYSCALL|SYSENTER|INT|CALL|SVC|BL)\b|JMP\s+\S*\(SB\))`)

// The door rule reads Go files; the assembly of package repoops (the SSE2
// pair scan) is held to pure computation on the bytes it is given.
func TestAssemblyOnlyComputes(t *testing.T) {
	files, err := filepath.Glob("*.s")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no assembly file found: update this test if the pair scan moved")
	}
	for _, f := range append(files, "testdata/asmrule/reaches_out.s") {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var bad []string
		for i, l := range strings.Split(string(raw), "\n") {
			if c := strings.Index(l, "//"); c >= 0 {
				l = l[:c]
			}
			if asmReachesOut.MatchString(l) {
				bad = append(bad, f+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(l))
			}
		}
		synthetic := strings.HasPrefix(f, "testdata")
		if synthetic && len(bad) != 3 {
			t.Errorf("the rule should catch the synthetic file's SYSCALL, CALL and JMP, caught %q", bad)
		}
		if !synthetic && len(bad) > 0 {
			t.Errorf("assembly in repoops must only compute: %q", bad)
		}
	}
}
