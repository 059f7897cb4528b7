package tree

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// rest delivers the tree's rest timer for the cursor's place now, as the
// program would once the cursor has rested (tests switch timers off).
func rest(m *Model) {
	_, cmd := m.Update(pane.Msg{To: pane.Tree, Job: pane.JobRest, Gen: m.tree.restSeq, Msg: restMsg{}})
	run(m, cmd)
}

// capRepo is a plain folder whose big/ holds more entries than a default
// repo_tree lists, and a deep chain below repo_tree's depth.
func capRepo(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "big")
	files := map[string]string{"a.txt": "a\n", "deep/a/b/c/d/e/f/g/leaf.txt": "leaf\n"}
	for i := range repoops.TreeDefaultEntries + 100 {
		files[fmt.Sprintf("big/f%04d.txt", i)] = "x\n"
	}
	writeFiles(t, dir, files)
	return dir
}

func rowIndex(m *Model, path string) int {
	for i, n := range m.tree.shown() {
		if !n.rule && n.path == path {
			return i
		}
	}
	return -1
}

// TestTreeLegendNamesTheCall: the dimming says which request it is
// relative to, with the tool's own numbers.
func TestTreeLegendNamesTheCall(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 120, 40)
	want := "◦ dim = not in " + repoops.CallText("repo_tree", repoops.TreeArgs{}) + " (" +
		repoops.Commas(repoops.TreeDefaultEntries) + " entries, depth " + repoops.Commas(repoops.TreeDefaultDepth) + ")"
	if got := m.tree.legend(200); got != want {
		t.Errorf("legend %q, want %q", got, want)
	}
	if got := m.tree.legend(m.tree.width); cells(got) > m.tree.width || !strings.Contains(got, "repo_tree {}") {
		t.Errorf("legend at %d cells: %q", m.tree.width, got)
	}
	if !strings.Contains(ansi.Strip(m.TreeView(m.tree.width, m.tree.height)), "not in repo_tree {}") {
		t.Errorf("the tree does not draw its legend")
	}
}

func cells(s string) int { return ansi.StringWidth(s) }

// TestTreeRuleWhereTheEntryCapFalls: inside the folder the cap cut, a rule
// sits before the first entry not listed; the folder says how much of it
// is listed; the cursor never lands on the rule.
func TestTreeRuleWhereTheEntryCapFalls(t *testing.T) {
	dir := capRepo(t)
	m := start(t, dir, 120, 40)
	res, err := m.Look.Tree(context.Background(), repoops.TreeArgs{})
	if err != nil {
		t.Fatal(err)
	}
	var big repoops.TreeEntry
	for _, e := range res.Entries {
		if e.Raw == "big" {
			big = e
		}
	}
	if big.State != repoops.EntryPartlyListed {
		t.Fatalf("fixture: big/ is %v in the root listing", big.State)
	}
	selectPath(t, m, "big")
	press(m, "l")
	rows, _ := m.tree.rowsView()
	for _, r := range rows {
		if r.Name == "big" && (r.Listed != big.Listed || r.Total != big.Total) {
			t.Errorf("big/ shows %d of %d, the tool says %d of %d", r.Listed, r.Total, big.Listed, big.Total)
		}
	}
	rule := -1
	for i, n := range m.tree.rows {
		if n.rule {
			rule = i
		}
	}
	if rule < 0 {
		t.Fatal("no rule row")
	}
	before, after := m.tree.rows[rule-1], m.tree.rows[rule+1]
	if b, _ := m.tree.horizon.mark(before.path); b {
		t.Errorf("the row above the rule (%s) is beyond the horizon", before.path)
	}
	if b, _ := m.tree.horizon.mark(after.path); !b {
		t.Errorf("the row below the rule (%s) is listed", after.path)
	}
	if want := fmt.Sprintf("big/f%04d.txt", big.Listed); after.path != want {
		t.Errorf("rule before %s, want before %s", after.path, want)
	}
	m.tree.cursor = rule - 1
	m.tree.clamp()
	press(m, "j")
	if m.tree.cursor != rule+1 {
		t.Errorf("j from above the rule lands on row %d, want %d (past the rule)", m.tree.cursor, rule+1)
	}
	press(m, "k")
	if m.tree.cursor != rule-1 {
		t.Errorf("k from below the rule lands on row %d, want %d", m.tree.cursor, rule-1)
	}
	m.tree.offset = max(rule-5, 0)
	m.tree.cursor = rule - 1
	m.tree.clamp()
	long, short := m.tree.horizon.ruleText()
	if long != "repo_tree {} stops here: "+repoops.Commas(repoops.TreeDefaultEntries)+" entries" {
		t.Errorf("rule text %q", long)
	}
	if v := ansi.Strip(m.TreeView(m.tree.width, m.tree.height)); !strings.Contains(v, "┄┄ "+short) {
		t.Errorf("no rule drawn:\n%s", v)
	}
}

