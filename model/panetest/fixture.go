package panetest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// FixtureRepo builds the standard fixture: a git repository (when git is
// installed) with folders, an ignored folder and file, an empty folder, a
// file deeper than repo_tree's default depth, a 1,400-line file and a
// binary file. Names are fixed so goldens hold no temporary paths.
func FixtureRepo(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "fixture")
	files := map[string]string{
		".gitignore":          "*.log\nvendor/\n",
		"README.md":           "# fixture\n\nA small repository for repox tests.\n",
		"app.log":             "ignored\n",
		"vendor/dep/dep.go":   "package dep\n",
		"src/main.go":         "package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n",
		"src/util/strings.go": "package util\n\n// Needle is found by search.\nconst Needle = \"needle\"\n",
		"docs/long.txt":       repotest.Numbered(1400, "line"),
		"deep/a/b/c/leaf.txt": "far down\n",
		"data.bin":            "\x00\x01\x02binary",
	}
	if repotest.HaveGit() {
		repotest.GitRepoAt(t, dir, files)
	} else {
		repotest.WriteFiles(t, dir, files)
	}
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
