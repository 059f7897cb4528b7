package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

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
			switch m.keep {
			case 'x':
				fmt.Fprintf(&b, " case %d: return (%s);", m.ID, x)
			case 'y':
				fmt.Fprintf(&b, " case %d: return (%s);", m.ID, y)
			default:
				fmt.Fprintf(&b, " case %d: return (%s) %s (%s);", m.ID, x, m.to, y)
			}
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
