package rootfs

import "testing"

// PathLess is a strict order: a path is not less than itself, and a
// prefix sorts first (found by mutation testing, .ci/mutation --pkg
// rootfs).
func TestPathLessIsStrict(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"a", "a", false},
		{"a/b", "a/b", false},
		{"a", "a/b", true},
		{"a/b", "a", false},
		{"a/b", "a-b", true},
		{"a-b", "a/b", false},
	} {
		if got := PathLess(c.a, c.b); got != c.want {
			t.Errorf("PathLess(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
