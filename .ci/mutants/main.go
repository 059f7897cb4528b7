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
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The review's mutators (see .ci/mutation): gremlins' defaults and four more.
var enabled = map[string]bool{
	"ARITHMETIC_BASE": true, "CONDITIONALS_BOUNDARY": true, "CONDITIONALS_NEGATION": true,
	"INCREMENT_DECREMENT": true, "INVERT_NEGATIVES": true, "INVERT_LOOPCTRL": true,
	"INVERT_LOGICAL": true, "REMOVE_SELF_ASSIGNMENTS": true, "INVERT_ASSIGNMENTS": true,
}

// tokenTypes is gremlins v0.6.0's TokenMutantType (internal/engine/mappings.go), in its order.
var tokenTypes = map[token.Token][]string{
	token.ADD: {"ARITHMETIC_BASE"}, token.ADD_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.AND_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"}, token.AND_NOT_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
	token.BREAK: {"INVERT_LOOPCTRL"}, token.CONTINUE: {"INVERT_LOOPCTRL"}, token.DEC: {"INCREMENT_DECREMENT"},
	token.EQL: {"CONDITIONALS_NEGATION"}, token.GEQ: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"},
	token.GTR: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"}, token.INC: {"INCREMENT_DECREMENT"},
	token.LAND: {"INVERT_LOGICAL"}, token.LEQ: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"},
	token.LOR: {"INVERT_LOGICAL"}, token.LSS: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"},
	token.MUL: {"ARITHMETIC_BASE"}, token.MUL_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.NEQ: {"CONDITIONALS_NEGATION"}, token.OR_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
	token.QUO: {"ARITHMETIC_BASE"}, token.QUO_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.REM: {"ARITHMETIC_BASE"}, token.REM_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.SHL_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"}, token.SHR_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
	token.SUB: {"INVERT_NEGATIVES", "ARITHMETIC_BASE"}, token.SUB_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.XOR_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
}

