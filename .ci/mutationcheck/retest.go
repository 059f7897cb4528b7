package main

import (
	"bytes"
	"context"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// retester applies one gremlins mutation at a time to a copy of the module
// and runs the package's tests, for the mutants gremlins reports NOT
// COVERED without running them.
type retester struct {
	root, pkg string
	timeout   time.Duration
}

// mutations is gremlins v0.6.0's token table (internal/engine/mappings.go).
var mutations = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE":         {token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL, token.SUB: token.ADD},
	"CONDITIONALS_BOUNDARY":   {token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ},
	"CONDITIONALS_NEGATION":   {token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL},
	"INCREMENT_DECREMENT":     {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_ASSIGNMENTS":      {token.ADD_ASSIGN: token.SUB_ASSIGN, token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN, token.REM_ASSIGN: token.REM_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN},
	"INVERT_LOGICAL":          {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_LOOPCTRL":         {token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK},
	"INVERT_NEGATIVES":        {token.SUB: token.ADD},
	"REMOVE_SELF_ASSIGNMENTS": {token.ADD_ASSIGN: token.ASSIGN, token.AND_ASSIGN: token.ASSIGN, token.AND_NOT_ASSIGN: token.ASSIGN, token.MUL_ASSIGN: token.ASSIGN, token.OR_ASSIGN: token.ASSIGN, token.QUO_ASSIGN: token.ASSIGN, token.REM_ASSIGN: token.ASSIGN, token.SHL_ASSIGN: token.ASSIGN, token.SHR_ASSIGN: token.ASSIGN, token.SUB_ASSIGN: token.ASSIGN, token.XOR_ASSIGN: token.ASSIGN},
}

func newRetester(module, pkg string) (*retester, error) {
	tmp, err := os.MkdirTemp("", "repox-mutation-")
	if err != nil {
		return nil, err
	}
	module, err = filepath.Abs(module)
	if err != nil {
		return nil, err
	}
	err = filepath.WalkDir(module, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(module, p)
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".ci") && rel != "." {
			return filepath.SkipDir
		}
		dst := filepath.Join(tmp, rel)
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
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return &retester{root: tmp, pkg: pkg, timeout: 15 * time.Minute}, nil
}

func (r *retester) close() { os.RemoveAll(r.root) }

// run applies the mutant of type typ at line:col of file and reports
// KILLED (the tests fail or time out), LIVED, or NOT VIABLE (no build).
func (r *retester) run(file string, line, col int, typ string) (string, error) {
	p := filepath.Join(r.root, r.pkg, file)
	src, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	tf := fset.AddFile(p, -1, len(src))
	var sc scanner.Scanner
	sc.Init(tf, src, nil, 0)
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			return "", fmt.Errorf("%s:%d:%d: no token there", file, line, col)
		}
		at := fset.Position(pos)
		if at.Line != line || at.Column != col {
			continue
		}
		to, ok := mutations[typ][tok]
		if !ok {
			return "", fmt.Errorf("%s:%d:%d: %s does not apply to %s", file, line, col, typ, tok)
		}
		old := tok.String()
		if lit != "" {
			old = lit
		}
		off := tf.Offset(pos)
		mutated := append(append(append([]byte{}, src[:off]...), to.String()...), src[off+len(old):]...)
		if err := os.WriteFile(p, mutated, 0o644); err != nil {
			return "", err
		}
		defer os.WriteFile(p, src, 0o644)
		ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-failfast", "./"+r.pkg)
		cmd.Dir = r.root
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		switch {
		case ctx.Err() != nil:
			return "TIMED OUT", nil
		case err == nil:
			return "LIVED", nil
		case strings.Contains(out.String(), "[build failed]") || strings.Contains(out.String(), "[setup failed]"):
			return "NOT VIABLE", nil
		}
		return "KILLED", nil
	}
}
