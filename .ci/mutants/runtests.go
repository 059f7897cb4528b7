package main

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// testPkg is one package whose tests judge the mutants (-pkg's own, and
// those -tests adds): its schema binary (every mutant compiled in) and
// its cover binary (none), each run in its folder of its module copy.
type testPkg struct {
	dir              string // relative to the module root
	mutBin, mutDir   string
	covBin, plainDir string
	names            []string
}

// testPkgs: -pkg first, then -tests' packages in their order.
var testPkgs []*testPkg

// A test is named by its package folder and its name
// ("repoops/rootfs:TestScan"): two packages may have tests of one name.
func testKey(p *testPkg, name string) string { return p.dir + ":" + name }

// listTests lists every test of every test package, as keys.
func listTests() []string {
	var keys []string
	for _, p := range testPkgs {
		for _, l := range strings.Split(run(p.plainDir, p.covBin, "-test.list", "."), "\n") {
			if strings.HasPrefix(l, "Test") || strings.HasPrefix(l, "Fuzz") {
				p.names = append(p.names, l)
				keys = append(keys, testKey(p, l))
			}
		}
	}
	return keys
}

// splitKey finds a key's package and test name.
func splitKey(key string) (*testPkg, string) {
	dir, name, _ := strings.Cut(key, ":")
	for _, p := range testPkgs {
		if p.dir == dir {
			return p, name
		}
	}
	fatal(fmt.Errorf("no test package %s", dir))
	return nil, ""
}

type block struct {
	file                     string
	sLine, sCol, eLine, eCol int
}

// covRoot is -pkg's import path: cover profiles name files by import path.
var covRoot string

// coverPerTest runs each test alone with a cover profile.
func coverPerTest(work string, tests []string) (map[string][]block, []string) {
	cov := map[string][]block{}
	took = map[string]time.Duration{}
	var failing []string
	var mu sync.Mutex
	parallel(tests, *workers, func(t string) {
		p, name := splitKey(t)
		prof := filepath.Join(work, "cov-"+strings.NewReplacer("/", "_", ":", "_").Replace(t)+".out")
		cmd := exec.Command(p.covBin, "-test.run", "^"+name+"$", "-test.count=1", "-test.coverprofile="+prof)
		cmd.Dir = p.plainDir
		start := time.Now()
		b, err := cmd.CombinedOutput()
		raw, rerr := os.ReadFile(prof)
		// a test that re-runs itself as another user (repotest.AsNobody)
		// leaves its child's coverage beside the profile
		if child, err := os.ReadFile(prof + ".child"); err == nil {
			raw = append(append(raw, '\n'), child...)
		}
		mu.Lock()
		defer mu.Unlock()
		took[t] = time.Since(start)
		if err != nil {
			failing = append(failing, t+": "+lastLines(b))
			return
		}
		if rerr != nil {
			return
		}
		for _, l := range strings.Split(string(raw), "\n") {
			// name.go:12.3,14.5 2 1
			f := strings.Fields(l)
			if len(f) != 3 || f[2] == "0" {
				continue
			}
			var bl block
			where, rng, _ := strings.Cut(f[0], ":")
			bl.file = strings.TrimPrefix(strings.TrimPrefix(where, covRoot), "/")
			if _, err := fmt.Sscanf(rng, "%d.%d,%d.%d", &bl.sLine, &bl.sCol, &bl.eLine, &bl.eCol); err != nil {
				continue
			}
			cov[t] = append(cov[t], bl)
		}
	})
	return cov, failing
}

func lastLines(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndex(s, "\n--- FAIL"); i >= 0 {
		s = s[i:]
	}
	if len(s) > 600 {
		s = s[len(s)-600:]
	}
	return s
}

func before(l1, c1, l2, c2 int) bool { return l1 < l2 || (l1 == l2 && c1 <= c2) }