// mutations is gremlins v0.6.0's tokenMutations for the enabled types.
var mutations = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE":       {token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL, token.SUB: token.ADD},
	"CONDITIONALS_BOUNDARY": {token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ},
	"CONDITIONALS_NEGATION": {token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL},
	"INCREMENT_DECREMENT":   {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_ASSIGNMENTS":    {token.ADD_ASSIGN: token.SUB_ASSIGN, token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN, token.REM_ASSIGN: token.REM_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN},
	"INVERT_LOGICAL":        {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_LOOPCTRL":       {token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK},
	"INVERT_NEGATIVES":      {token.SUB: token.ADD},
	"REMOVE_SELF_ASSIGNMENTS": {token.ADD_ASSIGN: token.ASSIGN, token.AND_ASSIGN: token.ASSIGN, token.AND_NOT_ASSIGN: token.ASSIGN, token.MUL_ASSIGN: token.ASSIGN, token.OR_ASSIGN: token.ASSIGN,
		token.QUO_ASSIGN: token.ASSIGN, token.REM_ASSIGN: token.ASSIGN, token.SHL_ASSIGN: token.ASSIGN, token.SHR_ASSIGN: token.ASSIGN, token.SUB_ASSIGN: token.ASSIGN, token.XOR_ASSIGN: token.ASSIGN},
}

// assignOp is the binary operator of an op-assignment.
var assignOp = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL, token.QUO_ASSIGN: token.QUO,
	token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND, token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR,
	token.SHL_ASSIGN: token.SHL, token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

type mutant struct {
	ID     int    `json:"-"`
	File   string `json:"-"`
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	to     token.Token
	node   ast.Node
	tests  []string
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
	rerun     = flag.String("rerun", "", "an earlier report of the same source: its killed, timed-out and not viable mutants keep their status, only the rest run again (after new tests)")
)

func main() {
	flag.Parse()
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
	mutBin := filepath.Join(work, "mutants.test")
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
		cmd := exec.Command("go", "test", "-c", "-o", mutBin, "./"+*pkgDir)
		cmd.Dir = mutated
		b, err := cmd.CombinedOutput()
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
		fmt.Fprintln(os.Stderr, "schema test binary:", mutBin)
		return
	}

	// Which tests reach which blocks.
	fmt.Fprintln(os.Stderr, "== coverage per test")
	covBin := filepath.Join(work, "cover.test")
	run(plain, "go", "test", "-c", "-cover", "-coverpkg="+strings.Join(coverPkgs, ","), "-o", covBin, "./"+*pkgDir)
	tests := listTests(covBin, filepath.Join(plain, *pkgDir))
	cov, failing := coverPerTest(covBin, filepath.Join(plain, *pkgDir), work, tests)
	if len(failing) > 0 {
		fatal(fmt.Errorf("these tests fail without a mutant, fix them first: %v", failing))
	}
	// The schema with no mutant switched on must pass every test.
	fmt.Fprintln(os.Stderr, "== the schema with no mutant on")
	if st := runMutant(mutBin, filepath.Join(mutated, *pkgDir), 0, nil, 4**timeoutF); st != "LIVED" {
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
	for _, sf := range targets {
		for _, s := range sf.sites {
			for _, m := range s.muts {
				if m.Status != "" {
					continue
				}
				if s.noGo != "" {
					m.Status = "NOT COVERED" // mutationcheck -retest builds it alone
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
		var prev struct {
			Files []struct {
				Name      string `json:"file_name"`
				Mutations []struct {
					Type, Status string
					Line, Column int
				} `json:"mutations"`
			} `json:"files"`
		}
		check(json.Unmarshal(raw, &prev))
		was := map[string]string{}
		for _, f := range prev.Files {
			for _, m := range f.Mutations {
				was[fmt.Sprintf("%s:%d:%d %s", filepath.ToSlash(f.Name), m.Line, m.Column, m.Type)] = m.Status
			}
		}
		for _, m := range all {
			switch st := was[fmt.Sprintf("%s:%d:%d %s", m.File, m.Line, m.Column, m.Type)]; st {
			case "KILLED", "TIMED OUT", "NOT VIABLE":
				m.Status = st
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
		st := runMutant(mutBin, filepath.Join(mutated, *pkgDir), m.ID, m.tests, limitFor(m.tests))
		if st == "LIVED" && len(m.tests) < len(tests) && *confirm {
			st = runMutant(mutBin, filepath.Join(mutated, *pkgDir), m.ID, nil, limitFor(tests))
		}
		mu.Lock()
		m.Status = st
		done++
		fmt.Printf("%12s %s at %s:%d:%d\n", st, m.Type, m.File, m.Line, m.Column)
		mu.Unlock()
	})

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
}

// typeCheck parses and type-checks the package's files for this platform.
func typeCheck(fset *token.FileSet, module, pkgPath, rel string) (*types.Package, *types.Info, map[string]*srcFile) {
	var lp struct {
		Dir     string
		GoFiles []string
	}
	check(json.Unmarshal([]byte(run(module, "go", "list", "-json", pkgPath)), &lp))
	exports := map[string]string{}
	for _, l := range strings.Split(run(module, "go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", pkgPath), "\n") {
		if p, e, ok := strings.Cut(l, "\t"); ok && e != "" {
			exports[p] = e
		}
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		e, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(e)
	})
	srcs := map[string]*srcFile{}
	var asts []*ast.File
	for _, name := range lp.GoFiles {
		src, err := os.ReadFile(filepath.Join(lp.Dir, name))
		check(err)
		name = path.Join(rel, name)
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		check(err)
		srcs[name] = &srcFile{name: name, src: src, file: f}
		asts = append(asts, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(pkgPath, fset, asts, info)
	check(err)
	for _, sf := range srcs {
		names := map[string]string{}
		for _, is := range sf.file.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if is.Name != nil {
				names[p] = is.Name.Name
			} else {
				names[p] = "\x00" // the package's own name
			}
		}
		sf.qual = func(p *types.Package) string {
			if p == pkg {
				return ""
			}
			n, ok := names[p.Path()]
			if !ok {
				return "\x00missing"
			}
			if n == "\x00" {
				return p.Name()
			}
			return n
		}
	}
	return pkg, info, srcs
}

// collect finds gremlins' mutants in one file and what the schema needs
// to hold each node.
func collect(fset *token.FileSet, sf *srcFile, info *types.Info) {
	var stack []ast.Node
	ast.Inspect(sf.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		var tok token.Token
		var pos token.Pos
		switch n := n.(type) {
		case *ast.AssignStmt:
			tok, pos = n.Tok, n.TokPos
		case *ast.BinaryExpr:
			tok, pos = n.Op, n.OpPos
		case *ast.BranchStmt:
			tok, pos = n.Tok, n.TokPos
		case *ast.IncDecStmt:
			tok, pos = n.Tok, n.TokPos
		case *ast.UnaryExpr:
			tok, pos = n.Op, n.OpPos
		default:
			return true
		}
		s := &site{node: n, srcFile: sf}
		at := fset.Position(pos)
		for _, typ := range tokenTypes[tok] {
			if !enabled[typ] {
				continue
			}
			to, ok := mutations[typ][tok]
			if !ok {
				continue
			}
			s.muts = append(s.muts, &mutant{File: sf.name, Type: typ, Line: at.Line, Column: at.Column, to: to, node: n})
		}
		if len(s.muts) == 0 {
			return true
		}
		describe(s, parent, stack, info, sf)
		sf.sites = append(sf.sites, s)
		return true
	})
	// nest the sites by containment, for rendering
	sort.SliceStable(sf.sites, func(i, j int) bool { return sf.sites[i].node.Pos() < sf.sites[j].node.Pos() })
}

func describe(s *site, parent ast.Node, stack []ast.Node, info *types.Info, sf *srcFile) {
	inConst := false
	for _, a := range stack {
		if g, ok := a.(*ast.GenDecl); ok && g.Tok == token.CONST {
			inConst = true
		}
		if at, ok := a.(*ast.ArrayType); ok && at.Len != nil && contains(at.Len, s.node) {
			inConst = true
		}
	}
	typeOf := func(e ast.Expr) string {
		tv, ok := info.Types[e]
		if !ok || tv.Type == nil {
			return ""
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			if b.Kind() == types.UntypedBool {
				return "bool"
			}
			return ""
		}
		t := types.TypeString(tv.Type, sf.qual)
		if strings.Contains(t, "\x00") {
			return ""
		}
		return t
	}
	isString := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		if !ok || tv.Type == nil {
			return false
		}
		b, ok := tv.Type.Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0
	}
	switch n := s.node.(type) {
	case *ast.BinaryExpr:
		s.typ = typeOf(n)
		if tv := info.Types[n.X]; tv.Value == nil {
			s.xTyp = typeOf(n.X)
		}
		if tv := info.Types[n.Y]; tv.Value == nil {
			s.yTyp = typeOf(n.Y)
		}
		if inConst || s.typ == "" {
			s.noGo = "a constant expression"
		}
		if tv := info.Types[n]; tv.Value != nil && s.noGo == "" {
			// a typed constant outside a const declaration: fine in a closure
		}
		if isString(n.X) {
			for _, m := range s.muts {
				if m.to == token.SUB {
					m.Status = "NOT VIABLE"
				}
			}
		}
	case *ast.UnaryExpr:
		s.typ = typeOf(n)
		if inConst || s.typ == "" {
			s.noGo = "a constant expression"
		}
	case *ast.IncDecStmt:
		s.simple = isSimpleSlot(parent, n)
		s.typ = typeOf(n.X)
		if s.simple && s.typ == "" {
			s.noGo = "no type for the operand"
		}
	case *ast.AssignStmt:
		s.simple = isSimpleSlot(parent, n)
		if len(n.Lhs) != 1 {
			s.noGo = "not one operand"
			break
		}
		s.typ = typeOf(n.Lhs[0])
		if s.simple && s.typ == "" {
			s.noGo = "no type for the operand"
		}
		if isString(n.Lhs[0]) {
			for _, m := range s.muts {
				if m.to == token.SUB_ASSIGN {
					m.Status = "NOT VIABLE"
				}
			}
		}
	case *ast.BranchStmt:
		if n.Tok == token.BREAK {
			// continue needs a loop to continue
			if !continuable(stack, n) {
				for _, m := range s.muts {
					m.Status = "NOT VIABLE"
				}
			}
		}
	}
}

func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// isSimpleSlot: the statement stands where Go takes only a simple
// statement (a for loop's init or post, an if's or switch's init).
func isSimpleSlot(parent, n ast.Node) bool {
	switch p := parent.(type) {
	case *ast.ForStmt:
		return p.Init == n || p.Post == n
	case *ast.IfStmt:
		return p.Init == n
	case *ast.SwitchStmt:
		return p.Init == n
	case *ast.TypeSwitchStmt:
		return p.Init == n
	}
	return false
}

// continuable: a continue at n (in place of its break) would compile.
func continuable(stack []ast.Node, n *ast.BranchStmt) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch s := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.LabeledStmt:
			if n.Label != nil && s.Label.Name == n.Label.Name {
				switch s.Stmt.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					return true
				}
				return false
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Label == nil {
				return true
			}
		}
	}
	return false
}

