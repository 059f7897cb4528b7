package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/search"
	"github.com/repoxhq/repox/repoops/repotest"
)

// docs/replay.md's search example is a real run over the worked example's
// session.
func TestSearchDocExampleIsARealRun(t *testing.T) {
	doc, err := os.ReadFile("docs/replay.md")
	if err != nil {
		t.Fatal(err)
	}
	shop, home, transcript := exampleFolders(t, repotest.WriteFiles)
	// Claude Code's folder for the test's shop, with the same transcript
	real := filepath.Join(home, ".claude", "projects", strings.NewReplacer("/", "-", ".", "-", "_", "-").Replace(shop))
	repotest.WriteFiles(t, real, map[string]string{filepath.Base(transcript): exampleTranscript(t, shop)})
	os.RemoveAll(filepath.Dir(transcript))

	var out, errOut bytes.Buffer
	n, err := search.Run(t.Context(), search.Options{Dir: shop, Query: "PRICE total", Env: &discover.Env{Home: home, Now: time.Now()}, CacheDir: t.TempDir()}, &out, &errOut)
	if err != nil || n == 0 || errOut.Len() != 0 {
		t.Fatalf("%d hits, %v, %s", n, err, errOut.String())
	}
	sameAsExample(t, string(doc), "$ cd /tmp/shop && HOME=/tmp/shophome repox sessions --grep 'PRICE total'", out.String())
}
