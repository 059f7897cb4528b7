package replay

import (
	"testing"
)

func TestDiffPathProblem(t *testing.T) {
	for p, bad := range map[string]bool{"a/b.txt": false, "new dir/x.go": false, "é.txt": false,
		"../x": true, "a/../../x": true, "/etc/x": true, ".git/hooks/pre-commit": true, "a/.GIT/config": true,
		"a\tb": true, "a\nb": true, `a"b`: true, `a\b`: true, " a": true, "a//b": true, "./a": true, "": true} {
		if got := diffPathProblem(p) != ""; got != bad {
			t.Errorf("diffPathProblem(%q) = %q, want refused=%v", p, diffPathProblem(p), bad)
		}
	}
}
