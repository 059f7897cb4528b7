package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The fixture: Clamp's "v > hi" has two mutants. "v <= hi" (negation)
// changes Clamp(5, 3), which the test checks: killed. "v >= hi"
// (boundary) differs only at v == hi, where both return hi: it lives,
// and is equivalent. Unused's "+" is reached by no test: not covered.
var fixture = map[string]string{
	"go.mod": "module fixture\n\ngo 1.26\n",
	"calc/calc.go": `package calc

// Clamp limits v to at most hi.
func Clamp(v, hi int) int {
	if v > hi {
		return hi
	}
	return v
}

// Unused is called by no test.
func Unused(a int) int { return a + 1 }
`,
	"calc/calc_test.go": `package calc

import "testing"

func TestClamp(t *testing.T) {
	if Clamp(5, 3) != 3 || Clamp(1, 3) != 1 {
		t.Fatal("Clamp does not clamp")
	}
}
`,
}

const boundaryListing = "calc.go | CONDITIONALS_BOUNDARY | 6 | if v > hi { | at v == hi both forms return hi\n"
const unusedListing = "calc.go | ARITHMETIC_BASE | 35 | func Unused(a int) int { return a + 1 } | the fixture's uncovered mutant\n"

// TestEngineKillsAndKeepsTheFixturesMutants runs the engine on the
// fixture: the killed mutant is KILLED, the equivalent one LIVED, the
// unreached one NOT COVERED, and the score fails until both survivors are
// listed with a reason.
func TestEngineKillsAndKeepsTheFixturesMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine and the fixture's test binaries")
	}
	tmp := t.TempDir()
	bin := buildEngine(t, tmp)
	mod := filepath.Join(tmp, "mod")
	writeModule(t, mod, fixture)
	engine := func(eq string, args ...string) (string, int) {
		eqFile := filepath.Join(tmp, "eq.txt")
		if err := os.WriteFile(eqFile, []byte(eq), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, append([]string{"-pkg", "calc", "-files", "calc.go", "-equivalents", eqFile}, args...)...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "GOFLAGS=-mod=mod")
		b, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(b), code
	}

	report := filepath.Join(tmp, "report.json")
	out, code := engine(boundaryListing+unusedListing, "-workers", "1", "-o", report)
	if code != 0 {
		t.Fatalf("with both survivors listed the run should pass, exit %d:\n%s", code, out)
	}
	var got []string
	for _, m := range reportMutants(t, report) {
		f := strings.Fields(m) // file TYPE line:col STATUS…
		got = append(got, f[0]+" "+f[1]+" "+strings.Join(f[3:], " "))
	}
	sort.Strings(got)
	want := []string{
		"calc.go ARITHMETIC_BASE NOT COVERED",
		"calc.go CONDITIONALS_BOUNDARY LIVED",
		"calc.go CONDITIONALS_NEGATION KILLED",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("mutants:\n%s\nwant:\n%s\nengine output:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
	if !strings.Contains(out, "100.0 % (1/1)") {
		t.Errorf("the score should be the one killed mutant of one non-equivalent:\n%s", out)
	}

	// Scoring the same report again: an unlisted survivor fails the run
	// and is named with the line that would list it.
	out, code = engine(unusedListing, "-check", report)
	if code != 1 || !strings.Contains(out, "calc.go | CONDITIONALS_BOUNDARY | 6 | if v > hi { | <why no test can tell>") {
		t.Fatalf("an unlisted survivor should fail the score (exit 1) and be named, exit %d:\n%s", code, out)
	}

	// A run stopped partway: its output's mutant lines are the earlier
	// report; with -partial the mutants they lack are skipped, the killed
	// one keeps its status without a run.
	log := filepath.Join(tmp, "stopped.log")
	if err := os.WriteFile(log, []byte("== running 3 mutants\n      KILLED CONDITIONALS_NEGATION at calc.go:5:7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code = engine("", "-rerun", log, "-partial", "-o", report)
	raw, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(string(raw), `"status": "KILLED"`) || strings.Count(string(raw), `"status": "SKIPPED"`) != 2 {
		t.Fatalf("rerun of a stopped run: exit %d, report:\n%s\noutput:\n%s", code, raw, out)
	}
}

// DROP_FLAG drops each flag of an OR of constants once: the fixture's
// open(A|B|C) gets three mutants; the test checks only B, so dropping B
// is killed and dropping A or C lives (a flag no test misses, found by
// the run).
func TestEngineDropsEachFlagOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine and the fixture's test binaries")
	}
	tmp := t.TempDir()
	bin := buildEngine(t, tmp)
	mod := filepath.Join(tmp, "mod")
	files := map[string]string{
		"go.mod": "module fixture\n\ngo 1.26\n",
		"flags/flags.go": `package flags

const (
	A = 1
	B = 2
	C = 4
)

func open(flags int) int { return flags }

// Mode is the flags an open is made with.
func Mode() int { return open(A | B | C) }
`,
		"flags/flags_test.go": `package flags

import "testing"

func TestModeHasB(t *testing.T) {
	if Mode()&B == 0 {
		t.Fatal("no B")
	}
}
`,
	}
	writeModule(t, mod, files)
	report := filepath.Join(tmp, "report.json")
	cmd := exec.Command(bin, "-pkg", "flags", "-files", "flags.go", "-workers", "1", "-o", report)
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "GOFLAGS=-mod=mod")
	out, _ := cmd.CombinedOutput()
	if _, err := os.Stat(report); err != nil {
		t.Fatalf("no report: %v\n%s", err, out)
	}
	var got []string
	for _, m := range reportMutants(t, report) {
		got = append(got, strings.TrimPrefix(m, "flags.go "))
	}
	// A | B | C is (A | B) | C: dropping C is the outer |'s (column 37),
	// dropping B (killed) and A the inner one's (column 33)
	want := []string{"DROP_FLAG 12:33 KILLED", "DROP_FLAG 12:33 LIVED", "DROP_FLAG 12:37 LIVED"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("mutants:\n%s\nwant:\n%s\nengine output:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
}

// buildEngine builds the engine into tmp.
func buildEngine(t *testing.T, tmp string) string {
	t.Helper()
	bin := filepath.Join(tmp, "mutants")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the engine: %v\n%s", err, b)
	}
	return bin
}

// writeModule writes a fixture module's files under mod.
func writeModule(t *testing.T, mod string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// reportMutants reads a report's mutants as "file TYPE line:col STATUS".
func reportMutants(t *testing.T, report string) []string {
	t.Helper()
	raw, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Files []struct {
			Name      string `json:"file_name"`
			Mutations []struct {
				Type, Status string
				Line, Column int
			} `json:"mutations"`
		} `json:"files"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Files {
		for _, m := range f.Mutations {
			got = append(got, fmt.Sprintf("%s %s %d:%d %s", f.Name, m.Type, m.Line, m.Column, m.Status))
		}
	}
	sort.Strings(got)
	return got
}