// TestTreeReachOfADimmedRow: resting on a row beyond the horizon says the
// calls an agent makes to see it listed, worked out with the tool, each
// named (not "+2 calls").
func TestTreeReachOfADimmedRow(t *testing.T) {
	dir := capRepo(t)
	m := start(t, dir, 120, 40)
	for _, p := range []string{"deep", "deep/a", "deep/a/b", "deep/a/b/c", "deep/a/b/c/d", "deep/a/b/c/d/e", "deep/a/b/c/d/e/f", "deep/a/b/c/d/e/f/g"} {
		selectPath(t, m, p)
		press(m, "l")
	}
	selectPath(t, m, "deep/a/b/c/d/e/f/g/leaf.txt")
	rest(m)
	// The entry cap cuts the root listing inside big/, so deep/ is listed
	// [contents not listed]; from there three levels a call: deep/a/b/c,
	// then deep/a/b/c/d/e/f, then leaf.txt.
	want := `reach: repo_tree {"path":"deep"}, then repo_tree {"path":"deep/a/b/c"}, then repo_tree {"path":"deep/a/b/c/d/e/f"}`
	if st := m.status(); st.Reach != want || !st.Beyond {
		t.Errorf("status reach %q (beyond %v), want %q", st.Reach, st.Beyond, want)
	}
	if l := m.tree.legend(200); l != "◦ "+want {
		t.Errorf("legend on the row: %q", l)
	}
	// In the standard fixture one call from the edge of the root listing.
	f := start(t, panetest.FixtureRepo(t), 120, 40)
	for _, p := range []string{"deep", "deep/a", "deep/a/b", "deep/a/b/c"} {
		selectPath(t, f, p)
		press(f, "l")
	}
	selectPath(t, f, "deep/a/b/c/leaf.txt")
	rest(f)
	if st := f.status(); st.Reach != `reach: repo_tree {"path":"deep/a/b"}` {
		t.Errorf("fixture reach %q", st.Reach)
	}
	// Past the entry cap of its folder no repo_tree lists it.
	selectPath(t, m, "big")
	press(m, "l")
	selectPath(t, m, fmt.Sprintf("big/f%04d.txt", repoops.TreeDefaultEntries+99))
	rest(m)
	if st := m.status(); !strings.HasPrefix(st.Reach, "no repo_tree lists it") || !strings.Contains(st.Reach, "repo_find") {
		t.Errorf("reach past the cap: %q", st.Reach)
	}
}

// TestPreviewFollowsTheCursor: resting on a file shows it in the viewer
// (the root's TestTreePreviewKeepsFocus: focus stays, no read recorded);
// p turns it off.
func TestPreviewFollowsTheCursor(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	selectPath(t, m, "README.md")
	rest(m)
	if m.viewerPath != "README.md" {
		t.Fatalf("viewer %q", m.viewerPath)
	}
	press(m, "p")
	selectPath(t, m, ".gitignore")
	rest(m)
	if m.viewerPath != "README.md" {
		t.Errorf("preview off, the viewer followed to %q", m.viewerPath)
	}
	// A stale rest (the cursor moved since) does nothing.
	press(m, "p", "j")
	seq := m.tree.restSeq
	press(m, "j")
	_, cmd := m.Update(pane.Msg{To: pane.Tree, Job: pane.JobRest, Gen: seq, Msg: restMsg{}})
	run(m, cmd)
	if m.viewerPath != "README.md" {
		t.Errorf("a stale rest opened %q", m.viewerPath)
	}
}

