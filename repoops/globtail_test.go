package repoops

import (
	"math/rand"
	"path"
	"strings"
	"testing"
)

// The literal-tail shortcut never changes a glob's answer: the same glob
// with and without it agrees on random patterns and paths.
func TestGlobTailNeverChangesTheAnswer(t *testing.T) {
	if got := globTail("**/*_test.go"); got != "_test.go" {
		t.Fatalf("globTail = %q", got)
	}
	if got := globTail(`a/\*x`); got != "" {
		t.Fatalf("escaped glob got tail %q", got)
	}
	rng := rand.New(rand.NewSource(3))
	patParts := []string{"*", "**", "?", "a", "b", "_test", ".go", "[ab]", "[^a]", "/", "x", "]"}
	pathParts := []string{"a", "b", "x", "_test", ".go", "/", "ab", "ba.go", "x_test.go"}
	gen := func(parts []string, n int) string {
		var b strings.Builder
		for k := 1 + rng.Intn(n); k > 0; k-- {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		return b.String()
	}
	for n := 0; n < 3000; n++ {
		pat := gen(patParts, 6)
		if !strings.ContainsAny(pat, "*?[") {
			continue
		}
		if _, err := path.Match(strings.ReplaceAll(pat, "**", "*"), ""); err != nil {
			continue
		}
		with, without := compileGlob(pat), compileGlob(pat)
		without.tail = ""
		for m := 0; m < 30; m++ {
			p := strings.Trim(gen(pathParts, 6), "/")
			if with.match(p) != without.match(p) {
				t.Fatalf("glob %q on %q: with tail %q says %v, without %v", pat, p, with.tail, with.match(p), without.match(p))
			}
		}
	}
}