// render writes the file with every site that the schema holds replaced
// by a switch on mutantActive. No line breaks are added, so every line
// keeps its number (compile errors point at the original lines).
func render(sf *srcFile) []byte {
	// nest
	var roots []*site
	var open []*site
	for _, s := range sf.sites {
		s.inner = nil
	}
	for _, s := range sf.sites {
		if s.noGo != "" {
			continue
		}
		for len(open) > 0 && !contains(open[len(open)-1].node, s.node) {
			open = open[:len(open)-1]
		}
		if len(open) > 0 {
			open[len(open)-1].inner = append(open[len(open)-1].inner, s)
		} else {
			roots = append(roots, s)
		}
		open = append(open, s)
	}
	var b bytes.Buffer
	base := sf.file.FileStart
	pos := 0
	for _, s := range roots {
		from := int(s.node.Pos() - base)
		b.Write(sf.src[pos:from])
		b.WriteString(renderSite(sf, s))
		pos = int(s.node.End() - base)
	}
	b.Write(sf.src[pos:])
	return b.Bytes()
}

// text renders src[from:to) with the sites inside it replaced.
func text(sf *srcFile, from, to token.Pos, inner []*site) string {
	base := sf.file.FileStart
	var b strings.Builder
	pos := from
	for _, s := range inner {
		if s.node.Pos() < from || s.node.End() > to {
			continue
		}
		b.Write(sf.src[pos-base : s.node.Pos()-base])
		b.WriteString(renderSite(sf, s))
		pos = s.node.End()
	}
	b.Write(sf.src[pos-base : to-base])
	return b.String()
}

