package repoops

import (
	"path"
	"strings"
	"testing"
)

// oldGlobMatch is the matcher repo_find used before the automaton, kept as
// the reference for its semantics: a name match without "/", else a
// recursive segment match that tries every split for every "**" (which is
// exponential on patterns like **/a/**/a/…/nomatch).
func oldGlobMatch(lq, lf string) bool {
	segs := strings.Split(lq, "/")
	if len(segs) == 1 {
		ok, _ := path.Match(lq, lf[strings.LastIndexByte(lf, '/')+1:])
		return ok
	}
	return oldGlobSegments(segs, strings.Split(lf, "/"))
}

func oldGlobSegments(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for k := 0; k <= len(segs); k++ {
				if oldGlobSegments(pat[1:], segs[k:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(strings.ReplaceAll(pat[0], "**", "*"), segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}

var globTable = []struct {
	pat, path string
	want      bool
}{
	{"*.go", "a/b/c.go", true},
	{"*.go", "a/b.go/c.txt", false},
	{"c.?o", "x/c.go", true},
	{"c.?o", "x/c.gox", false},
	{"[ab].txt", "d/a.txt", true},
	{"[^ab].txt", "d/a.txt", false},
	{"[^ab].txt", "d/c.txt", true},
	{"[a-c]*", "z/b_file", true},
	{"**", "any/where/at/all", true},
	{"**.go", "a/b/c.go", true},
	{"src/**/test_*.py", "src/test_a.py", true},
	{"src/**/test_*.py", "src/x/y/test_a.py", true},
	{"src/**/test_*.py", "lib/src/test_a.py", false},
	{"src/**/test_*.py", "src/x/y/test_a.pyc", false},
	{"**/x.go", "x.go", true},
	{"**/x.go", "a/b/x.go", true},
	{"**/x.go", "a/b/xx.go", false},
	{"a/**", "a", true},
	{"a/**", "a/b/c", true},
	{"a/**", "b/a", false},
	{"a/*", "a/b", true},
	{"a/*", "a/b/c", false},
	{"a/**/b/**/c", "a/b/c", true},
	{"a/**/b/**/c", "a/x/b/y/z/c", true},
	{"a/**/b/**/c", "a/x/c", false},
	{"a/**/b/**/c", "a/b/b/b/c/c", true},
	{"a**b/c", "axxb/c", true},
	{"a**b/c", "ax/yb/c", false},
	{"/a/*", "a/b", false},
	{"a//b", "a/b", false},
	{"**/**/**/x", "x", true},
	{"**/**/**/x", "p/q/x", true},
	{"*/*", "a/b", true},
	{"*/*", "a", false},
	{"*/*", "a/b/c", false},
	{"**/", "a/b", false},
	{"a/**/", "a/b", false},
	{"é*/*", "éa/b", true},
	{"[é]/?", "é/ü", true},
	{"***/x***", "x", false},
	{"***/x***", "ab/xyz", true},
	{"a\\*/b", "a*/b", true},
	{"a\\*/b", "ax/b", false},
	{"[a/b]", "a", false},
	{"x/[a", "x/a", false},
	{strings.Repeat("**/", 6) + "nomatch", "a/b/c/d/e/f/g/h/i/j/file.txt", false},
	{strings.Repeat("**/", 6) + "file.txt", "a/b/c/d/e/f/g/h/i/j/file.txt", true},
	{strings.Repeat("**/a/", 4) + "x", strings.Repeat("a/", 6) + "x", true},
	{strings.Repeat("**/a/", 4) + "x", strings.Repeat("a/", 3) + "x", false},
}

// The worst cases, too slow for the old matcher: the automaton only.
var globWorstTable = []struct {
	pat, path string
	want      bool
}{
	{strings.Repeat("**/", 40) + "nomatch", "a/b/c/d/e/f/g/h/i/j/file.txt", false},
	{strings.Repeat("**/", 40) + "file.txt", "a/b/c/d/e/f/g/h/i/j/file.txt", true},
	{strings.Repeat("**/a/", 20) + "nomatch", strings.Repeat("a/", 30) + "file.txt", false},
	{strings.Repeat("**/a/", 20) + "*.txt", strings.Repeat("a/", 30) + "file.txt", true},
	{strings.Repeat("**/a/", 20) + "*.txt", strings.Repeat("a/", 19) + "file.txt", false},
}

// The automaton keeps the documented semantics: the old matcher passes the
// same table.
func TestGlobSemanticsUnchanged(t *testing.T) {
	for _, c := range globTable {
		if got := compileGlob(c.pat).match(c.path); got != c.want {
			t.Errorf("glob %q on %q: %v, want %v", c.pat, c.path, got, c.want)
		}
		if got := oldGlobMatch(c.pat, c.path); got != c.want {
			t.Errorf("old matcher: glob %q on %q: %v, want %v", c.pat, c.path, got, c.want)
		}
	}
	for _, c := range globWorstTable {
		if got := compileGlob(c.pat).match(c.path); got != c.want {
			t.Errorf("glob %q on %q: %v, want %v", c.pat, c.path, got, c.want)
		}
	}
}

// worstGlob is a pattern the recursive matcher takes exponential time on
// and that no collapsing of "**" simplifies: every "a" can match many of the
// path's folders.
func worstGlob() (pat, file string) {
	return strings.Repeat("**/a/", 20) + "nomatch", strings.Repeat("a/", 30) + "file.txt"
}

// The work is bounded by pattern segments × path segments.
func TestGlobWorkIsBoundedByPatternTimesPath(t *testing.T) {
	for _, c := range []struct{ pat, file string }{
		{strings.Repeat("**/", 40) + "nomatch", "a/b/c/d/e/f/g/h/i/j/file.txt"},
		func() (c struct{ pat, file string }) { c.pat, c.file = worstGlob(); return }(),
	} {
		g := compileGlob(c.pat)
		if g.match(c.file) {
			t.Fatalf("%q matched %q", c.pat, c.file)
		}
		bound := (strings.Count(c.pat, "/") + 1) * (strings.Count(c.file, "/") + 1)
		if g.steps > bound {
			t.Errorf("%q on %q: %d segment comparisons, over pattern × path = %d", c.pat, c.file, g.steps, bound)
		}
	}
}

// Through the tool: one file deep in folders and the worst queries answer
// (the old matcher ran for minutes on these).
func TestFindWorstCaseGlobAnswers(t *testing.T) {
	pat, file := worstGlob()
	dir := plainDir(t, map[string]string{"a/b/c/d/e/f/g/h/i/j/file.txt": "x\n", file: "x\n"})
	s := openSession(t, dir)
	for _, q := range []string{strings.Repeat("**/", 40) + "nomatch", pat} {
		mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": q})), "no path matches", "among 2 files")
	}
	mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": strings.Repeat("**/A/", 20) + "*.TXT"})), strings.Repeat("a/", 30)+"file.txt", "(1 match among 2 files")
}

func BenchmarkFindGlobWorstCase(b *testing.B) {
	pat, file := worstGlob()
	g := compileGlob(pat)
	for b.Loop() {
		if g.match(file) {
			b.Fatal("matched")
		}
	}
}

// FuzzGlobMatchesOld compares the automaton with the old recursive matcher
// on small inputs (where its exponential cost does not bite), and a
// pattern without "**" segments with path.Match on the whole path.
func FuzzGlobMatchesOld(f *testing.F) {
	for _, c := range globTable {
		if len(c.pat) <= 24 && len(c.path) <= 24 {
			f.Add(c.pat, c.path)
		}
	}
	f.Fuzz(func(t *testing.T, pat, file string) {
		if len(pat) > 24 || len(file) > 24 || strings.Count(pat, "**") > 6 {
			t.Skip()
		}
		if _, err := path.Match(strings.ReplaceAll(pat, "**", "*"), ""); err != nil {
			t.Skip() // find refuses a malformed glob
		}
		file = strings.Trim(file, "/")
		if file == "" || strings.Contains(file, "//") {
			t.Skip() // not a repo-relative path
		}
		got := compileGlob(pat).match(file)
		if want := oldGlobMatch(pat, file); got != want {
			t.Fatalf("glob %q on %q: %v, old matcher %v", pat, file, got, want)
		}
		if strings.Contains(pat, "/") && !strings.Contains(pat, "**") && !strings.Contains(pat, "[") && !strings.Contains(pat, "\\") {
			if want, _ := path.Match(pat, file); got != want {
				t.Fatalf("glob %q on %q: %v, path.Match %v", pat, file, got, want)
			}
		}
	})
}
