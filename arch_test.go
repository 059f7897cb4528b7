package main

// The import rules of ARCHITECTURE.md, checked on the code as it is: a
// package that imports what its row does not allow, a new package that no
// row names, or I/O in ui fails here.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const modulePath = "github.com/repoxhq/repox"

// importTable is ARCHITECTURE.md's table of packages, read from the file
// itself so the page and the rule cannot drift apart: for each package of
// this module (its path under the module, "main" for the module root), the
// packages of this module it may import. A row's first name in backticks
// is its package (a trailing "/" dropped); the names in backticks of its
// last column are what it may import, the word "nothing" none.
func importTable(t testing.TB) map[string][]string {
	t.Helper()
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	table, err := parseImportTable(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// parseImportTable reads the table under "## Packages and what each may
// import".
func parseImportTable(doc string) (map[string][]string, error) {
	_, rest, ok := strings.Cut(doc, "## Packages and what each may import")
	if !ok {
		return nil, fmt.Errorf("ARCHITECTURE.md has no section \"Packages and what each may import\"")
	}
	table := map[string][]string{}
	inTable := false
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) < 3 || strings.HasPrefix(cells[0], "---") || cells[0] == "package" {
			continue
		}
		names := backticked(cells[0])
		if len(names) == 0 {
			return nil, fmt.Errorf("a row names no package: %s", line)
		}
		pkg := strings.TrimSuffix(names[0], "/")
		if _, dup := table[pkg]; dup {
			return nil, fmt.Errorf("two rows for %s", pkg)
		}
		last := cells[len(cells)-1]
		allowed := []string{}
		for _, n := range backticked(last) {
			allowed = append(allowed, strings.TrimSuffix(n, "/"))
		}
		if len(allowed) == 0 && strings.TrimSpace(last) != "nothing" {
			return nil, fmt.Errorf("the row of %s says neither packages in backticks nor nothing: %q", pkg, last)
		}
		table[pkg] = allowed
	}
	if len(table) == 0 {
		return nil, fmt.Errorf("ARCHITECTURE.md's import table has no rows")
	}
	return table, nil
}

// backticked are the names in backticks in s.
func backticked(s string) []string {
	var out []string
	for {
		_, after, ok := strings.Cut(s, "`")
		if !ok {
			return out
		}
		name, rest, ok := strings.Cut(after, "`")
		if !ok {
			return out
		}
		out = append(out, name)
		s = rest
	}
}

// uiForbidden are the imports that would let ui do I/O: files, processes,
// the network, the terminal, logging. ui turns plain structs into strings;
// everything else happens in model's commands.
var uiForbidden = []string{
	"os", "os/exec", "os/signal", "os/user", "io/fs", "io/ioutil", "path/filepath",
	"net", "net/http", "syscall", "golang.org/x/sys/unix", "plugin", "log", "log/slog",
	"github.com/charmbracelet/x/term",
	// compat queries the terminal's background in its init.
	"charm.land/lipgloss/v2/compat",
}

// testOnly are the packages of this module that only tests may import: the
// fixture builders (the core's, and the TUI's on top of them). One of them
// may import another.
var testOnly = []string{modulePath + "/repoops/repotest", modulePath + "/model/panetest", modulePath + "/replay/replaytest"}

// listedPackage is the part of `go list -json` the checks read.
type listedPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Export     string
}

func goList(t *testing.T, args ...string) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-json"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, stderr.String())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// rel is a package of this module as the table names it: its path under
// the module, "main" for the module root.
func rel(importPath string) (string, bool) {
	if importPath == modulePath {
		return "main", true
	}
	return strings.CutPrefix(importPath, modulePath+"/")
}

// paneImports are the packages of model/ a pane package (model/find,
// model/console, ...) may import: the contract and the results-list base.
// model/results may import the contract; the contract, none. No package
// under model/ imports the root model or another pane (ARCHITECTURE.md,
// "The pane contract").
var paneImports = map[string][]string{
	"model/pane":    {},
	"model/results": {"model/pane"},
	"":              {"model/pane", "model/results"}, // every other model/X
}

