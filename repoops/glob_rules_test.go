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

// A pattern position that cannot end in a match on the path segments left
// is not compared: `**/*_test.go` compares only a path's last segment, and
// `a/*/c` a deeper path's first ones not at all past the point where too
// few segments would be left; the answers are the automaton's.
func TestGlobComparesOnlyPositionsThatCanStillMatch(t *testing.T) {
	g := compileGlob("**/*_test.go")
	if !g.match("copy1/src/net/http/x_test.go") || g.steps != 1 {
		t.Fatalf("**/*_test.go on a 5-segment path: %d steps, want 1", g.steps)
	}
	g = compileGlob("a/*/c")
	if g.match("a/b/c/d") || g.steps != 0 {
		t.Fatalf("a/*/c on a/b/c/d: %d steps, want 0 (four segments cannot match three)", g.steps)
	}
	g = compileGlob("src/**/z*")
	if !g.match("src/a/b/zz") || g.steps != 2 {
		t.Fatalf("src/**/z* on src/a/b/zz: %d steps, want 2", g.steps)
	}
	for _, c := range []struct {
		pat, path string
		want      bool
	}{
		{"**/*_test.go", "x_test.go", true}, {"**/*_test.go", "a/x_test.go/b", false},
		{"a/**", "a", true}, {"a/**", "a/b/c", true}, {"a/**/b", "a/b", true}, {"a/**/b", "a/x/y/b", true},
		{"a/**/b", "a/x/y/c", false}, {"*/b/**/c/*", "x/b/c/d", true}, {"*/b/**/c/*", "x/b/c", false},
		{"**/a/**/b", "a/b", true}, {"**/a/**/b", "x/a/y/b/b", true}, {"x/y", "x", false}, {"x", "x/y", false},
	} {
		if got := compileGlob(c.pat).match(c.path); got != c.want {
			t.Errorf("%q on %q: %v, want %v", c.pat, c.path, got, c.want)
		}
	}
}
