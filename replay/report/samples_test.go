package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// greetFiles is the project the hand-made Pi, Cursor and Droid samples
// work in, as it was before their sessions.
var greetFiles = map[string]string{
	"src/greet.go":      "package greet\n\nfunc Greet(name string) string {\n\treturn \"Hello, \" + name\n}\n",
	"src/greet_test.go": "package greet\n\nimport \"testing\"\n\nfunc TestGreet(t *testing.T) {\n\tif got := Greet(\"Ann\"); got != \"Hello, Ann\" {\n\t\tt.Errorf(\"got %q\", got)\n\t}\n}\n",
}

// reportSample writes the testdata transcript rel to p, its paths moved
// from /home/u/proj to root, reports it against root, and checks that the
// report holds each of wants.
func reportSample(t *testing.T, rel, p, root string, wants ...string) string {
	t.Helper()
	b, err := os.ReadFile(repotest.Transcript(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range wants {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	return out.String()
}
