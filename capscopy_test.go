package main

// Rule 3 of ARCHITECTURE.md, checked: a face never copies a cap's number.
// Where a face passes a tool argument (a JSON map key such as "limit", a
// field of a repoops …Args struct) or bounds a value named like one (lim,
// limit, maxDepth …), a number equal to one of repoops' exported caps is a
// copy that would go stale when the cap changes: use the constant.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// faces are the packages that call the core and must take its numbers
// from it: every package under these folders (model's panes and replay's
// layers included).
var faces = []string{"./cli/...", "./model/...", "./ui/...", "./mcpserver/...", "./replay/...", "./demo/..."}

// toolArgNames are the tools' numeric argument names.
var toolArgNames = map[string]bool{"limit": true, "offset": true, "max_depth": true, "max_entries": true, "n": true, "expected_count": true, "after_line": true}

// boundName matches a variable that holds a tool bound.
var boundName = regexp.MustCompile(`(?i)^(lim|limit|.*Limit|maxDepth|maxEntries|.*MaxLines|window)$`)

// capValues are the values of repoops' exported integer constants named
// like caps, read from the package itself.
func capValues(t *testing.T) map[int64][]string {
	t.Helper()
	_, _, info := typeCheck(t, "./repoops", nil)
	vals := map[int64][]string{}
	for _, obj := range info.Defs {
		c, ok := obj.(*types.Const)
		if !ok || !c.Exported() || c.Parent() != c.Pkg().Scope() {
			continue
		}
		if v, ok := constant.Int64Val(constant.ToInt(c.Val())); ok && v >= 100 {
			vals[v] = append(vals[v], c.Name())
		}
	}
	return vals
}

// copiedCaps lists the number literals of dir equal to a cap in a tool
// argument's place.
func copiedCaps(t *testing.T, dir string, caps map[int64][]string, extra map[string]string) []string {
	t.Helper()
	fset, files, info := typeCheck(t, dir, extra)
	var bad []string
	flag := func(lit ast.Expr, where string) {
		ast.Inspect(lit, func(n ast.Node) bool {
			b, ok := n.(*ast.BasicLit)
			if !ok || b.Kind != token.INT {
				return true
			}
			tv, ok := info.Types[b]
			if !ok || tv.Value == nil {
				return true
			}
			v, ok := constant.Int64Val(constant.ToInt(tv.Value))
			if names := caps[v]; ok && len(names) > 0 {
				sort.Strings(names)
				bad = append(bad, fmt.Sprintf("%s: %s is %d, repoops.%s's value: use the constant", fset.Position(b.Pos()), where, v, strings.Join(names, " or repoops.")))
			}
			return true
		})
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.BasicLit); ok && k.Kind == token.STRING && toolArgNames[strings.Trim(k.Value, "\"`")] {
					flag(n.Value, "the argument "+k.Value)
				}
			case *ast.CompositeLit:
				if tv, ok := info.Types[n]; ok {
					if named := namedOf(tv.Type); named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == modulePath+"/repoops" && strings.HasSuffix(named.Obj().Name(), "Args") {
						for _, e := range n.Elts {
							flag(e, "a field of repoops."+named.Obj().Name())
						}
					}
				}
			case *ast.BinaryExpr:
				for _, side := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if id, ok := ast.Unparen(side[0]).(*ast.Ident); ok && boundName.MatchString(id.Name) {
						flag(side[1], "the bound "+id.Name)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && boundName.MatchString(id.Name) && i < len(n.Rhs) {
						flag(n.Rhs[i], "the bound "+id.Name)
					}
				}
			}
			return true
		})
	}
	sort.Strings(bad)
	return bad
}

func TestFacesDoNotCopyCaps(t *testing.T) {
	caps := capValues(t)
	checked := 0
	for _, p := range goList(t, faces...) {
		for _, v := range copiedCaps(t, p.Dir, caps, nil) {
			t.Error(v)
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("checked %d packages of the faces, want every package under %v", checked, faces)
	}
}

// The check fires on a copied cap in each place it watches, and lets the
// constant and an unrelated number through.
func TestFacesDoNotCopyCapsCatchesCopies(t *testing.T) {
	src := `package replay

import "github.com/repoxhq/repox/repoops"

func trap(n int) (map[string]any, repoops.ReadArgs, int) {
	lim := n
	if lim > 2000 { // a bound
		lim = 2000 // an assignment
	}
	args := map[string]any{"path": "a", "limit": 1000} // an argument
	typed := repoops.ReadArgs{Path: "a", Limit: ptr(2000)} // a field
	ok := map[string]any{"limit": repoops.ReadMaxLimit, "timeout_ms": 2000}
	_ = ok
	return args, typed, lim
}

func ptr(n int) *int { return &n }
`
	got := strings.Join(copiedCaps(t, "./replay", capValues(t), map[string]string{"trap_copy.go": src}), "\n")
	for _, want := range []string{"trap_copy.go:7:11: the bound lim is 2000", "trap_copy.go:8:9: the bound lim is 2000", `trap_copy.go:10:47: the argument "limit" is 1000`, "a field of repoops.ReadArgs is 2000"} {
		if !strings.Contains(got, want) {
			t.Errorf("no violation %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "trap_copy.go:12") {
		t.Errorf("the constant or an unrelated key was refused:\n%s", got)
	}
}
