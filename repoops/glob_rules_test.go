package repoops

import "testing"

// Consecutive "**" are one: the rest of the pattern still applies.
func TestConsecutiveDoubleStarsKeepTheRestOfThePattern(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a/x.txt": "x\n", "a/y.txt": "y\n", "b/c/x.txt": "x\n"}))
	got := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "**/**/x.txt"}))
	mustContain(t, got, "a/x.txt", "b/c/x.txt", "(2 matches among 3 files")
	if g := compileGlob("**/**/x.txt"); len(g.segs) != 2 || !g.match("a/x.txt") || g.match("a/y.txt") {
		t.Fatalf("**/**/x.txt compiled to %q", g.segs)
	}
}

// The work counter counts every segment comparison: one for a name glob,
// one per live pattern position per path segment otherwise.
func TestGlobStepsCountEveryComparison(t *testing.T) {
	g := compileGlob("*.go")
	g.match("a/b/c.go")
	g.match("d.go")
	if g.steps != 2 {
		t.Fatalf("a name glob on 2 paths: %d steps, want 2", g.steps)
	}
	g = compileGlob("a/*/c")
	if !g.match("a/b/c") || g.steps != 3 {
		t.Fatalf("a/*/c on a/b/c: %d steps, want 3", g.steps)
	}
}

// A NUL in a query is refused wherever it stands, also first.
func TestFindRefusesANULAnywhereInTheQuery(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	for _, q := range []string{"\x00", "\x00a", "a\x00"} {
		mustRefuse(t, call(t, s, "repo_find", map[string]any{"query": q}), "query contains a NUL byte, which no path holds")
	}
}
