package main

import (
	"bytes"
	"context"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// retester applies one mutation at a time to a copy of the module and
// runs the test packages' tests (go test), for the mutants the schema
// leaves NOT COVERED: those the compiler refused in the schema (a
// constant expression), each built alone here.
type retester struct {
	root, pkg string
	tests     []string
	timeout   time.Duration
}

func newRetester(module, pkg string, tests []string) (*retester, error) {
	tmp, err := os.MkdirTemp("", "repox-mutation-")
	if err != nil {
		return nil, err
	}
	module, err = filepath.Abs(module)
	if err != nil {
		return nil, err
	}
	if err := copyModule(module, tmp); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return &retester{root: tmp, pkg: pkg, tests: tests, timeout: 15 * time.Minute}, nil
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
		args := []string{"test", "-count=1", "-failfast", "./" + r.pkg}
		for _, t := range r.tests {
			args = append(args, "./"+t)
		}
		cmd := exec.CommandContext(ctx, "go", args...)
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
