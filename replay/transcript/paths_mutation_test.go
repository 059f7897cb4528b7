package transcript

import (
	"strings"
	"testing"
)

// The path mapping decides which of an agent's paths a replay may touch:
// each case below pins one of its rules (found by mutation testing,
// .ci/mutation --pkg replay).
func TestRelPathMapsOnlyPathsInsideTheSessionFolder(t *testing.T) {
	for _, c := range []struct {
		p, cwd string
		want   string
		ok     bool
	}{
		{"", "/w", "", true},                  // no path: the folder itself
		{"", "", "", true},                    // ... even without a recorded folder
		{"/w/a/b.go", "/w", "a/b.go", true},   // absolute under cwd: the prefix goes
		{"/w/a/../b.go", "/w/", "b.go", true}, // both cleaned first
		{"/w", "/w", "", true},                // cwd itself
		{"/w/", "/w", "", true},               // ... with a trailing slash
		{"/wx/a.go", "/w", "", false},         // a sibling sharing the prefix is outside
		{"/other/a.go", "/w", "", false},      // elsewhere
		{"/w/a.go", "", "", false},            // absolute, and no folder to map it from
		{"a/./b.go", "/w", "a/b.go", true},    // relative: cleaned
		{"a/..", "/w", "", true},              // ... to the folder itself
		{".", "", "", true},                   // ... the folder, without cwd too
		{"..", "/w", "", false},               // the parent is outside
		{"../w/a.go", "/w", "", false},        // and anything through it
		{"a/../../b", "/w", "", false},        // ... however it is spelt
		{"..a/b", "/w", "..a/b", true},        // a name starting with ".." is not the parent
		{"/w/a", "/w/a/b", "", false},         // a folder above cwd is outside
		{"/w/ab/c", "/w/a", "", false},        // component-safe at any depth
		{"/w/a/b/c", "/w/a", "b/c", true},     // a deeper path keeps all its parts
		{"/", "/", "", true},                  // the root as cwd is cwd itself
	} {
		got, ok := relPath(c.p, c.cwd)
		if got != c.want || ok != c.ok {
			t.Errorf("relPath(%q, %q) = %q, %v; want %q, %v", c.p, c.cwd, got, ok, c.want, c.ok)
		}
	}
}

// A shell's working folder applies to relative paths only: an absolute
// path keeps its meaning whatever folder the command ran in.
func TestRelJoinResolvesOnlyRelativePathsAgainstTheWorkdir(t *testing.T) {
	for _, c := range []struct {
		p, wd, cwd string
		want       string
		ok         bool
	}{
		{"b.go", "a", "/w", "a/b.go", true},
		{"../b.go", "a", "/w", "b.go", true},
		{"../../b.go", "a", "/w", "", false},
		{"/w/c.go", "a", "/w", "c.go", true}, // absolute: the workdir does not apply
		{"/x/c.go", "a", "/w", "", false},
		{"b.go", "", "/w", "b.go", true},
		{"", "a", "/w", "a", true}, // no path: the workdir itself
	} {
		got, ok := relJoin(c.p, c.wd, c.cwd)
		if got != c.want || ok != c.ok {
			t.Errorf("relJoin(%q, %q, %q) = %q, %v; want %q, %v", c.p, c.wd, c.cwd, got, ok, c.want, c.ok)
		}
	}
}

// A refused path says why: outside the folder, or absolute with no folder
// recorded to map it from.
func TestOutsideReasonNamesWhyAPathIsRefused(t *testing.T) {
	if r := outsideReason("/x/a", "/w"); !strings.Contains(r, "outside the session's folder /w") {
		t.Errorf("with a folder: %q", r)
	}
	if r := outsideReason("/x/a", ""); !strings.Contains(r, "records no working folder") {
		t.Errorf("without a folder: %q", r)
	}
}

// A command's optional path: none means the folder it runs in; one
// outside the agent's folder refuses the call with the reason; more than
// one argument is not a path this rule reads.
func TestOptionalPathTakesOneArgumentOrTheWorkdir(t *testing.T) {
	var c Call
	if rel, ok := optionalPath(&c, nil, "sub", "/w"); rel != "sub" || !ok || c.NoEquivalent != "" {
		t.Errorf("no argument: %q, %v, %q; want the workdir", rel, ok, c.NoEquivalent)
	}
	if rel, ok := optionalPath(&c, []string{"x"}, "sub", "/w"); rel != "sub/x" || !ok || c.NoEquivalent != "" {
		t.Errorf("one argument: %q, %v, %q; want sub/x", rel, ok, c.NoEquivalent)
	}
	if rel, ok := optionalPath(&c, []string{"x", "y"}, "sub", "/w"); rel != "sub" || !ok {
		t.Errorf("two arguments: %q, %v; want the workdir", rel, ok)
	}
	if _, ok := optionalPath(&c, []string{"/etc"}, "", "/w"); ok || !strings.Contains(c.NoEquivalent, "/etc is outside") {
		t.Errorf("outside: ok %v, reason %q; want refused with the reason", ok, c.NoEquivalent)
	}
}
