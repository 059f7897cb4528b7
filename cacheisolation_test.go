package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A test binary keeps no git set-up cache unless REPOX_CACHE_DIR names a
// folder, but a repox binary that a test builds and runs does: every
// package whose tests build one must point REPOX_CACHE_DIR elsewhere in
// its TestMain (repotest.IsolateCache), or its tests would write the
// user's own cache.
func TestBuiltBinariesUseAnIsolatedCache(t *testing.T) {
	byDir := map[string][]string{}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, "_test.go") {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			byDir[filepath.Dir(p)] = append(byDir[filepath.Dir(p)], string(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	bad := cacheIsolationViolations(byDir)
	if len(bad) > 0 {
		t.Fatalf("packages whose tests build repox without repotest.IsolateCache() in TestMain: %v", bad)
	}
	if len(cacheIsolationViolations(map[string][]string{"x": {`exec.Command("go", "build", "-o", bin, "..")`}})) != 1 {
		t.Fatal("the check does not fire on a package that builds repox and isolates nothing")
	}
}

func cacheIsolationViolations(byDir map[string][]string) []string {
	var bad []string
	for dir, files := range byDir {
		all := strings.Join(files, "\n")
		if strings.Contains(all, `"build", "-o"`) && !strings.Contains(all, "repotest.IsolateCache()") {
			bad = append(bad, dir)
		}
	}
	sort.Strings(bad)
	return bad
}
