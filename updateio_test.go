package main

// Rule 1 of ARCHITECTURE.md, checked: no I/O in a pane's Update. Every
// method named Update in the TUI's packages is walked, with every function
// of those packages it calls, except the bodies of function literals (the
// tea.Cmds, which run off the loop); a call there that reaches the disk,
// git, a process or a transcript fails the test.

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// ioTypes are the core's and replay's types whose methods do I/O (a tool
// call, a read of a transcript, git), but for the accessors in pureMethods,
// which read memory only.
var ioTypes = map[string]bool{
	modulePath + "/repoops.Repo":               true,
	modulePath + "/repoops.Session":            true,
	modulePath + "/replay/transcript.Reader":   true,
	modulePath + "/replay/transcript.Follower": true,
	modulePath + "/replay.Replayer":            true,
	modulePath + "/repoops.LookSession":        true,
}

// pureMethods read fields only (each checked by reading it).
var pureMethods = map[string]bool{
	"repoops.Repo.Dir":        true,
	"repoops.Repo.NewSession": true,
	"repoops.Session.ID":      true,
	"transcript.Reader.Stats": true,
}

// ioPackages are packages any call into which is I/O (but the ones in
// notIO, which read the process's own state or build a value); ioFuncs
// are single functions of packages that are otherwise pure.
var ioPackages = map[string]bool{"os": true, "os/exec": true, "io/ioutil": true, "net": true, "net/http": true, "syscall": true}
var ioFuncs = map[string]bool{
	"path/filepath.Walk": true, "path/filepath.WalkDir": true, "path/filepath.Glob": true,
	"path/filepath.EvalSymlinks": true, "path/filepath.Abs": true, "io/fs.ReadFile": true, "io/fs.ReadDir": true,
	modulePath + "/repoops.Open": true, modulePath + "/replay/discover.Discover": true, modulePath + "/replay/discover.DiscoverAll": true,
	modulePath + "/replay/transcript.OpenTranscript": true, modulePath + "/replay/transcript.ReadAll": true,
}

var notIO = map[string]bool{
	"os.Getenv": true, "os.LookupEnv": true, "os.Getpid": true, "os.Getuid": true,
	"os.UserHomeDir": true, "os.UserConfigDir": true, "os.UserCacheDir": true, // from the environment
	"os/exec.Command": true, // builds a Cmd; tea.ExecProcess runs it
}

// updateIOViolations type-checks the package at dir (plus extra source,
// for the test of the check) and lists the I/O calls Update reaches.
func updateIOViolations(t *testing.T, dir string, extra map[string]string) []string {
	t.Helper()
	fset, files, info := typeCheck(t, dir, extra)
	bodies := map[*types.Func]*ast.FuncDecl{}
	var roots []*types.Func
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			bodies[fn] = fd
			if fd.Recv != nil && fd.Name.Name == "Update" {
				roots = append(roots, fn)
			}
		}
	}
	var bad []string
	seen := map[*types.Func]bool{}
	var walk func(fn *types.Func, via string)
	walk = func(fn *types.Func, via string) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		fd := bodies[fn]
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // a tea.Cmd: it runs off the loop
			case *ast.CallExpr:
				callee := calledFunc(info, n.Fun)
				if callee == nil {
					return true
				}
				if why := ioCall(callee); why != "" {
					bad = append(bad, fmt.Sprintf("%s: %s calls %s (%s) on the update loop; run it in a tea.Cmd", fset.Position(n.Pos()), via, funcName(callee), why))
				} else if _, ok := bodies[callee]; ok {
					walk(callee, via+" → "+funcName(callee))
				}
			}
			return true
		})
	}
	for _, r := range roots {
		walk(r, funcName(r))
	}
	sort.Strings(bad)
	return bad
}

// calledFunc is the function a call expression calls statically, or nil
// (a call through a func value or an interface).
func calledFunc(info *types.Info, fun ast.Expr) *types.Func {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		fn, _ := info.Uses[f].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			if sel.Kind() != types.MethodVal {
				return nil
			}
			fn, _ := sel.Obj().(*types.Func)
			if fn != nil && types.IsInterface(sel.Recv()) {
				return nil
			}
			return fn
		}
		fn, _ := info.Uses[f.Sel].(*types.Func)
		return fn
	case *ast.IndexExpr: // a generic function
		return calledFunc(info, f.X)
	}
	return nil
}

// ioCall says why a call to fn is I/O, or "".
func ioCall(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	path := fn.Pkg().Path()
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil {
		named := namedOf(recv.Type())
		if named == nil {
			return ""
		}
		key := path + "." + named.Obj().Name()
		short := filepath.Base(path) + "." + named.Obj().Name() + "." + fn.Name()
		if ioTypes[key] && !pureMethods[short] {
			return "a method of " + named.Obj().Name() + ", which reaches the disk or git"
		}
		if ioPackages[path] {
			return "I/O of package " + path
		}
		return ""
	}
	switch {
	case notIO[path+"."+fn.Name()]:
		return ""
	case ioPackages[path]:
		return "I/O of package " + path
	case ioFuncs[path+"."+fn.Name()]:
		return "it reaches the disk"
	}
	return ""
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

func funcName(fn *types.Func) string {
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		if n := namedOf(recv.Type()); n != nil {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// TestNoIOInUpdate checks every package of the TUI (model/...), whose
// Update methods run on the loop.
func TestNoIOInUpdate(t *testing.T) {
	pkgs := goList(t, "./model/...")
	if len(pkgs) == 0 {
		t.Fatal("go list ./model/... found no package")
	}
	for _, p := range pkgs {
		for _, v := range updateIOViolations(t, p.Dir, nil) {
			t.Error(v)
		}
	}
}

// The check fires on I/O reached directly and through a helper, and lets a
// tea.Cmd's body and a pure accessor through.
func TestNoIOInUpdateCatchesViolations(t *testing.T) {
	src := `package model

import (
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

type trap struct{ r *repoops.Repo }

func (p *trap) Update(msg tea.Msg) tea.Cmd {
	_ = p.r.Dir()           // an accessor: allowed
	os.ReadFile("x")        // direct
	p.helper(p.r.NewSession()) // through a helper
	return func() tea.Msg { // a command: allowed
		os.ReadFile("y")
		return nil
	}
}

func (p *trap) helper(s *repoops.Session) { _ = s.Call(nil, "repo_tree", nil) }
`
	got := strings.Join(updateIOViolations(t, "./model", map[string]string{"trap_violation.go": src}), "\n")
	for _, want := range []string{"trap.Update calls os.ReadFile", "trap.Update → trap.helper calls Session.Call"} {
		if !strings.Contains(got, want) {
			t.Errorf("no violation %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Dir") || strings.Contains(got, "NewSession") || strings.Count(got, "os.ReadFile") != 1 {
		t.Errorf("a lawful call was refused, or the command's body was walked:\n%s", got)
	}
}