func live(s *site) []*mutant {
	var ms []*mutant
	for _, m := range s.muts {
		if m.Status != "NOT VIABLE" {
			ms = append(ms, m)
		}
	}
	return ms
}

func renderSite(sf *srcFile, s *site) string {
	ms := live(s)
	switch n := s.node.(type) {
	case *ast.BinaryExpr:
		x := text(sf, n.X.Pos(), n.X.End(), s.inner)
		y := text(sf, n.Y.Pos(), n.Y.End(), s.inner)
		var b strings.Builder
		fmt.Fprintf(&b, "func() %s { ", s.typ)
		// Each operand is evaluated once, into a local, so nested sites do
		// not multiply; an untyped operand (a constant, nil) stays inline.
		// Of && and || only the left one is always evaluated.
		if n.Op == token.LAND || n.Op == token.LOR {
			fmt.Fprintf(&b, "mutX := (%s); ", x)
			x = "mutX"
		} else {
			if s.xTyp != "" {
				fmt.Fprintf(&b, "var mutX %s = (%s); ", s.xTyp, x)
				x = "mutX"
			}
			if s.yTyp != "" {
				fmt.Fprintf(&b, "var mutY %s = (%s); ", s.yTyp, y)
				y = "mutY"
			}
		}
		b.WriteString("switch mutantActive {")
		for _, m := range ms {
			fmt.Fprintf(&b, " case %d: return (%s) %s (%s);", m.ID, x, m.to, y)
		}
		fmt.Fprintf(&b, " }; return (%s) %s (%s) }()", x, n.Op, y)
		return b.String()
	case *ast.UnaryExpr:
		x := text(sf, n.X.Pos(), n.X.End(), s.inner)
		var b strings.Builder
		fmt.Fprintf(&b, "func() %s { switch mutantActive {", s.typ)
		for _, m := range ms {
			fmt.Fprintf(&b, " case %d: return %s(%s);", m.ID, m.to, x)
		}
		fmt.Fprintf(&b, " }; return %s(%s) }()", n.Op, x)
		return b.String()
	case *ast.IncDecStmt:
		x := text(sf, n.X.Pos(), n.X.End(), s.inner)
		if s.simple {
			var b strings.Builder
			fmt.Fprintf(&b, "%s = func() %s { switch mutantActive {", x, s.typ)
			for _, m := range ms {
				fmt.Fprintf(&b, " case %d: return %s %s 1;", m.ID, x, incOp(m.to))
			}
			fmt.Fprintf(&b, " }; return %s %s 1 }()", x, incOp(n.Tok))
			return b.String()
		}
		var b strings.Builder
		b.WriteString("switch mutantActive {")
		for _, m := range ms {
			fmt.Fprintf(&b, " case %d: %s%s;", m.ID, x, m.to)
		}
		fmt.Fprintf(&b, " default: %s%s }", x, n.Tok)
		return b.String()
	case *ast.AssignStmt:
		x := text(sf, n.Lhs[0].Pos(), n.Lhs[0].End(), s.inner)
		y := text(sf, n.Rhs[0].Pos(), n.Rhs[0].End(), s.inner)
		if s.simple {
			var b strings.Builder
			fmt.Fprintf(&b, "%s = func() %s { switch mutantActive {", x, s.typ)
			for _, m := range ms {
				if m.to == token.ASSIGN {
					fmt.Fprintf(&b, " case %d: return (%s);", m.ID, y)
				} else {
					fmt.Fprintf(&b, " case %d: return (%s) %s (%s);", m.ID, x, assignOp[m.to], y)
				}
			}
			fmt.Fprintf(&b, " }; return (%s) %s (%s) }()", x, assignOp[n.Tok], y)
			return b.String()
		}
		var b strings.Builder
		b.WriteString("switch mutantActive {")
		for _, m := range ms {
			fmt.Fprintf(&b, " case %d: %s %s %s;", m.ID, x, m.to, y)
		}
		fmt.Fprintf(&b, " default: %s %s %s }", x, n.Tok, y)
		return b.String()
	case *ast.BranchStmt:
		label := ""
		if n.Label != nil {
			label = " " + n.Label.Name
		}
		if len(ms) == 0 {
			return n.Tok.String() + label
		}
		return fmt.Sprintf("if mutantActive == %d { %s%s } else { %s%s }", ms[0].ID, ms[0].to, label, n.Tok, label)
	}
	panic("unknown site")
}