// paneViolations checks the imports of the packages under model/.
func paneViolations(p listedPackage) []string {
	rel, ok := strings.CutPrefix(p.ImportPath, modulePath+"/")
	if !ok || !strings.HasPrefix(rel, "model/") {
		return nil
	}
	allowed, known := paneImports[rel]
	if !known {
		allowed = paneImports[""]
	}
	var bad []string
	for _, imp := range p.Imports {
		r, ok := strings.CutPrefix(imp, modulePath+"/")
		if !ok || (r != "model" && !strings.HasPrefix(r, "model/")) || slices.Contains(allowed, r) {
			continue
		}
		bad = append(bad, fmt.Sprintf("%s imports %s: a package under model/ may import only %v of model (no root model, no other pane)", p.ImportPath, imp, allowed))
	}
	return bad
}

// importViolations checks packages against the table (keyed on full
// package paths: a sub-package importing a sibling its row does not list
// fails) and the ui list.
func importViolations(pkgs []listedPackage, table map[string][]string) []string {
	var bad []string
	for _, p := range pkgs {
		bad = append(bad, paneViolations(p)...)
		name, _ := rel(p.ImportPath)
		allowed, known := table[name]
		if !known {
			bad = append(bad, fmt.Sprintf("%s: package %q has no row in ARCHITECTURE.md's import table (add one)", p.ImportPath, name))
			continue
		}
		for _, imp := range p.Imports {
			if slices.Contains(testOnly, p.ImportPath) && slices.Contains(testOnly, imp) {
				continue
			}
			if imp == modulePath {
				bad = append(bad, fmt.Sprintf("%s imports main: nothing may", p.ImportPath))
				continue
			}
			for _, f := range testOnly {
				if imp == f {
					bad = append(bad, fmt.Sprintf("%s imports %s: only _test.go files may (it builds test fixtures)", p.ImportPath, imp))
				}
			}
			if name == "ui" {
				for _, f := range uiForbidden {
					if imp == f {
						bad = append(bad, fmt.Sprintf("%s imports %s: ui does no I/O (render plain structs; do the work in a model command)", p.ImportPath, imp))
					}
				}
			}
			impName, ours := rel(imp)
			if !ours || slices.Contains(testOnly, imp) {
				continue
			}
			if name != "repoops" && !strings.HasPrefix(name, "repoops/") && strings.HasPrefix(impName, "repoops/") {
				bad = append(bad, fmt.Sprintf("%s imports %s: the rooms under repoops/ (rootfs, gitexec, gitignore, words) are the core's doors, and only repoops/... may import them — use package repoops", p.ImportPath, imp))
				continue
			}
			if !slices.Contains(allowed, impName) {
				bad = append(bad, fmt.Sprintf("%s imports %s: %s may import only %v of this module", p.ImportPath, imp, name, allowed))
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func TestImportRules(t *testing.T) {
	pkgs := goList(t, "./...")
	if len(pkgs) < 4 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	table := importTable(t)
	for _, v := range importViolations(pkgs, table) {
		t.Error(v)
	}
	// every row names a package that is there
	have := map[string]bool{}
	for _, p := range pkgs {
		name, _ := rel(p.ImportPath)
		have[name] = true
	}
	for name, allowed := range table {
		if !have[name] {
			t.Errorf("ARCHITECTURE.md's import table has a row for %s, which is no package of the module", name)
		}
		for _, a := range allowed {
			if !have[a] {
				t.Errorf("ARCHITECTURE.md's row for %s allows %s, which is no package of the module", name, a)
			}
		}
	}
}

// TestImportRulesCatchViolations shows the check failing on each rule,
// with ARCHITECTURE.md's table.
func TestImportRulesCatchViolations(t *testing.T) {
	table := importTable(t)
	m := modulePath
	for _, c := range []struct {
		pkg  listedPackage
		want string
	}{
		{listedPackage{ImportPath: m + "/repoops", Imports: []string{m + "/model"}}, "repoops may import only"},
		{listedPackage{ImportPath: m + "/repoops/rootfs", Imports: []string{m + "/ui"}}, "repoops/rootfs may import only"},
		// keyed on full paths: a sub-package may not import a sibling its row does not list
		{listedPackage{ImportPath: m + "/repoops/gitignore", Imports: []string{m + "/repoops/gitexec"}}, "repoops/gitignore may import only []"},
		{listedPackage{ImportPath: m + "/model/tour", Imports: []string{m + "/replay"}}, "model/tour may import only"},
		{listedPackage{ImportPath: m + "/replay/transcript", Imports: []string{m + "/replay"}}, "replay/transcript may import only"},
		{listedPackage{ImportPath: m + "/replay", Imports: []string{m + "/replay/report"}}, "replay may import only"},
		{listedPackage{ImportPath: m + "/replay", Imports: []string{m + "/replay/discover"}}, "replay may import only"},
		{listedPackage{ImportPath: m + "/replay/discover", Imports: []string{m + "/replay"}}, "replay/discover may import only"},
		{listedPackage{ImportPath: m + "/replay/review", Imports: []string{m + "/replay/report"}}, "replay/review may import only"},
		{listedPackage{ImportPath: m + "/replay/review", Imports: []string{m + "/model"}}, "replay/review may import only"},
		{listedPackage{ImportPath: m + "/model/pane", Imports: []string{m + "/replay"}}, "model/pane may import only"},
		{listedPackage{ImportPath: m + "/mcpserver", Imports: []string{m + "/replay"}}, "mcpserver may import only"},
		{listedPackage{ImportPath: m + "/replay", Imports: []string{m + "/model"}}, "replay may import only"},
		{listedPackage{ImportPath: m + "/ui", Imports: []string{"os"}}, "ui does no I/O"},
		{listedPackage{ImportPath: m + "/ui", Imports: []string{m + "/keymap"}}, "ui may import only"},
		{listedPackage{ImportPath: m + "/model", Imports: []string{m}}, "imports main"},
		{listedPackage{ImportPath: m + "/sessions", Imports: nil}, "no row"},
		{listedPackage{ImportPath: m + "/repoops", Imports: []string{m + "/repoops/repotest"}}, "only _test.go files may"},
		{listedPackage{ImportPath: m + "/model", Imports: []string{m + "/repoops/repotest"}}, "only _test.go files may"},
		{listedPackage{ImportPath: m + "/model/tree", Imports: []string{m + "/model/panetest"}}, "only _test.go files may"},
		{listedPackage{ImportPath: m + "/model", Imports: []string{m + "/repoops/rootfs"}}, "only repoops/... may import them"},
		{listedPackage{ImportPath: m + "/ui", Imports: []string{m + "/repoops/words"}}, "only repoops/... may import them"},
		{listedPackage{ImportPath: m + "/mcpserver", Imports: []string{m + "/repoops/gitexec"}}, "only repoops/... may import them"},
		{listedPackage{ImportPath: m + "/model/find", Imports: []string{m + "/model"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/find", Imports: []string{m + "/model/console"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/results", Imports: []string{m + "/model/find"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/pane", Imports: []string{m + "/model/results"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/preview", Imports: []string{m + "/model/console"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/sessions", Imports: []string{m + "/model"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/tree", Imports: []string{m + "/model/sessions"}}, "no root model, no other pane"},
		{listedPackage{ImportPath: m + "/model/viewer", Imports: []string{m + "/model/tree"}}, "no root model, no other pane"},
	} {
		got := strings.Join(importViolations([]listedPackage{c.pkg}, table), "\n")
		if !strings.Contains(got, c.want) {
			t.Errorf("%s importing %v: got %q, want a violation %q", c.pkg.ImportPath, c.pkg.Imports, got, c.want)
		}
	}
	ok := listedPackage{ImportPath: m + "/repoops", Imports: []string{m + "/repoops/rootfs", "os"}}
	room := listedPackage{ImportPath: m + "/repoops/gitexec", Imports: []string{m + "/repoops/rootfs", m + "/repoops/words"}}
	find := listedPackage{ImportPath: m + "/model/find", Imports: []string{m + "/model/pane", m + "/model/results", m + "/keymap"}}
	root := listedPackage{ImportPath: m + "/model", Imports: []string{m + "/model/find", m + "/model/pane"}}
	report := listedPackage{ImportPath: m + "/replay/report", Imports: []string{m + "/replay", m + "/replay/transcript", m + "/repoops"}}
	review := listedPackage{ImportPath: m + "/replay/review", Imports: []string{m + "/replay", m + "/replay/transcript", m + "/repoops", "html/template"}}
	if v := importViolations([]listedPackage{ok, room, find, root, report, review}, table); len(v) > 0 {
		t.Errorf("a lawful package was refused: %v", v)
	}
}

// The table is read from ARCHITECTURE.md's own rows: a row's package, its
// last column's names, "nothing"; prose without names is refused.
func TestImportTableParsing(t *testing.T) {
	doc := "# x\n\n## Packages and what each may import\n\n| package | what it is | may import |\n|---|---|---|\n" +
		"| `main` (`main.go`) | runs `cli.Execute` | `cli` |\n| `cli/` | the command line | `model`, `replay/report` |\n| `keymap/` | keys | nothing |\n\nOnly `x`.\n"
	got, err := parseImportTable(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"main": {"cli"}, "cli": {"model", "replay/report"}, "keymap": {}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := parseImportTable(strings.Replace(doc, "| nothing |", "| the standard library |", 1)); err == nil {
		t.Error("a row that names no package and says not nothing was taken")
	}
}

// uiTextHelperFiles are the files of repoops whose functions ui may call:
// pure text helpers (shared wording, the visible-controls rule), nothing
// that reaches a repository or a session.
var uiTextHelperFiles = map[string]bool{"textfmt.go": true, "visible.go": true}

// repoopsUseViolations type-checks ui (plus extra source, for the test of
// the check) and lists every use of repoops that is not a type, a constant,
// a struct field or a function of uiTextHelperFiles: ui may know the core's
// types and words, never call into a repository or a session.
func repoopsUseViolations(t *testing.T, extra map[string]string) []string {
	t.Helper()
	fset, _, info := typeCheck(t, "./ui", extra)
	var bad []string
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || obj.Pkg().Path() != modulePath+"/repoops" {
			continue
		}
		switch o := obj.(type) {
		case *types.TypeName, *types.Const:
			continue
		case *types.Var:
			if o.IsField() {
				continue
			}
		case *types.Func:
			sig := o.Type().(*types.Signature)
			if sig.Recv() == nil && uiTextHelperFiles[filepath.Base(fset.Position(o.Pos()).Filename)] {
				continue
			}
		}
		bad = append(bad, fmt.Sprintf("%s: ui uses repoops.%s, which is neither a type, a constant nor a text helper (repoops/textfmt.go, repoops/visible.go)", fset.Position(id.Pos()), obj.Name()))
	}
	sort.Strings(bad)
	return bad
}

func TestUIUsesRepoopsTypesOnly(t *testing.T) {
	for _, v := range repoopsUseViolations(t, nil) {
		t.Error(v)
	}
}

func TestUIUsesRepoopsTypesOnlyCatchesCalls(t *testing.T) {
	src := `package ui

import "github.com/repoxhq/repox/repoops"

func bad(r *repoops.Repo, s *repoops.Session) {
	_, _ = repoops.Open(".")
	_ = s.GateCheck("x")
	_ = repoops.Commas(1) // allowed: a text helper
}
`
	got := strings.Join(repoopsUseViolations(t, map[string]string{"violation.go": src}), "\n")
	for _, want := range []string{"repoops.Open", "repoops.GateCheck"} {
		if !strings.Contains(got, want) {
			t.Errorf("no violation for %s in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Commas") || strings.Contains(got, "repoops.Repo") {
		t.Errorf("a lawful use was refused:\n%s", got)
	}
}

// typeCheck type-checks the package in dir, with extra source files (for a
// check's own test), against the export data of its dependencies.
func typeCheck(t *testing.T, dir string, extra map[string]string) (*token.FileSet, []*ast.File, *types.Info) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	exports := map[string]string{}
	var pkg listedPackage
	for _, p := range goList(t, "-export", "-deps", dir) {
		exports[p.ImportPath] = p.Export
		if p.Dir != "" && filepath.Clean(p.Dir) == abs {
			pkg = p
		}
	}
	if pkg.ImportPath == "" {
		t.Fatalf("go list found no package in %s", dir)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	for name, src := range extra {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: imp}).Check(pkg.ImportPath, fset, files, info); err != nil {
		t.Fatal(err)
	}
	return fset, files, info
}

// flagParsingDirs are the folders whose non-test files may import the
// standard flag package: the command line (cobra, where every flag is
// defined once) and the CI tools. A face's work is a library call with
// an options struct; a second FlagSet would be a second definition of a
// flag and a second set of error texts.
var flagParsingDirs = []string{"cli", ".ci"}

// flagViolations lists the non-test Go files under root (every GOOS and
// build tag: each file is parsed, not built) outside flagParsingDirs that
// import "flag".
func flagViolations(root string) ([]string, error) {
	var bad []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			for _, dir := range flagParsingDirs {
				if rel == dir {
					return filepath.SkipDir
				}
			}
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"flag"` {
				bad = append(bad, fmt.Sprintf("%s imports flag: only cli/ parses a command line (define the flag once in cli with cobra and pass the face an options struct)", rel))
			}
		}
		return nil
	})
	sort.Strings(bad)
	return bad, err
}

func TestNoFlagSetOutsideCLI(t *testing.T) {
	bad, err := flagViolations(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range bad {
		t.Error(v)
	}
}

// TestNoFlagSetOutsideCLICatchesImports shows the check firing on a
// package outside cli/ (also with the import renamed, and in a file only
// another GOOS builds), and letting cli/, .ci/ and tests be.
func TestNoFlagSetOutsideCLICatchesImports(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		"replay/args.go":           "package replay\n\nimport \"flag\"\n\nvar _ = flag.NewFlagSet\n",
		"mcpserver/w.go":           "//go:build windows\n\npackage mcpserver\n\nimport f \"flag\"\n\nvar _ = f.Parse\n",
		"main.go":                  "package main\n\nimport (\n\t\"flag\"\n\t\"fmt\"\n)\n\nvar _, _ = flag.Args, fmt.Sprint\n",
		"cli/cli.go":               "package cli\n\nimport \"flag\"\n\nvar _ = flag.Args\n",
		".ci/mutants/main.go":      "package main\n\nimport \"flag\"\n\nvar _ = flag.Args\n",
		"replay/args_test.go":      "package replay\n\nimport \"flag\"\n\nvar _ = flag.Args\n",
		"replay/testdata/x/x.go":   "package x\n\nimport \"flag\"\n\nvar _ = flag.Args\n",
		"repoops/words/words.go":   "package words\n\nimport \"strings\"\n\nvar _ = strings.Cut\n",
		"model/flagged/nothing.go": "package flagged // the word flag in a name is no import\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad, err := flagViolations(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range bad {
		file, _, _ := strings.Cut(v, " ")
		got = append(got, file)
	}
	if want := "main.go mcpserver/w.go replay/args.go"; strings.Join(got, " ") != want {
		t.Errorf("flagged %q, want %q:\n%s", got, want, strings.Join(bad, "\n"))
	}
}