// TestTreeFilterFindsDeepMatchesWithParents: / filters over the whole file
// set, folders not yet open included; letters are typed, not run; enter
// keeps the cursor on the match with the tree opened to it; esc restores.
func TestTreeFilterFindsDeepMatchesWithParents(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	before := len(m.tree.rows)
	press(m, "/")
	typeText(m, "leaf")
	var got []string
	for _, n := range m.tree.shown() {
		got = append(got, fmt.Sprintf("%s:%v", n.path, n.context))
	}
	want := "deep:true deep/a:true deep/a/b:true deep/a/b/c:true deep/a/b/c/leaf.txt:false"
	if strings.Join(got, " ") != want {
		t.Fatalf("filter rows %v, want %s", got, want)
	}
	if n := m.tree.selected(); n == nil || n.path != "deep/a/b/c/leaf.txt" {
		t.Fatalf("cursor not on the match: %v", n)
	}
	if !strings.Contains(ansi.Strip(m.TreeView(m.tree.width, m.tree.height)), "/leaf") {
		t.Errorf("the prompt is not drawn")
	}
	press(m, "enter")
	if m.tree.filter != nil || m.common.Overlays.Top() != nil {
		t.Fatal("enter left the filter open")
	}
	if n := m.tree.selected(); n == nil || n.path != "deep/a/b/c/leaf.txt" {
		t.Fatalf("after enter the cursor is on %v", n)
	}
	// esc: the tree as it was, cursor included; q is typed, not quit.
	selectPath(t, m, "README.md")
	cur, rows := m.tree.cursor, len(m.tree.rows)
	press(m, "/")
	typeText(m, "qmain")
	if m.tree.filter == nil || m.tree.filter.input != "qmain" {
		t.Fatalf("letters were not typed into the filter")
	}
	press(m, "esc")
	if m.tree.filter != nil || m.tree.cursor != cur || len(m.tree.rows) != rows || rows <= before {
		t.Errorf("esc: filter %v, cursor %d (want %d), rows %d (want %d)", m.tree.filter != nil, m.tree.cursor, cur, len(m.tree.rows), rows)
	}
}

// TestTreeFilterDropsStalePasses: a pass started before the last key never
// replaces the newer one's rows.
func TestTreeFilterDropsStalePasses(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "/")
	_, first := m.Update(panetest.Key("s"))
	_, second := m.Update(panetest.Key("t"))
	run(m, second)
	run(m, first)
	for _, n := range m.tree.shown() {
		if !n.context && !strings.Contains(n.name, "st") {
			t.Errorf("row %q from the stale pass for \"s\"", n.path)
		}
	}
	if m.tree.filter.forQuery != "st" {
		t.Errorf("rows answer %q", m.tree.filter.forQuery)
	}
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	c := exec.Command("git", args...)
	c.Dir = dir
	c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestTreeShowsWhatTheToolsKnow: git status marks from one repo_git status,
// symlink targets, a link to a folder that expands, the ignored toggle and
// folders first.
func TestTreeShowsWhatTheToolsKnow(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"README.md": "changed\n", "new.txt": "new\n", "src/main.go": "package main\n"})
	gitIn(t, dir, "add", "src/main.go")
	if err := os.Symlink("docs/long.txt", filepath.Join(dir, "ln")); err != nil {
		t.Skip("no symlinks here")
	}
	if err := os.Symlink("src", filepath.Join(dir, "lnd")); err != nil {
		t.Fatal(err)
	}
	m := start(t, dir, 120, 40)
	for p, want := range map[string]string{"README.md": "M", "new.txt": "?", "src/main.go": "S", "src": "•"} {
		if got := m.tree.git[p]; got != want {
			t.Errorf("git mark of %s: %q, want %q", p, got, want)
		}
	}
	view := ansi.Strip(m.TreeView(m.tree.width, m.tree.height))
	if !strings.Contains(view, "README.md M") || !strings.Contains(view, "ln ?  -> docs/long.txt") {
		t.Errorf("marks not drawn:\n%s", view)
	}
	selectPath(t, m, "lnd")
	press(m, "l")
	if rowIndex(m, "lnd/main.go") < 0 {
		t.Errorf("the link to src/ did not expand: %v", m.tree.nodes["lnd"])
	}
	if rowIndex(m, "app.log") >= 0 {
		t.Fatal("an ignored file is shown before the toggle")
	}
	press(m, ".")
	i := rowIndex(m, "app.log")
	if i < 0 || !m.tree.shown()[i].isIgnored {
		t.Fatal("the ignored toggle does not show app.log, marked ignored")
	}
	selectPath(t, m, "app.log")
	if st := m.status(); st.Reach != ignoredNote {
		t.Errorf("status on an ignored row: %q", st.Reach)
	}
	press(m, ".", "F")
	var top []string
	for _, n := range m.tree.rows {
		if n.depth == 1 {
			top = append(top, n.name)
		}
	}
	if got := strings.Join(top, " "); got != "deep docs empty lnd src .gitignore README.md data.bin ln new.txt" {
		t.Errorf("folders first: %s", got)
	}
}

