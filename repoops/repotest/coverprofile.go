package repotest

import (
	"os"
	"path/filepath"
	"strings"
)

// CoverProfile is the absolute path of the cover profile this test binary
// was started to write (-test.coverprofile, as the mutation engine starts
// it), or "". A test that re-runs itself in a child leaves the child's
// profile at this path + ".child", where the engine reads it, so the
// engine knows the test reaches the code only its child runs. Read from
// the arguments: only cli/ defines flags.
func CoverProfile() string {
	for _, a := range os.Args[1:] {
		for _, p := range []string{"-test.coverprofile=", "--test.coverprofile="} {
			if v, ok := strings.CutPrefix(a, p); ok && v != "" {
				if abs, err := filepath.Abs(v); err == nil {
					return abs
				}
			}
		}
	}
	return ""
}
