// Command mutants runs gremlins v0.6.0's mutants of some files of one
// package without a build per mutant: every mutant is compiled into one
// test binary at once (a "mutant schema": each mutated operator or
// statement becomes a switch on a number read from REPOX_MUTANT at start),
// and each mutant is then one run of that binary with the tests whose
// coverage reaches its line. A mutant that lives through those tests is
// run once more against every test, so the selection never decides a
// score. It writes gremlins' JSON report (-o), which mutationcheck reads.
// Used by .ci/mutation --schema.
//
// The mutants are gremlins': the same AST nodes (assignments, binary and
// unary expressions, branch and inc/dec statements), the same token table
// and the same positions. A mutant that does not compile in gremlins
// (string "-", a continue with no loop) is NOT VIABLE here too; one the
// schema cannot express (a constant expression) is left NOT COVERED,
// which mutationcheck -retest then runs the slow way.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

type mutant struct {
	ID     int    `json:"-"`
	File   string `json:"-"`
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	to     token.Token
	// keep is DROP_FLAG's: 'x' keeps the left operand of an OR of flags
	// (the right flag dropped), 'y' the right one (the left flag dropped).
	keep  byte
	node  ast.Node
	tests []string
}

// site is one mutated node and the mutants on it.
type site struct {
	node    ast.Node
	muts    []*mutant
	simple  bool   // a statement where only a simple statement may stand (for post, if init)
	typ     string // the Go type of the expression (or of the assigned operand)
	xTyp    string // a binary expression's operand types ("" when untyped)
	yTyp    string
	noGo    string // why the schema cannot hold it ("" when it can)
	inner   []*site
	srcFile *srcFile
}

type srcFile struct {
	name  string
	src   []byte
	file  *ast.File
	sites []*site
	qual  types.Qualifier
}

var (
	pkgDir    = flag.String("pkg", "repoops", "the package folder, relative to the module root")
	files     = flag.String("files", "", "the files to mutate (space separated)")
	out       = flag.String("o", "", "write gremlins' JSON report here")
	workers   = flag.Int("workers", 2, "parallel test runs")
	timeoutF  = flag.Duration("timeout", 3*time.Minute, "the longest one mutant's run may take (then TIMED OUT: killed)")
	keep      = flag.Bool("keep", false, "keep the work folder")
	buildOnly = flag.Bool("build-only", false, "build the schema, list the mutants' numbers and stop (with -keep, to run one by hand: REPOX_MUTANT=N)")
	confirm   = flag.Bool("confirm", true, "run a mutant that lives through the tests reaching it once more against every test (off: faster, and a lower bound)")
	testsFlag = flag.String("tests", "", "more packages whose tests judge the mutants (folders, space separated), besides -pkg's own")
	eqPath    = flag.String("equivalents", "", "score the report against this equivalents file (.ci/mutation-equivalent.txt): exit 1 if a survivor is not listed or a file scores under 95 %")
	asFlag    = flag.String("as", "", "the name -pkg goes by in the output and the equivalents file (\"gitexec\": gitexec/contain.go)")
	checkOnly = flag.String("check", "", "only score this earlier report (with -equivalents)")
	partial   = flag.Bool("partial", false, "with -rerun, the earlier report is of a run stopped partway (the mutant lines of its output): mutants it does not have are SKIPPED, neither run nor counted")
	rerun     = flag.String("rerun", "", "an earlier report of the same source: its killed, timed-out and not viable mutants keep their status, only the rest run again (after new tests)")
)

