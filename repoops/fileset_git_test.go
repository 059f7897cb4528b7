package repoops

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileSetListsBothPartsAtOnce: git's walk for the untracked files
// starts while the index is still being listed, not after it. A stand-in
// git holds the tracked listing until the untracked one has started (a
// rendezvous on a marker file, given up after a while with an error), so
// listing one after the other fails; the set and its order (tracked paths
// first) stay git's. The index is split, so the tracked paths come from
// `ls-files --cached` (an index repox reads itself needs no process).
func TestFileSetListsBothPartsAtOnce(t *testing.T) {
	touch, err := exec.LookPath("touch")
	if err != nil {
		t.Skip("needs touch")
	}
	dir, tracked, untracked := streamFixture(t)
	git(t, dir, "update-index", "--split-index")
	started := filepath.Join(t.TempDir(), "others-started")
	r := openWithStandInGit(t, dir,
		"*--others*) "+touch+" "+started+" ;;\n"+
			"*--cached*) "+holdUntil(started, "the untracked listing never started alongside")+" ;;\n")
	var got []string
	if _, err := r.eachFile(context.Background(), "", func(p string) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	want := append(append([]string(nil), tracked...), untracked...)
	if len(got) != len(want) {
		t.Fatalf("listed %d paths, git has %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	inTracked := map[string]bool{}
	for _, p := range tracked {
		inTracked[p] = true
	}
	for i, p := range got {
		if inTracked[p] != (i < len(tracked)) {
			t.Fatalf("not every tracked path came first:\n%s", strings.Join(got, "\n"))
		}
	}
	// A scope narrows both parts, listed at once too.
	must(t, os.Remove(started))
	got = got[:0]
	if _, err := r.eachFile(context.Background(), "m", func(p string) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	for _, p := range got {
		if !strings.HasPrefix(p, "m/") {
			t.Fatalf("%s listed under m", p)
		}
	}
	if len(got) != 14 { // 12 tracked, kept.log, between.txt
		t.Fatalf("under m: %s", strings.Join(got, "\n"))
	}
}