func incOp(t token.Token) string {
	if t == token.INC {
		return "+"
	}
	return "-"
}

var errLine = regexp.MustCompile(`(?m)^(\S+\.go):(\d+):\d+: `)

// compileErrors: the lines the compiler refused, by file relative to -pkg.
func compileErrors(out []byte) map[string][]int {
	bad := map[string][]int{}
	for _, m := range errLine.FindAllSubmatch(out, -1) {
		n, _ := strconv.Atoi(string(m[2]))
		f := strings.TrimPrefix(strings.TrimPrefix(string(m[1]), "./"), *pkgDir+"/")
		bad[f] = append(bad[f], n)
	}
	return bad
}

// sitesOnLine: the held sites that start on the line, else the innermost
// one that spans it.
func sitesOnLine(fset *token.FileSet, sf *srcFile, line int) []*site {
	var out []*site
	var span *site
	for _, s := range sf.sites {
		if s.noGo != "" {
			continue
		}
		a, b := fset.Position(s.node.Pos()).Line, fset.Position(s.node.End()).Line
		if a == line {
			out = append(out, s)
		}
		if a <= line && line <= b {
			span = s // sorted by start: the last spanning one is the innermost
		}
	}
	if len(out) == 0 && span != nil {
		out = append(out, span)
	}
	if len(out) == 0 {
		// "missing return" at a function's closing brace: a mutated
		// continue became a possible break out of a for loop without a
		// condition, which then no longer ends the function. Its break and
		// continue sites are taken out (mutationcheck builds each alone).
		ast.Inspect(sf.file, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				if fset.Position(n.End()).Line != line {
					return true
				}
				for _, s := range sf.sites {
					if _, ok := s.node.(*ast.BranchStmt); ok && s.noGo == "" && n.Pos() <= s.node.Pos() && s.node.End() <= n.End() {
						out = append(out, s)
					}
				}
			}
			return true
		})
	}
	return out
}

func listTests(bin, dir string) []string {
	var tests []string
	for _, l := range strings.Split(run(dir, bin, "-test.list", "."), "\n") {
		if strings.HasPrefix(l, "Test") || strings.HasPrefix(l, "Fuzz") {
			tests = append(tests, l)
		}
	}
	return tests
}

type block struct {
	file                     string
	sLine, sCol, eLine, eCol int
}

// covRoot is -pkg's import path: cover profiles name files by import path.
var covRoot string

// coverPerTest runs each test alone with a cover profile.
func coverPerTest(bin, dir, work string, tests []string) (map[string][]block, []string) {
	cov := map[string][]block{}
	took = map[string]time.Duration{}
	var failing []string
	var mu sync.Mutex
	parallel(tests, *workers, func(t string) {
		prof := filepath.Join(work, "cov-"+t+".out")
		cmd := exec.Command(bin, "-test.run", "^"+t+"$", "-test.count=1", "-test.coverprofile="+prof)
		cmd.Dir = dir
		start := time.Now()
		b, err := cmd.CombinedOutput()
		raw, rerr := os.ReadFile(prof)
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
// mutant and half a minute, at most -timeout.
func limitFor(tests []string) time.Duration {
	var d time.Duration
	for _, t := range tests {
		d += took[t]
	}
	return min(10*d+30*time.Second, *timeoutF)
}

// runMutant runs the schema binary with mutant id on (tests nil: all of them).
func runMutant(bin, dir string, id int, tests []string, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := []string{"-test.count=1", "-test.failfast", "-test.timeout=" + (timeout + time.Minute).String()}
	if tests != nil {
		args = append(args, "-test.run", "^("+strings.Join(tests, "|")+")$")
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
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
