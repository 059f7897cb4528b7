package find

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// findShapesRepo is a tree for query shapes fuzzy matching cannot follow:
// test files directly in net/ (a ** that matches no folder), deep ones,
// names a character class picks, upper case, and enough of them that
// repo_find's limit cuts.
func findShapesRepo(t *testing.T) string {
	t.Helper()
	files := map[string]string{}
	rng := rand.New(rand.NewPCG(7, 11))
	dirs := []string{"", "net/", "net/http/", "net/http/cookiejar/", "net/mail/", "os/", "os/exec/", "cmd/go/internal/", "Docs/"}
	stems := []string{"a", "b", "ab", "main", "Reader", "writer", "x", "http", "net"}
	exts := []string{".go", "_test.go", ".md", ".txt"}
	for len(files) < 140 {
		p := dirs[rng.IntN(len(dirs))] + stems[rng.IntN(len(stems))] + fmt.Sprint(rng.IntN(9)) + exts[rng.IntN(len(exts))]
		files[p] = "x\n"
	}
	files["net/a_test.go"] = "x\n"
	files["b.go"] = "x\n"
	return repotest.GitRepo(t, files)
}

// TestFindReturnedRowsAreExactlyRepoFind: for every query shape, the rows
// marked ● are exactly the paths repo_find returns, in its order, on top;
// no other row is marked ●; and the list still holds every fuzzy match.
// (net/**/*_test.go once showed 8 ● of the 50 paths the model gets.)
func TestFindReturnedRowsAreExactlyRepoFind(t *testing.T) {
	repotest.NeedGit(t)
	dir := findShapesRepo(t)
	h := newHarness(t, dir, 120, 60)
	h.run(h.open())
	p := h.p
	queries := []string{
		"net/**/*_test.go", "**/*.go", "*_test.go", "[ab]*.go", "?.go", "net/*", "**/http/**",
		"http", "net/http", "reader", "READER", "main0", "x", "t.g", "cmd/**/*.md", "[!a]*.txt", "Docs/*",
		"zzz", "net/**/a?_test.go",
	}
	// And random ones built from the pieces paths and globs are made of.
	rng := rand.New(rand.NewPCG(3, 5))
	pieces := []string{"net", "/", "**/", "*", "?", "[ab]", "http", "_test", ".go", "a", "x", "R", "main", ".md", "o"}
	for range 30 {
		var q strings.Builder
		for range 1 + rng.IntN(4) {
			q.WriteString(pieces[rng.IntN(len(pieces))])
		}
		queries = append(queries, q.String())
	}
	for _, q := range queries {
		h.press("ctrl+u")
		h.typeText(q)
		args := fmt.Sprintf(`{"query":%q}`, q)
		want := repoNewSessionCall(t, dir, "repo_find", args)
		if p.AgentView.Text != want {
			t.Fatalf("%s: agent text is not repo_find's:\n%s\nwant\n%s", q, p.AgentView.Text, want)
		}
		if p.tool == nil {
			if p.marked() || p.rowCount() != len(p.res.hits) {
				t.Errorf("%s: refused (%s), yet the list is marked", q, p.toolErr)
			}
			continue
		}
		returned := p.tool.RawMatches()
		var marked, rows []string
		for i := range p.rowCount() {
			r := p.rowAt(i)
			rows = append(rows, r.raw)
			if r.returned {
				if i != len(marked) {
					t.Errorf("%s: ● row %s at %d, after a ○ row", q, r.raw, i)
				}
				marked = append(marked, r.raw)
			}
		}
		if !slices.Equal(marked, returned) {
			t.Errorf("%s: ● rows %v\nrepo_find returns %v", q, marked, returned)
		}
		// Every fuzzy match ranked so far is listed once.
		for _, h := range p.res.hits {
			if n := count(rows, p.ix.raw(h.idx)); n != 1 {
				t.Errorf("%s: fuzzy match %s listed %d times", q, p.ix.raw(h.idx), n)
			}
		}
		// What is on screen agrees: the first rows are ● and only they.
		v := p.view(true)
		for i, r := range v.Rows {
			if seen := r.Mark == ui.MarkSeen; seen != (i < len(returned)) {
				t.Errorf("%s: screen row %d %q mark %v, %d returned", q, i, r.Text, r.Mark, len(returned))
			}
		}
		if !strings.Contains(v.Title, repoops.Commas(p.matchCount())+" of ") {
			t.Errorf("%s: title %q does not count the list", q, v.Title)
		}
	}
}

func count(list []string, s string) (n int) {
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

// TestFindCursorStaysWhenMarksArrive: a row chosen before repo_find
// answers stays chosen when the ● rows move to the top.
func TestFindCursorStaysWhenMarksArrive(t *testing.T) {
	repotest.NeedGit(t)
	dir := findShapesRepo(t)
	h := newHarness(t, dir, 120, 60)
	h.run(h.open())
	p := h.p
	h.typeText("net/**/*_test.go")
	if p.tool == nil || len(p.tool.RawMatches()) == 0 {
		t.Fatalf("no answer: %s", p.toolErr)
	}
	// Before the answer lands the list is the fuzzy matches alone.
	res, text := p.tool, p.AgentView.Text
	p.dropTool()
	h.press("down", "down", "down")
	chosen, _ := p.selected()
	if chosen.returned || p.Cursor != 3 {
		t.Fatalf("cursor %d on %+v before the answer", p.Cursor, chosen)
	}
	p.Update(findToolMsg{query: p.input, res: repoops.Result{Structured: res, Text: text}})
	if !p.marked() {
		t.Fatalf("the answer did not land")
	}
	if got, _ := p.selected(); got.raw != chosen.raw {
		t.Errorf("cursor moved from %s to %s", chosen.raw, got.raw)
	}
}
