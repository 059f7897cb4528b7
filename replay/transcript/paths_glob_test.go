package transcript

import "testing"

// Issue 39 item 1: a Glob's absolute pattern is made relative like Read's
// paths; one outside the session's folder has no equivalent; a relative
// pattern with a '/' is joined to the Glob's folder (repo_find matches
// such a glob against the whole repo-relative path).
func TestGlobQuery(t *testing.T) {
	const cwd = "/Users/me/entire"
	for _, c := range []struct{ pattern, dir, q, rel, why string }{
		{"/Users/me/entire/cmd/entire/cli/integration_test/*.go", "", "cmd/entire/cli/integration_test/*.go", "cmd/entire/cli/integration_test", ""},
		{"/Users/me/entire/**/*.go", "", "**/*.go", "", ""},
		{"/Users/me/entire/go.mod", "", "go.mod", "", ""},
		{"/Users/me/other/*.go", "", "", "", "Glob pattern /Users/me/other/*.go lies outside the session's folder /Users/me/entire, which no repox tool reaches"},
		{"*.go", "/Users/me/entire/cmd", "*.go", "cmd", ""},
		{"cli/**/*.go", "/Users/me/entire/cmd", "cmd/cli/**/*.go", "cmd", ""},
		{"src/*.ts", "", "src/*.ts", "", ""},
	} {
		q, rel, why := globQuery(c.pattern, c.dir, cwd)
		if q != c.q || rel != c.rel || why != c.why {
			t.Errorf("globQuery(%q, %q) = %q, %q, %q; want %q, %q, %q", c.pattern, c.dir, q, rel, why, c.q, c.rel, c.why)
		}
	}
}