func main() {
	flag.Parse()
	if *checkOnly != "" && *eqPath != "" {
		os.Exit(scoreReport(*checkOnly))
	}
	if *files == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: mutants -pkg repoops -files \"a.go b.go\" -o report.json")
		os.Exit(2)
	}
	module, err := os.Getwd()
	check(err)
	work, err := os.MkdirTemp("", "repox-mutants-")
	check(err)
	if !*keep {
		defer os.RemoveAll(work)
	} else {
		fmt.Fprintln(os.Stderr, "work folder:", work)
	}
	check(os.Chmod(work, 0o755)) // the unprivileged tests' child (nobody) runs the binaries
	plain := filepath.Join(work, "plain")
	mutated := filepath.Join(work, "mutated")
	check(copyModule(module, plain))
	check(copyModule(module, mutated))

	pkgPath := strings.TrimSpace(run(plain, "go", "list", "./"+*pkgDir))
	covRoot = pkgPath
	fset := token.NewFileSet()
	// A file may be in a package under -pkg ("words/words.go"): it is
	// mutated there and killed by -pkg's tests, which link it.
	type mutPkg struct {
		dir, path string
		info      *types.Info
		srcs      map[string]*srcFile
	}
	pkgs := map[string]*mutPkg{}
	var pkgOrder []string
	var all []*mutant
	var targets []*srcFile
	for _, name := range strings.Fields(*files) {
		dir := path.Dir(name)
		mp := pkgs[dir]
		if mp == nil {
			mp = &mutPkg{dir: dir, path: pkgPath}
			if dir != "." {
				mp.path = pkgPath + "/" + dir
			}
			_, mp.info, mp.srcs = typeCheck(fset, plain, mp.path, dir)
			pkgs[dir] = mp
			pkgOrder = append(pkgOrder, dir)
		}
		sf := mp.srcs[name]
		if sf == nil {
			fatal(fmt.Errorf("%s/%s is not a file of its package for this platform", *pkgDir, name))
		}
		collect(fset, sf, mp.info)
		targets = append(targets, sf)
		for _, s := range sf.sites {
			all = append(all, s.muts...)
		}
	}
	coverPkgs := []string{}
	for _, d := range pkgOrder {
		coverPkgs = append(coverPkgs, pkgs[d].path)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].File != all[j].File {
			return all[i].File < all[j].File
		}
		if all[i].Line != all[j].Line {
			return all[i].Line < all[j].Line
		}
		return all[i].Column < all[j].Column
	})
	for i, m := range all {
		m.ID = i + 1
	}
	fmt.Fprintf(os.Stderr, "== %d mutants in %s\n", len(all), *files)

	// The schema: build, and take out of it every site the compiler refuses.
	testDirs := append([]string{*pkgDir}, strings.Fields(*testsFlag)...)
	for i, d := range testDirs {
		testPkgs = append(testPkgs, &testPkg{dir: d,
			mutBin: filepath.Join(work, fmt.Sprintf("mutants-%d.test", i)), mutDir: filepath.Join(mutated, d),
			covBin: filepath.Join(work, fmt.Sprintf("cover-%d.test", i)), plainDir: filepath.Join(plain, d)})
	}
	for round := 0; ; round++ {
		for _, sf := range targets {
			check(os.WriteFile(filepath.Join(mutated, *pkgDir, sf.name), render(sf), 0o644))
		}
		for _, d := range pkgOrder {
			var name string
			for _, sf := range pkgs[d].srcs {
				name = sf.file.Name.Name
				break
			}
			check(os.WriteFile(filepath.Join(mutated, *pkgDir, d, "zz_mutant_schema.go"), []byte("package "+name+"\n\nimport (\n\t\"os\"\n\t\"strconv\"\n)\n\n// mutantActive is the mutant this run has switched on (0: none).\nvar mutantActive, _ = strconv.Atoi(os.Getenv(\"REPOX_MUTANT\"))\n"), 0o644))
		}
		b, err := buildSchemas(mutated)
		if err == nil {
			break
		}
		bad := compileErrors(b)
		taken := 0
		for _, sf := range targets {
			for _, line := range bad[sf.name] {
				for _, s := range sitesOnLine(fset, sf, line) {
					if s.noGo == "" {
						s.noGo = "the compiler refused the schema here"
						taken++
					}
				}
			}
		}
		if taken == 0 || round > 5 {
			fatal(fmt.Errorf("the schema does not build:\n%s", b))
		}
		fmt.Fprintf(os.Stderr, "== schema: %d sites taken out (compile errors), building again\n", taken)
	}

	if *buildOnly {
		for _, m := range all {
			fmt.Printf("%d %s:%d:%d %s %s\n", m.ID, m.File, m.Line, m.Column, m.Type, m.Status)
		}
		fmt.Fprintln(os.Stderr, "schema test binary:", testPkgs[0].mutBin)
		return
	}

	// Which tests reach which blocks.
	fmt.Fprintln(os.Stderr, "== coverage per test")
	for _, p := range testPkgs {
		run(plain, "go", "test", "-c", "-cover", "-coverpkg="+strings.Join(coverPkgs, ","), "-o", p.covBin, "./"+p.dir)
	}
	tests := listTests()
	cov, failing := coverPerTest(work, tests)
	if len(failing) > 0 {
		fatal(fmt.Errorf("these tests fail without a mutant, fix them first: %v", failing))
	}
	// The schema with no mutant switched on must pass every test.
	fmt.Fprintln(os.Stderr, "== the schema with no mutant on")
	if st := runMutant(0, nil, 4**timeoutF); st != "LIVED" {
		fatal(fmt.Errorf("the schema fails its tests with no mutant on (%s): a bug in the schema", st))
	}

	funcs := map[string][]ast.Node{}
	for _, sf := range targets {
		ast.Inspect(sf.file, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs[sf.name] = append(funcs[sf.name], n)
			}
			return true
		})
	}
	var alone []*mutant
	for _, sf := range targets {
		for _, s := range sf.sites {
			for _, m := range s.muts {
				if m.Status != "" {
					continue
				}
				if s.noGo != "" {
					alone = append(alone, m) // built alone after the schema's run
					continue
				}
				m.tests = testsFor(fset, sf, funcs[sf.name], cov, m)
				if len(m.tests) == 0 {
					m.Status = "NOT COVERED" // no test runs its function: nothing can kill it
				}
			}
		}
	}

	if *rerun != "" {
		raw, err := os.ReadFile(*rerun)
		check(err)
		was := earlierStatuses(raw)
		for _, m := range all {
			switch st := was[fmt.Sprintf("%s:%d:%d %s", m.File, m.Line, m.Column, m.Type)]; st {
			case "KILLED", "TIMED OUT", "NOT VIABLE":
				m.Status = st
			case "":
				if *partial {
					m.Status = "SKIPPED" // the earlier run stopped before it
				}
			}
		}
	}

	// Run.
	var todo []*mutant
	for _, m := range all {
		if m.Status == "" {
			todo = append(todo, m)
		}
	}
	fmt.Fprintf(os.Stderr, "== running %d mutants (%d workers)\n", len(todo), *workers)
	var mu sync.Mutex
	done := 0
	parallel(todo, *workers, func(m *mutant) {
		st := runMutant(m.ID, m.tests, limitFor(m.tests))
		if st == "LIVED" && len(m.tests) < len(tests) && *confirm {
			st = runMutant(m.ID, nil, limitFor(tests))
		}
		mu.Lock()
		m.Status = st
		done++
		fmt.Printf("%12s %s at %s:%d:%d\n", st, m.Type, m.File, m.Line, m.Column)
		mu.Unlock()
	})

	// What the schema cannot hold: one build and go test each.
	if len(alone) > 0 {
		fmt.Fprintf(os.Stderr, "== %d mutants the schema cannot hold, built alone\n", len(alone))
		r, err := newRetester(module, *pkgDir, strings.Fields(*testsFlag))
		check(err)
		for _, m := range alone {
			st, err := r.run(m.File, m.Line, m.Column, m.Type)
			check(err)
			m.Status = st
			fmt.Printf("%12s %s at %s:%d:%d (built alone)\n", st, m.Type, m.File, m.Line, m.Column)
		}
		r.close()
	}

	// gremlins' JSON.
	type jfile struct {
		Name      string    `json:"file_name"`
		Mutations []*mutant `json:"mutations"`
	}
	rep := struct {
		Files []jfile `json:"files"`
	}{}
	byFile := map[string]int{}
	for _, m := range all {
		i, ok := byFile[m.File]
		if !ok {
			i = len(rep.Files)
			byFile[m.File] = i
			rep.Files = append(rep.Files, jfile{Name: m.File})
		}
		rep.Files[i].Mutations = append(rep.Files[i].Mutations, m)
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	check(err)
	check(os.WriteFile(*out, b, 0o644))
	if *eqPath != "" {
		os.Exit(scoreReport(*out))
	}
}

