package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

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
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.OR && enabled["DROP_FLAG"] && isConst(info, b.X) && isConst(info, b.Y) {
			s.muts = append(s.muts, &mutant{File: sf.name, Type: "DROP_FLAG", Line: at.Line, Column: at.Column, keep: 'x', node: n})
			if inner, ok := ast.Unparen(b.X).(*ast.BinaryExpr); !ok || inner.Op != token.OR {
				s.muts = append(s.muts, &mutant{File: sf.name, Type: "DROP_FLAG", Line: at.Line, Column: at.Column, keep: 'y', node: n})
			}
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

// isConst: e is a constant expression (an open flag, a mode bit).
func isConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
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
		if s.typ == "" && n.Op == token.OR && !inConst {
			// an inner | of an OR of constants is untyped; the chain's root
			// has the type its use gives it (an open's flags int), and so
			// does every part of the chain
			root := ast.Expr(n)
		chain:
			for i := len(stack) - 2; i >= 0; i-- {
				switch p := stack[i].(type) {
				case *ast.ParenExpr:
					root = p
				case *ast.BinaryExpr:
					if p.Op != token.OR {
						break chain
					}
					root = p
				default:
					break chain
				}
			}
			s.typ = typeOf(root)
		}
		if tv := info.Types[n.X]; tv.Value == nil {
			s.xTyp = typeOf(n.X)
		}
		if tv := info.Types[n.Y]; tv.Value == nil {
			s.yTyp = typeOf(n.Y)
		}
		if inConst || s.typ == "" {
			s.noGo = "a constant expression"
			// the slow way (retest) rewrites an operator; it cannot drop
			// an operand, so a DROP_FLAG the schema cannot hold is not made
			kept := s.muts[:0]
			for _, m := range s.muts {
				if m.keep == 0 {
					kept = append(kept, m)
				}
			}
			s.muts = kept
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