// A query with a slash is a path fragment: it matches the whole path (no
// name holds a slash), with the same parents and smart case.
func TestTreeFilterMatchesAPathFragment(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "/")
	typeText(m, "b/c/le")
	var got []string
	for _, n := range m.tree.shown() {
		got = append(got, fmt.Sprintf("%s:%v", n.path, n.context))
	}
	want := "deep:true deep/a:true deep/a/b:true deep/a/b/c:true deep/a/b/c/leaf.txt:false"
	if strings.Join(got, " ") != want {
		t.Fatalf("filter rows %v, want %s", got, want)
	}
	press(m, "esc")
	press(m, "/")
	typeText(m, "B/C/le")
	if f := m.tree.filter; f == nil || f.forQuery != "B/C/le" || f.matches != 0 {
		t.Fatalf("a capital makes the fragment case-sensitive: %+v", f)
	}
}

// TestTreeEdgeRowExplainedOnTheStatusLine: resting on a ⋯ folder (listed
// by the default repo_tree, its contents not) or a ◑ one (cut by the entry
// cap inside) says so on the status line, with the call that lists the
// rest.
func TestTreeEdgeRowExplainedOnTheStatusLine(t *testing.T) {
	f := start(t, panetest.FixtureRepo(t), 120, 40)
	for _, p := range []string{"deep", "deep/a"} {
		selectPath(t, f, p)
		press(f, "l")
	}
	selectPath(t, f, "deep/a/b")
	rest(f)
	st := f.status()
	if st.Reach != `⋯ repo_tree {} stops at depth 3 here, [contents not listed] — repo_tree {"path":"deep/a/b"} lists them` {
		t.Errorf("⋯ row: status %q", st.Reach)
	}
	selectPath(t, f, "deep/a")
	rest(f)
	if st := f.status(); st.Reach != "" {
		t.Errorf("a listed folder explained as %q", st.Reach)
	}
	m := start(t, capRepo(t), 120, 40)
	selectPath(t, m, "big")
	rest(m)
	if st := m.status(); !strings.HasPrefix(st.Reach, "◑ repo_tree {} lists ") || !strings.HasSuffix(st.Reach, ` here (entry cap) — repo_tree {"path":"big"} lists the rest`) {
		t.Errorf("◑ row: status %q", st.Reach)
	}
}

// TestFilterFindsAnIgnoredFileWhenShown: the filter over the file set
// leaves ignored files out; with ignored entries shown (.), it finds one,
// marked ignored, and enter keeps the cursor there.
func TestFilterFindsAnIgnoredFileWhenShown(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 120, 40)
	press(m, "/")
	typeText(m, "app.log")
	if rows := m.tree.shown(); m.tree.filter.forQuery == "app.log" && len(rows) > 0 {
		t.Fatalf("the filter over the file set lists the ignored %s", rows[0].path)
	}
	press(m, "esc", ".", "/")
	typeText(m, "dep.go")
	if n := m.tree.selected(); n == nil || n.path != "vendor/dep/dep.go" || !n.isIgnored {
		t.Fatalf("with ignored entries shown the filter selects %v", n)
	}
	press(m, "enter")
	if n := m.tree.selected(); n == nil || n.path != "vendor/dep/dep.go" {
		t.Fatalf("enter left the cursor on %v", n)
	}
	rest(m)
	if m.viewerPath != "vendor/dep/dep.go" {
		t.Errorf("resting on it opened %q", m.viewerPath)
	}
}

// TestOptionsTakeTheSettings: the remembered settings set the toggles up,
// and F and p change them through Setting.
func TestOptionsTakeTheSettings(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	if m.tree.foldersFirst || !m.tree.preview {
		t.Fatalf("defaults: folders first %v, preview %v", m.tree.foldersFirst, m.tree.preview)
	}
	press(m, "F", "p")
	if !m.settings.FoldersFirst || !m.settings.NoPreview {
		t.Errorf("F and p saved %+v", m.settings)
	}
	o := New(m.common, "fixture", Options{FoldersFirst: true, NoPreview: true})
	if !o.foldersFirst || o.preview {
		t.Errorf("from the settings: folders first %v, preview %v", o.foldersFirst, o.preview)
	}
}

// A reach names every call up to reachNamed of them; a longer walk names
// its first and last and counts the rest.
func TestReachCallsNamesThem(t *testing.T) {
	c := func(p string) string { return `repo_tree {"path":"` + p + `"}` }
	if got, want := reachCalls([]string{c("a"), c("a/b")}), c("a")+", then "+c("a/b"); got != want {
		t.Errorf("two calls: %q, want %q", got, want)
	}
	long := []string{c("a"), c("a/b"), c("a/b/c"), c("a/b/c/d"), c("a/b/c/d/e"), c("a/b/c/d/e/f")}
	if got, want := reachCalls(long), c("a")+", then 4 calls more like it, then "+c("a/b/c/d/e/f"); got != want {
		t.Errorf("six calls: %q, want %q", got, want)
	}
}
