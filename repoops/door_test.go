package repoops

// The door rule: package repoops reaches the disk only through rootfs and
// starts git only through gitexec. Its own files (every GOOS variant, test
// files aside) import no process or system-call package and call no os
// function that opens, stats, lists, reads, writes, links or removes a
// path, and never hold an os.Root (whose methods would be a second door).

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// doorImports are the packages whose import alone opens a second door.
var doorImports = map[string]string{
	"os/exec":                  "starts processes (git runs through gitexec)",
	"syscall":                  "makes system calls (the disk is rootfs's)",
	"golang.org/x/sys/unix":    "makes system calls (the disk is rootfs's)",
	"golang.org/x/sys/windows": "makes system calls (the disk is rootfs's)",
	"io/ioutil":                "reads and writes paths (the disk is rootfs's)",
}

// doorCalls are, per package, the functions (and os.Root, the type) that
// reach a path directly.
var doorCalls = map[string][]string{
	"os": {
		"Open", "OpenFile", "OpenRoot", "OpenInRoot", "Stat", "Lstat", "ReadFile", "ReadDir",
		"Create", "WriteFile", "Mkdir", "MkdirAll", "Remove", "RemoveAll", "Rename", "Chmod",
		"Chown", "Lchown", "Symlink", "Link", "Readlink", "StartProcess", "Chtimes",
		"CreateTemp", "MkdirTemp", "Truncate", "DirFS", "CopyFS", "Chdir", "NewFile", "Root",
	},
	"path/filepath": {"EvalSymlinks", "Walk", "WalkDir", "Glob"},
}

// doorViolations lists every break of the door rule in the parsed files.
func doorViolations(fset *token.FileSet, files []*ast.File) []string {
	var bad []string
	for _, f := range files {
		name := filepath.Base(fset.Position(f.Pos()).Filename)
		local := map[string]string{} // local name -> import path, for doorCalls' packages
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if why, ok := doorImports[p]; ok {
				bad = append(bad, fmt.Sprintf("%s: imports %s, which %s", fset.Position(imp.Pos()), p, why))
			}
			if _, ok := doorCalls[p]; ok {
				l := p[strings.LastIndexByte(p, '/')+1:]
				if imp.Name != nil {
					l = imp.Name.Name
				}
				local[l] = p
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			p, ok := local[id.Name]
			if !ok {
				return true
			}
			for _, fn := range doorCalls[p] {
				if sel.Sel.Name == fn || (fn == "Mkdir" || fn == "Remove") && strings.HasPrefix(sel.Sel.Name, fn) {
					bad = append(bad, fmt.Sprintf("%s: %s uses %s.%s: reach the disk through rootfs and git through gitexec", fset.Position(sel.Pos()), name, id.Name, sel.Sel.Name))
					break
				}
			}
			return true
		})
	}
	sort.Strings(bad)
	return bad
}

func TestDoorRule(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		// go/parser ignores build constraints: every GOOS variant is read.
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) < 20 {
		t.Fatalf("read only %d files of package repoops", len(files))
	}
	for _, v := range doorViolations(fset, files) {
		t.Error(v)
	}
}

// TestDoorRuleCatchesViolations shows the check firing on each kind of
// break, and passing lawful code.
func TestDoorRuleCatchesViolations(t *testing.T) {
	src := `//go:build windows

package repoops

import (
	"os"
	"os/exec"
	fp "path/filepath"
	"syscall"
	"golang.org/x/sys/unix"
)

type holder struct{ r *os.Root }

func bad() {
	os.Open("x")
	os.Lstat("x")
	os.MkdirAll("x", 0o755)
	os.RemoveAll("x")
	fp.WalkDir(".", nil)
	exec.Command("git")
	_ = syscall.Getpid
	_ = unix.O_RDONLY
}
`
	lawful := `package repoops

import (
	"io/fs"
	"os"
	"path/filepath"
)

func fine(f *os.File) (os.FileInfo, fs.FileMode, string) {
	st, _ := f.Stat()
	return st, os.ModeSymlink, filepath.Join("a", "b")
}
`
	fset := token.NewFileSet()
	var files []*ast.File
	for name, s := range map[string]string{"violation_windows.go": src, "lawful.go": lawful} {
		f, err := parser.ParseFile(fset, name, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	got := doorViolations(fset, files)
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"imports os/exec", "imports syscall", "imports golang.org/x/sys/unix",
		"os.Root", "os.Open", "os.Lstat", "os.MkdirAll", "os.RemoveAll", "fp.WalkDir",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no violation for %s in:\n%s", want, all)
		}
	}
	if strings.Contains(all, "lawful.go") {
		t.Errorf("lawful code was refused:\n%s", all)
	}
	if len(got) != 9 {
		t.Errorf("want exactly 9 violations, got %d:\n%s", len(got), all)
	}
}
