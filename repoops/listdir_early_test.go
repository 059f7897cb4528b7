package repoops

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// entryNames are the names of es, in order.
func entryNames(es []DirEntry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Name)
	}
	return out
}

// The explorer's first rows must not wait for the index, whose read grows
// with the repository: ListRootEarly lists the root without reading it,
// and leaves out (counted in Held) every name only the index can place —
// a tracked file an ignore rule matches, an ignored one, a folder holding
// a .git entry (a submodule or a repository of its own) — so nothing it
// shows is contradicted by the exact listing, except that a submodule not
// checked out (an empty folder) shows as a plain folder until then.
func TestListRootEarlyReadsNoIndexAndClaimsNothingFalse(t *testing.T) {
	needGit(t)
	dir := gitRepo(t, map[string]string{".gitignore": "*.log\n", "a.txt": "a\n", "src/main.go": "package main\n"})
	writeFiles(t, dir, map[string]string{"kept.log": "tracked though ignored\n", "junk.log": "ignored\n", "nested/x.txt": "x\n"})
	git(t, dir, "add", "-f", "kept.log")
	head := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",unfetched")
	must(t, os.Mkdir(filepath.Join(dir, "unfetched"), 0o755))
	git(t, filepath.Join(dir, "nested"), "init", "-q")

	r, err := Open(dir)
	must(t, err)
	defer r.Close()
	early, err := r.ListRootEarly()
	must(t, err)
	if r.indexRead() {
		t.Fatal("ListRootEarly read the index")
	}
	if !early.Early || early.Held != 3 {
		t.Fatalf("early listing: Early %v, Held %d; want true, 3 (kept.log, junk.log, nested)", early.Early, early.Held)
	}
	if got, want := entryNames(early.Entries), []string{".gitignore", "a.txt", "src", "unfetched"}; !slices.Equal(got, want) {
		t.Fatalf("early entries %q, want %q", got, want)
	}
	if len(early.Ignored) != 0 {
		t.Fatalf("early listing calls %q ignored before the index could say they are not tracked", entryNames(early.Ignored))
	}

	exact, err := r.ListDir("")
	must(t, err)
	if exact.Early || exact.Held != 0 {
		t.Fatalf("exact listing: Early %v, Held %d", exact.Early, exact.Held)
	}
	byName := map[string]DirEntry{}
	for _, e := range exact.Entries {
		byName[e.Name] = e
	}
	for _, e := range early.Entries {
		x, ok := byName[e.Name]
		if !ok {
			t.Errorf("early row %s is not in the exact listing", e.Name)
		} else if x.Kind != e.Kind && e.Name != "unfetched" {
			t.Errorf("early row %s is a %v, exactly a %v", e.Name, e.Kind, x.Kind)
		}
	}
	if byName["unfetched"].Mark != MarkSubmodule || byName["nested"].Mark != MarkNestedRepo || byName["kept.log"].Kind != KindFile {
		t.Fatalf("exact listing: %+v", exact.Entries)
	}
	if got := entryNames(exact.Ignored); !slices.Equal(got, []string{"junk.log"}) {
		t.Fatalf("exact ignored %q", got)
	}
	// Once the index is read, the early listing is the exact one.
	again, err := r.ListRootEarly()
	must(t, err)
	if again.Early || !slices.Equal(entryNames(again.Entries), entryNames(exact.Entries)) {
		t.Fatalf("after the index read: Early %v, entries %q", again.Early, entryNames(again.Entries))
	}
}
