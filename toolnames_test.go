package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// toolNameLiterals are the string literals of src that spell a tool's name
// exactly ("repo_edit"), as "file:line name".
func toolNameLiterals(t *testing.T, name string, src any) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if v, err := strconv.Unquote(lit.Value); err == nil && toolNames[v] {
			out = append(out, fset.Position(lit.Pos()).String()+" "+v)
		}
		return true
	})
	return out
}

var toolNames = map[string]bool{"repo_tree": true, "repo_find": true, "repo_grep": true, "repo_read_file": true,
	"repo_git": true, "repo_edit": true, "repo_insert": true, "repo_write": true}

// Issue 38: a tool's name is spelled once, in repoops (toolnames.go); a
// face names it by repoops.ToolEdit and the like, so a renamed or added
// tool cannot leave a face comparing against a name that no longer is.
// Tests may spell names: they check what the model is shown.
func TestToolNamesAreConstants(t *testing.T) {
	var bad []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == "repoops" || p == "testdata" || (p != "." && strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			bad = append(bad, toolNameLiterals(t, p, nil)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("%s: a tool's name as a literal outside repoops: use its repoops.Tool… constant", b)
	}
}

func TestToolNameRuleCatchesALiteral(t *testing.T) {
	src := "package x\nfunc f(tool string) bool { return tool == \"repo_edit\" || tool == \"repo_edit_more\" }\n"
	if got := toolNameLiterals(t, "x.go", src); len(got) != 1 || !strings.HasSuffix(got[0], " repo_edit") {
		t.Errorf("got %v, want the one exact tool name", got)
	}
}
