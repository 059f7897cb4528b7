package main

// The init-cost rule (issue 26): Go runs the init of every linked package
// before main, so work at package level in any package of ours is paid by
// every command — `repox tools` and `repox --version` too. A regexp
// compiled into a package-level variable is the usual way that creeps in;
// such a variable is compiled on first use instead (replay's and
// model/console's lazyRegexp).

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// initFuncs returns the positions of the init functions in f: work that runs
// before main in every command, whether it needs it or not (the tool
// catalogue is built on first use instead: repoops.tools).
func initFuncs(fset *token.FileSet, f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
			out = append(out, fset.Position(fn.Pos()).String())
		}
	}
	return out
}

// regexpCompiles are the calls of package regexp that compile.
var regexpCompiles = []string{"Compile", "MustCompile", "CompilePOSIX", "MustCompilePOSIX"}

// initRegexpCompiles returns "name: regexp.X" for each package-level
// variable of file f whose initialiser compiles a regexp while the package
// initialises: directly, or in a function literal called right there. A
// function literal that is only stored (sync.OnceValue's argument) runs later.
func initRegexpCompiles(f *ast.File) []string {
	local := ""
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == "regexp" {
			local = "regexp"
			if im.Name != nil {
				local = im.Name.Name
			}
		}
	}
	if local == "" || local == "_" {
		return nil
	}
	var out []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, v := range vs.Values {
				name := vs.Names[min(i, len(vs.Names)-1)].Name
				ast.Inspect(v, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.CallExpr:
						if lit, ok := n.Fun.(*ast.FuncLit); ok {
							ast.Inspect(lit.Body, func(m ast.Node) bool {
								if call, ok := m.(*ast.CallExpr); ok && isCompile(call, local) {
									out = append(out, name+": "+local+"."+call.Fun.(*ast.SelectorExpr).Sel.Name)
								}
								_, nested := m.(*ast.FuncLit)
								return !nested
							})
							return false
						}
						if isCompile(n, local) {
							out = append(out, name+": "+local+"."+n.Fun.(*ast.SelectorExpr).Sel.Name)
						}
					case *ast.FuncLit:
						return false // stored, not run at init
					}
					return true
				})
			}
		}
	}
	return out
}

func isCompile(c *ast.CallExpr, local string) bool {
	se, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := se.X.(*ast.Ident)
	return ok && id.Name == local && slices.Contains(regexpCompiles, se.Sel.Name)
}

// TestNoWorkAtInit reads every non-test file (every GOOS variant)
// of every package of this module that the repox binary links.
func TestNoWorkAtInit(t *testing.T) {
	fset := token.NewFileSet()
	checked := 0
	for _, p := range goList(t, "-deps", ".") {
		if p.ImportPath != modulePath && !strings.HasPrefix(p.ImportPath, modulePath+"/") {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(p.Dir, "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			for _, bad := range initRegexpCompiles(f) {
				t.Errorf("%s: package-level %s runs at init, in every command: compile it on first use (sync.OnceValue, as lazyRegexp does)", name, bad)
			}
			for _, at := range initFuncs(fset, f) {
				t.Errorf("%s: an init function runs before main in every command: do its work on first use (sync.Once, as repoops.tools does)", at)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d files read: the package list is wrong", checked)
	}
}

func TestNoWorkAtInitCatchesViolations(t *testing.T) {
	src := `package x
import (
	"sync"
	re "regexp"
)
var a = re.MustCompile("a")
var b, c = 1, re.MustCompilePOSIX("c")
var d = func() *re.Regexp { return re.MustCompile("d") }()
var ok1 = sync.OnceValue(func() *re.Regexp { return re.MustCompile("ok") })
var ok2 = func() *re.Regexp { return re.MustCompile("later") }
func f() { _ = re.MustCompile("in a function") }
func init() {}
type T struct{}
func (T) init() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := initFuncs(fset, f); !slices.Equal(got, []string{"x.go:12:1"}) {
		t.Fatalf("init functions found at %q, want x.go:12:1", got)
	}
	got := initRegexpCompiles(f)
	want := []string{"a: re.MustCompile", "c: re.MustCompilePOSIX", "d: re.MustCompile"}
	if !slices.Equal(got, want) {
		t.Fatalf("found %q, want %q", got, want)
	}
}

// initAllocsMax bounds the heap allocations of every package init linked
// into repox (issue 44): chroma v2's lexer registry parsed ~280 XML
// lexers at init (31k allocations, 6-7 ms of every command's start-up);
// v3 builds it from a generated table (2.2k). A dependency that brings an
// eager init back fails here. Allocation counts, unlike times, are the same
// run to run.
const initAllocsMax = 8000

// TestInitAllocationsStayLow runs this test binary again, doing nothing,
// with GODEBUG=inittrace=1 and adds up what every init allocated; the
// test binary links all that the repox binary links (and the testing
// package).
func TestInitAllocationsStayLow(t *testing.T) {
	if os.Getenv("REPOX_INITTRACE_CHILD") != "" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "REPOX_INITTRACE_CHILD=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the child: %v\n%s", err, stderr.String())
	}
	total, top := 0, map[string]int{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		// init github.com/x/y @3.7 ms, 1.0 ms clock, 297528 bytes, 2216 allocs
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || f[len(f)-1] != "allocs" {
			continue
		}
		n, err := strconv.Atoi(f[len(f)-2])
		if err != nil {
			t.Fatalf("unreadable inittrace line %q", line)
		}
		total += n
		top[f[1]] += n
	}
	if len(top) == 0 {
		t.Fatalf("no inittrace lines in the child's output:\n%s", stderr.String())
	}
	if total > initAllocsMax {
		names := slices.SortedFunc(maps.Keys(top), func(a, b string) int { return top[b] - top[a] })
		for _, n := range names[:min(3, len(names))] {
			t.Logf("%s: %d allocations", n, top[n])
		}
		t.Errorf("package inits allocate %d times in all, over %d: some package does work at init that every command pays for", total, initAllocsMax)
	}
	t.Logf("package inits: %d allocations in %d packages", total, len(top))
}