// testsFor: the tests whose coverage holds the mutant's position; where
// no block holds it (a switch's case expressions, which the cover tool
// leaves out), the tests that ran any block of the function around it.
func testsFor(fset *token.FileSet, sf *srcFile, funcs []ast.Node, cov map[string][]block, m *mutant) []string {
	var direct, inFunc []string
	var fn ast.Node
	for _, f := range funcs {
		if contains(f, m.node) && (fn == nil || contains(fn, f)) {
			fn = f
		}
	}
	var fa, fb token.Position
	if fn != nil {
		fa, fb = fset.Position(fn.Pos()), fset.Position(fn.End())
	}
	for t, bls := range cov {
		d, f := false, false
		for _, bl := range bls {
			if bl.file != sf.name {
				continue
			}
			if before(bl.sLine, bl.sCol, m.Line, m.Column) && before(m.Line, m.Column, bl.eLine, bl.eCol) {
				d = true
			}
			if fn != nil && before(fa.Line, fa.Column, bl.sLine, bl.sCol) && before(bl.eLine, bl.eCol, fb.Line, fb.Column) {
				f = true
			}
		}
		if d {
			direct = append(direct, t)
		}
		if f {
			inFunc = append(inFunc, t)
		}
	}
	if fn == nil {
		// package-level code runs at start: every test
		for t := range cov {
			inFunc = append(inFunc, t)
		}
	}
	if len(direct) > 0 {
		sort.Strings(direct)
		return direct
	}
	sort.Strings(inFunc)
	return inFunc
}

// took is each test's time without a mutant (with coverage on).
var took map[string]time.Duration

// limitFor is how long a run of these tests may take before the mutant
// counts as TIMED OUT (an endless loop): ten times their time without a
// mutant (with coverage on, so slower than the schema's) and ten seconds,
// at most -timeout. A mutated loop that never ends would otherwise cost
// half a minute each.
func limitFor(tests []string) time.Duration {
	var d time.Duration
	for _, t := range tests {
		d += took[t]
	}
	return min(10*d+10*time.Second, *timeoutF)
}

// runMutant runs the schema binaries with mutant id on, with these tests
// (nil: all of them), each package's until one fails.
func runMutant(id int, tests []string, timeout time.Duration) string {
	for _, p := range testPkgs {
		var names []string
		for _, t := range tests {
			if q, name := splitKey(t); q == p {
				names = append(names, name)
			}
		}
		if tests != nil && names == nil {
			continue
		}
		if st := runMutantIn(p, id, names, timeout); st != "LIVED" {
			return st
		}
	}
	return "LIVED"
}

// runMutantIn runs one package's schema binary with mutant id on (tests
// nil: all of them).
func runMutantIn(p *testPkg, id int, tests []string, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := []string{"-test.count=1", "-test.failfast", "-test.timeout=" + (timeout + time.Minute).String()}
	if tests != nil {
		args = append(args, "-test.run", "^("+strings.Join(tests, "|")+")$")
	}
	cmd := exec.CommandContext(ctx, p.mutBin, args...)
	cmd.Dir = p.mutDir
	cmd.Env = append(os.Environ(), "REPOX_MUTANT="+strconv.Itoa(id))
	cmd.WaitDelay = 5 * time.Second
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return "TIMED OUT"
	case err == nil:
		return "LIVED"
	}
	if id == 0 {
		fmt.Fprintln(os.Stderr, lastLines(b.Bytes()))
	}
	return "KILLED"
}

func parallel[T any](items []T, n int, f func(T)) {
	ch := make(chan T)
	var wg sync.WaitGroup
	for range max(n, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range ch {
				f(it)
			}
		}()
	}
	for _, it := range items {
		ch <- it
	}
	close(ch)
	wg.Wait()
}

func copyModule(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".ci") && rel != "." {
			return filepath.SkipDir
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}

func run(dir, name string, args ...string) string {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		fatal(fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String()))
	}
	return string(b)
}

func check(err error) {
	if err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mutants:", err)
	os.Exit(2)
}