// buildSchemas builds every test package's schema binary (the first error
// stops it: the compiler's errors name the sites to take out).
func buildSchemas(mutated string) ([]byte, error) {
	for _, p := range testPkgs {
		cmd := exec.Command("go", "test", "-c", "-o", p.mutBin, "./"+p.dir)
		cmd.Dir = mutated
		if b, err := cmd.CombinedOutput(); err != nil {
			return b, err
		}
	}
	return nil, nil
}

// mutantLine is one mutant's line of the engine's output.
var mutantLine = regexp.MustCompile(`^\s*(KILLED|LIVED|NOT COVERED|TIMED OUT|NOT VIABLE|SKIPPED) ([A-Z_]+) at (\S+):(\d+):(\d+)`)

// earlierStatuses reads an earlier report (its JSON, or the mutant lines
// of its output when the run stopped before writing one), keyed
// "file:line:col TYPE".
func earlierStatuses(raw []byte) map[string]string {
	was := map[string]string{}
	var prev struct {
		Files []struct {
			Name      string `json:"file_name"`
			Mutations []struct {
				Type, Status string
				Line, Column int
			} `json:"mutations"`
		} `json:"files"`
	}
	if json.Unmarshal(raw, &prev) == nil {
		for _, f := range prev.Files {
			for _, m := range f.Mutations {
				was[fmt.Sprintf("%s:%d:%d %s", filepath.ToSlash(f.Name), m.Line, m.Column, m.Type)] = m.Status
			}
		}
		return was
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if m := mutantLine.FindStringSubmatch(l); m != nil {
			was[fmt.Sprintf("%s:%s:%s %s", m[3], m[4], m[5], m[2])] = m[1]
		}
	}
	if len(was) == 0 {
		fatal(fmt.Errorf("the earlier report is neither JSON nor the engine's output"))
	}
	return was
}
