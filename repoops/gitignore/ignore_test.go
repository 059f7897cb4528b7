package gitignore

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// ---- helpers shared by the tests -------------------------------------------

// ignoreTestGit runs git against the repository at dir with no system,
// global or user configuration and no core.excludesFile, case-sensitive.
type ignoreTestGit struct {
	t    *testing.T
	home string
}

func newIgnoreTestGit(t *testing.T) *ignoreTestGit {
	t.Helper()
	repotest.NeedGit(t)
	return &ignoreTestGit{t: t, home: t.TempDir()}
}

func (g *ignoreTestGit) run(dir string, stdin []byte, args ...string) []byte {
	g.t.Helper()
	full := append([]string{
		"-c", "core.excludesFile=" + os.DevNull,
		"-c", "core.ignorecase=false",
		"-c", "init.defaultBranch=main",
	}, args...)
	cmd := repotest.GitCmd(dir, full...)
	cmd.Env = repotest.GitEnv(g.home)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		// check-ignore exits 1 when nothing is ignored.
		if ee, ok := err.(*exec.ExitError); !(ok && ee.ExitCode() == 1 && len(args) > 0 && args[0] == "check-ignore") {
			g.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
	}
	return out
}

func (g *ignoreTestGit) init(dir string) {
	g.t.Helper()
	g.run(dir, nil, "init", "-q")
}

// checkIgnore asks git about each path and returns, per path, whether it is
// ignored and the "source:line:pattern" git reported (for failure messages).
func (g *ignoreTestGit) checkIgnore(dir string, paths []string) (map[string]bool, map[string]string) {
	g.t.Helper()
	var in bytes.Buffer
	for _, p := range paths {
		in.WriteString(p)
		in.WriteByte(0)
	}
	out := g.run(dir, in.Bytes(), "check-ignore", "--no-index", "--stdin", "-z", "-v", "-n")
	fields := strings.Split(string(out), "\x00")
	if len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	if len(fields)%4 != 0 {
		g.t.Fatalf("check-ignore: unexpected output %q", out)
	}
	ignored := map[string]bool{}
	why := map[string]string{}
	for i := 0; i < len(fields); i += 4 {
		src, line, pat, p := fields[i], fields[i+1], fields[i+2], fields[i+3]
		ignored[p] = src != "" && !strings.HasPrefix(pat, "!")
		if src != "" {
			why[p] = src + ":" + line + ":" + pat
		}
	}
	for _, p := range paths {
		if _, ok := ignored[p]; !ok {
			g.t.Fatalf("check-ignore said nothing about %q", p)
		}
	}
	return ignored, why
}

// lsFiles lists the untracked files git reports as ignored (ignored=true) or
// as not ignored (ignored=false).
func (g *ignoreTestGit) lsFiles(dir string, ignored bool) []string {
	g.t.Helper()
	args := []string{"ls-files", "--others", "--exclude-standard", "-z"}
	if ignored {
		args = append(args, "--ignored")
	}
	out := g.run(dir, nil, args...)
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	return files
}

// ignoreWalkResult is what walking a tree like the caller does yields.
type ignoreWalkResult struct {
	decision map[string]bool // every entry visited -> our "ignored" verdict
	isDir    map[string]bool
	visited  []string // in visit order
	ignored  []string // files ignored, directly or through an ignored directory
	kept     []string // files not ignored
}

// ignoreWalk walks root the way the caller does: .git/info/exclude is the
// bottom rule set, each directory's .gitignore is pushed on entry, and
// ignored directories are not descended into.
func ignoreWalk(t *testing.T, root string) *ignoreWalkResult {
	t.Helper()
	res := &ignoreWalkResult{decision: map[string]bool{}, isDir: map[string]bool{}}
	var chain *Chain
	if data, err := os.ReadFile(filepath.Join(root, ".git", "info", "exclude")); err == nil {
		chain = chain.With(Compile("", data))
	}
	var walk func(rel string, chain *Chain)
	walk = func(rel string, chain *Chain) {
		dir := filepath.Join(root, filepath.FromSlash(rel))
		if data, err := os.ReadFile(filepath.Join(dir, ".gitignore")); err == nil {
			chain = chain.With(Compile(rel, data))
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if rel == "" && e.Name() == ".git" {
				continue
			}
			p := path.Join(rel, e.Name())
			ig := chain.Ignored(p, e.IsDir())
			res.decision[p] = ig
			res.isDir[p] = e.IsDir()
			res.visited = append(res.visited, p)
			switch {
			case e.IsDir() && ig:
				err := filepath.WalkDir(filepath.Join(dir, e.Name()), func(fp string, d fs.DirEntry, err error) error {
					if err != nil {
						return err
					}
					if !d.IsDir() {
						r, _ := filepath.Rel(root, fp)
						res.ignored = append(res.ignored, filepath.ToSlash(r))
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			case e.IsDir():
				walk(p, chain)
			case ig:
				res.ignored = append(res.ignored, p)
			default:
				res.kept = append(res.kept, p)
			}
		}
	}
	walk("", chain)
	sort.Strings(res.ignored)
	sort.Strings(res.kept)
	return res
}

// ignoreCompareWithGit walks root with our matcher and compares every
// verdict with git: check-ignore for every entry visited (files and
// directories) and ls-files for the resulting sets of files.
func ignoreCompareWithGit(t *testing.T, g *ignoreTestGit, root string) *ignoreWalkResult {
	t.Helper()
	res := ignoreWalk(t, root)
	gitIgnored, why := g.checkIgnore(root, res.visited)
	bad := 0
	for _, p := range res.visited {
		if res.decision[p] != gitIgnored[p] {
			bad++
			if bad <= 40 {
				t.Errorf("%s (dir=%v): ours ignored=%v, git ignored=%v (git: %q)",
					p, res.isDir[p], res.decision[p], gitIgnored[p], why[p])
			}
		}
	}
	if bad > 40 {
		t.Errorf("... %d mismatches in all", bad)
	}
	ignoreCompareLists(t, "ignored files", res.ignored, g.lsFiles(root, true))
	ignoreCompareLists(t, "not-ignored files", res.kept, g.lsFiles(root, false))
	return res
}

func ignoreCompareLists(t *testing.T, what string, ours, git []string) {
	t.Helper()
	o := map[string]bool{}
	for _, p := range ours {
		o[p] = true
	}
	gm := map[string]bool{}
	for _, p := range git {
		gm[p] = true
	}
	n := 0
	for _, p := range ours {
		if !gm[p] {
			n++
			if n <= 20 {
				t.Errorf("%s: %q is in ours, not in git's", what, p)
			}
		}
	}
	for _, p := range git {
		if !o[p] {
			n++
			if n <= 20 {
				t.Errorf("%s: %q is in git's, not in ours", what, p)
			}
		}
	}
}

func ignoreWriteFile(t *testing.T, root, rel string, data string) {
	t.Helper()
	repotest.WriteFiles(t, root, map[string]string{rel: data})
}

func ignoreMkdir(t *testing.T, root, rel string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(rel)), 0o755); err != nil {
		t.Fatal(err)
	}
}

// ---- table tests -----------------------------------------------------------

type ignoreCase struct {
	base   string // directory holding the rules
	rules  string
	path   string
	isDir  bool
	ignore bool
}

var ignoreCases = []ignoreCase{
	// blank lines, comments, escapes
	{"", "\n\n# foo\n", "foo", false, false},
	{"", "# foo\n", "# foo", false, false},
	{"", "\\#foo\n", "#foo", false, true},
	{"", " #foo\n", " #foo", false, true},
	{"", "\\!foo\n", "!foo", false, true},
	{"", "!foo\n", "!foo", false, false},
	{"", "foo\n!foo\n", "foo", false, false},
	{"", "!foo\nfoo\n", "foo", false, true},
	{"", "*.log\n!keep.log\n", "keep.log", false, false},
	{"", "*.log\n!keep.log\n", "other.log", false, true},
	// trailing spaces and CR
	{"", "foo   \n", "foo", false, true},
	{"", "foo   \n", "foo   ", false, false},
	{"", "foo\\ \n", "foo ", false, true},
	{"", "foo\\ \n", "foo", false, false},
	{"", "foo \\ \n", "foo  ", false, true},
	{"", "foo\t\n", "foo\t", false, true},
	{"", "foo\t\n", "foo", false, false},
	{"", "foo\r\nbar\r\n", "foo", false, true},
	{"", "foo\r\nbar\r\n", "bar", false, true},
	{"", "foo \r\n", "foo", false, true},
	{"", "foo", "foo", false, true}, // no final newline
	{"", "\xEF\xBB\xBFfoo\n", "foo", false, true},
	// anchoring
	{"", "foo\n", "a/b/foo", false, true},
	{"", "/foo\n", "foo", false, true},
	{"", "/foo\n", "a/foo", false, false},
	{"", "a/foo\n", "a/foo", false, true},
	{"", "a/foo\n", "x/a/foo", false, false},
	{"sub", "foo\n", "sub/x/foo", false, true},
	{"sub", "/foo\n", "sub/foo", false, true},
	{"sub", "/foo\n", "sub/x/foo", false, false},
	{"sub", "x/foo\n", "sub/x/foo", false, true},
	{"sub", "sub/x/foo\n", "sub/x/foo", false, false},
	{"a/b", "c/d\n", "a/b/c/d", false, true},
	{"su", "x/foo\n", "sux/foo", false, false}, // rules of "su" do not reach "sux"
	{"su", "/x\n", "sux", false, false},
	// directory-only
	{"", "build/\n", "build", true, true},
	{"", "build/\n", "build", false, false},
	{"", "build/\n", "src/build", true, true},
	{"", "a/build/\n", "a/build", true, true},
	{"", "a/build/\n", "a/build", false, false},
	{"", "/\n", "x", false, false},
	// '*', '?', brackets never match '/'
	{"", "*.c\n", "x/y.c", false, true},
	{"", "a/*.c\n", "a/y.c", false, true},
	{"", "a/*.c\n", "a/b/y.c", false, false},
	{"", "a*c\n", "abc", false, true},
	{"", "a/?/c\n", "a/b/c", false, true},
	{"", "a?c\n", "abc", false, true},
	{"", "a?c\n", "ac", false, false},
	{"", "d/a?b\n", "d/a/b", false, false},
	{"", "d/a*\n!d/ab/\n", "d/ab/c", false, false},
	{"", "d/a*\n!d/ab/\n", "d/ab", true, false},
	{"", "d/a*\n!d/ab/\n", "d/ab", false, true},
	{"", "d/*/c\n", "d/x/y/c", false, false},
	{"", "a[bc]d\n", "acd", false, true},
	{"", "a[b-d]e\n", "ace", false, true},
	{"", "a[b-d]e\n", "aee", false, false},
	{"", "a[!b]c\n", "abc", false, false},
	{"", "a[!b]c\n", "axc", false, true},
	{"", "a[^b]c\n", "axc", false, true},
	{"", "a[^b]c\n", "abc", false, false},
	{"", "[]]x\n", "]x", false, true},
	{"", "[!]]x\n", "ax", false, true},
	{"", "a[]-]b\n", "a-b", false, true},
	{"", "x[-b]\n", "x-", false, true},
	{"", "x[-b]\n", "xa", false, false},
	{"", "x[a-c-e]\n", "x-", false, true},
	{"", "x[a-c-e]\n", "xd", false, false},
	{"", "x[a-]\n", "x-", false, true},
	{"", "x[[:digit:]]\n", "x7", false, true},
	{"", "x[[:digit:]]\n", "xa", false, false},
	{"", "x[[:alpha:][:digit:]]y\n", "xqy", false, true},
	{"", "x[[:bogus:]]\n", "x[", false, false},
	{"", "a[bc\n", "a[bc", false, false}, // unterminated class never matches
	{"", "d/a[/]b\n", "d/a/b", false, false},
	{"", "a\\*b\n", "a*b", false, true},
	{"", "a\\*b\n", "axb", false, false},
	{"", "a\\?b\n", "axb", false, false},
	{"", "\\[ab]\n", "[ab]", false, true},
	{"", "a[\\]]b\n", "a]b", false, true},
	{"", "foo\\\n", "foo", false, false},
	// "**"
	{"", "**/foo\n", "foo", false, true},
	{"", "**/foo\n", "a/b/foo", false, true},
	{"", "**/foo\n", "afoo", false, false},
	{"", "**/foo\n", "x/afoo", false, false},
	{"", "**/foo/bar\n", "x/foo/bar", false, true},
	{"", "**/foo/bar\n", "foo/bar", false, true},
	{"", "abc/**\n", "abc/x", false, true},
	{"", "abc/**\n", "abc", true, false},
	{"", "a/**/b\n", "a/b", false, true},
	{"", "a/**/b\n", "a/x/b", false, true},
	{"", "a/**/b\n", "a/x/y/b", false, true},
	{"", "a/**/b\n", "a/xb", false, false},
	{"", "a**b\n", "axxb", false, true},
	{"", "d/a**b\n", "d/a/b", false, false},
	{"", "**\n", "x", false, true},
	{"", "/**\n", "x", false, true},
	{"sub", "**/foo\n", "sub/a/foo", false, true},
	{"sub", "**/foo\n", "subfoo", false, false},
	// git's prefix shortcut: the glob-free head of an anchored pattern is
	// compared literally and the rest matched on its own.
	{"", "d/x**/y\n", "d/xa/b/y", false, true},
	// case-sensitive
	{"", "Foo\n", "foo", false, false},
	{"", "*.TXT\n", "a.txt", false, false},
	{"", "*.TXT\n", "a.TXT", false, true},
}

func TestIgnorePatternTable(t *testing.T) {
	for i, tc := range ignoreCases {
		chain := (*Chain)(nil).With(Compile(tc.base, []byte(tc.rules)))
		// The cases are meant to test one verdict: no parent directory of
		// the path may be ignored by the same rules.
		for d := path.Dir(tc.path); d != "." && d != tc.base; d = path.Dir(d) {
			if chain.Ignored(d, true) {
				t.Fatalf("case %d: bad case, parent %q is ignored", i, d)
			}
		}
		if got := chain.Ignored(tc.path, tc.isDir); got != tc.ignore {
			t.Errorf("case %d: rules %q in %q: ignored(%q, dir=%v) = %v, want %v",
				i, tc.rules, tc.base, tc.path, tc.isDir, got, tc.ignore)
		}
	}
}

// TestIgnorePatternTableGit checks the expectations in ignoreCases against git
// itself, so that the table cannot drift from git's behaviour.
func TestIgnorePatternTableGit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file names in the table are not valid on Windows")
	}
	g := newIgnoreTestGit(t)
	for i, tc := range ignoreCases {
		root := filepath.Join(t.TempDir(), "repo")
		ignoreMkdir(t, root, "")
		g.init(root)
		ignoreWriteFile(t, root, path.Join(tc.base, ".gitignore"), tc.rules)
		if tc.isDir {
			ignoreMkdir(t, root, tc.path)
		} else {
			ignoreWriteFile(t, root, tc.path, "x")
		}
		got, why := g.checkIgnore(root, []string{tc.path})
		if got[tc.path] != tc.ignore {
			t.Errorf("case %d: rules %q in %q: git says ignored(%q, dir=%v) = %v (%q), table says %v",
				i, tc.rules, tc.base, tc.path, tc.isDir, got[tc.path], why[tc.path], tc.ignore)
		}
	}
}

func TestIgnoreChainPriority(t *testing.T) {
	info := Compile("", []byte("*.tmp\n!keep.tmp\nsecret\n"))
	root := Compile("", []byte("*.log\n!*.tmp\n"))
	sub := Compile("sub", []byte("!x.log\n*.tmp\n"))

	var c *Chain
	if c.Ignored("a.log", false) {
		t.Error("empty chain ignores")
	}
	if c.With(nil) != nil {
		t.Error("nil.With(nil) != nil")
	}
	c1 := c.With(info)
	c2 := c1.With(root)
	c3 := c2.With(sub)
	if c2.With(nil) != c2 {
		t.Error("with(nil) did not return the chain unchanged")
	}
	tests := []struct {
		c    *Chain
		path string
		want bool
	}{
		{c1, "a.tmp", true},
		{c1, "keep.tmp", false},
		{c2, "a.tmp", false},    // root's "!*.tmp" beats info/exclude
		{c2, "secret", true},    // only info/exclude has an opinion
		{c2, "sub/x.log", true}, // root rules
		{c3, "sub/x.log", false},
		{c3, "sub/y.log", true},
		{c3, "sub/a.tmp", true}, // deeper "*.tmp" beats root's "!*.tmp"
		{c3, "sub/secret", true},
		{c1, "a.log", false}, // pushing did not modify the shorter chains
	}
	for _, tt := range tests {
		if got := tt.c.Ignored(tt.path, false); got != tt.want {
			t.Errorf("ignored(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// ---- comparisons with git on whole trees -----------------------------------

func TestIgnoreMatchesGitFixture(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("fixture file names are not valid on Windows")
	}
	g := newIgnoreTestGit(t)
	root := filepath.Join(t.TempDir(), "repo")
	ignoreMkdir(t, root, "")
	g.init(root)

	ignoreWriteFile(t, root, ".gitignore", strings.Join([]string{
		"# comment",
		"",
		"*.log",
		"!important.log",
		"/build",
		"dist/",
		"temp*",
		"\\#hash.txt",
		"\\!bang.txt",
		"trailing.txt   ",
		"escaped\\ ",
		"docs/**/*.tmp",
		"**/cache",
		"logs/**",
		"!logs/keep/",
		"a/**/b",
		"*.py[cod]",
		"file[0-9].dat",
		"name[!x].txt",
		"other[^y].txt",
		"foo?bar",
		"/node_modules/",
		"Foo.TXT",
		"space name.txt",
		"\\*star",
		"crlf.bin\r",
		"crlfdir/\r",
		"spacecrlf.txt  \r",
		"**/deep/**/leaf",
		"/anchored/dir/",
		"mid/slash",
		"!keep-root.tmp",
		"",
	}, "\n"))
	ignoreWriteFile(t, root, "src/.gitignore", strings.Join([]string{
		"!debug.log",
		"generated/",
		"/local.txt",
		"nested/deep.txt",
		"*.gen",
		"!keep.gen",
		"!temp-keep",
		"",
	}, "\r\n"))
	ignoreWriteFile(t, root, "src/lib/.gitignore", "!*.gen\n/only-here\n*.log\n")
	ignoreWriteFile(t, root, "docs/.gitignore", "!keep.tmp\n")
	ignoreWriteFile(t, root, "mid/.gitignore", "!slash\n")
	ignoreWriteFile(t, root, ".git/info/exclude", "*.secret\n!root.log\nexcl/\n!vis.secret\n")

	files := []string{
		"a.log", "important.log", "root.log", "sub/important.log", "sub/x.log",
		"build/out.o", "x/build/out.o", "build.txt",
		"dist/a.js", "x/dist/a.js", "y/dist",
		"temp", "temp1/a", "x/tempfile",
		"#hash.txt", "x/#hash.txt", "!bang.txt", "bang.txt",
		"trailing.txt", "trailing.txt   ", "escaped ", "escaped",
		"docs/a.tmp", "docs/x/a.tmp", "docs/x/y/b.tmp", "docs/keep.tmp", "docs/x/keep.tmp", "docs/a.txt",
		"cache/a", "x/cache/a", "x/y/cache", "cachex/a",
		"logs/a.txt", "logs/keep/a.txt", "logs/keep/sub/b.txt", "logs/other/c.txt",
		"a/b", "a/x/b", "a/x/y/b/c.txt", "a/xb", "q/a/b",
		"m.pyc", "m.pyo", "m.pyd", "m.py", "m.pyx",
		"file1.dat", "file12.dat", "filea.dat",
		"namea.txt", "namex.txt", "othera.txt", "othery.txt",
		"foo-bar", "foobar", "foo/bar/x",
		"node_modules/m/index.js", "x/node_modules/m/index.js",
		"Foo.TXT", "foo.txt", "FOO.TXT",
		"space name.txt", "space", "name.txt",
		"*star", "xstar",
		"crlf.bin", "crlf.bin\r", "crlfdir/a", "x/crlfdir/b",
		"spacecrlf.txt",
		"deep/leaf", "x/deep/y/z/leaf", "x/deep/leafy",
		"anchored/dir/x", "x/anchored/dir/y", "anchored/dirx",
		"mid/slash", "x/mid/slash",
		"keep-root.tmp",
		"src/a.log", "src/debug.log", "src/lib/debug.log", "src/generated/g.go",
		"src/lib/generated/g.go", "src/local.txt", "src/x/local.txt",
		"src/nested/deep.txt", "src/x/nested/deep.txt",
		"src/a.gen", "src/keep.gen", "src/lib/a.gen", "src/lib/x/b.gen",
		"src/lib/only-here", "src/lib/x/only-here", "src/only-here",
		"src/temp-keep", "src/lib/temp-keep",
		"a.secret", "src/b.secret", "vis.secret",
		"excl/a", "x/excl/b",
		"plain.txt", "src/main.go", "src/lib/lib.go",
	}
	for _, f := range files {
		ignoreWriteFile(t, root, f, "x")
	}

	res := ignoreCompareWithGit(t, g, root)
	if len(res.ignored) < 50 || len(res.kept) < 30 {
		t.Errorf("fixture too one-sided: %d ignored, %d kept files", len(res.ignored), len(res.kept))
	}
}

// ignoreRandom generates gitignore patterns and paths from a small alphabet
// so that the corners of the glob syntax get exercised.
type ignoreRandom struct{ rng *rand.Rand }

func (r ignoreRandom) pick(s []string) string { return s[r.rng.Intn(len(s))] }

var (
	ignoreRandomNames = []string{"a", "b", "ab", "ba", "a.b", "aa", "b.a", "[a]", "*", "a b", "#a", "!b", "a?",
		"-", "x", "\\a", "a ", "]"}
	ignoreRandomAtoms = []string{
		"a", "b", "ab", ".", "*", "*", "**", "?", "/", "/", "[ab]", "[!a]", "[^b]", "[a-b]",
		"[]a]", "[[:alpha:]]", "[[:punct:]]", "[[:x", "[a-]", "[-a]", "[a-b-]", "\\*", "\\[", "\\", " ", "\\ ", "#", "!", "-",
		"x", "[", "]", "**/", "/**", "/**/",
	}
)

func (r ignoreRandom) rules() string {
	var rules []string
	n := 1 + r.rng.Intn(4)
	if r.rng.Intn(3) == 0 {
		n = ignoreIndexMin + r.rng.Intn(8) // big enough to be indexed
	}
	for ; n > 0; n-- {
		var b strings.Builder
		if r.rng.Intn(5) == 0 {
			b.WriteString("!")
		}
		for k := 1 + r.rng.Intn(5); k > 0; k-- {
			b.WriteString(r.pick(ignoreRandomAtoms))
		}
		if r.rng.Intn(8) == 0 {
			b.WriteString("\r")
		}
		rules = append(rules, b.String())
	}
	return strings.Join(rules, "\n") + "\n"
}

func (r ignoreRandom) path(top string) string {
	parts := []string{top}
	for k := 1 + r.rng.Intn(4); k > 0; k-- {
		parts = append(parts, r.pick(ignoreRandomNames))
	}
	return strings.Join(parts, "/")
}

// TestIgnoreIndexMatchesScan checks that the index built for large rule
// files gives the same verdicts as scanning every pattern.
func TestIgnoreIndexMatchesScan(t *testing.T) {
	r := ignoreRandom{rand.New(rand.NewSource(3))}
	indexedSets := 0
	for k := 0; k < 3000; k++ {
		base := ""
		if k%2 == 1 {
			base = "a"
		}
		rules := r.rules()
		idx := Compile(base, []byte(rules))
		if !idx.indexed {
			continue
		}
		indexedSets++
		scan := *idx
		scan.indexed = false
		for n := 0; n < 50; n++ {
			p := r.path("a")
			if n%5 == 0 {
				p = strings.TrimPrefix(p, "a/")
			}
			b := p[strings.LastIndexByte(p, '/')+1:]
			for _, dir := range []bool{false, true} {
				if got, want := idx.match(p, b, dir), scan.match(p, b, dir); got != want {
					t.Fatalf("rules %q in %q, path %q dir=%v: indexed %d, scan %d", rules, base, p, dir, got, want)
				}
			}
		}
	}
	if indexedSets < 500 {
		t.Fatalf("only %d indexed rule sets generated", indexedSets)
	}
}

// TestIgnoreMatchesGitRandom compares the matcher with git on a tree of
// random files and directories under random rules.
func TestIgnoreMatchesGitRandom(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("fixture file names are not valid on Windows")
	}
	g := newIgnoreTestGit(t)
	root := filepath.Join(t.TempDir(), "repo")
	ignoreMkdir(t, root, "")
	g.init(root)

	r := ignoreRandom{rand.New(rand.NewSource(1))}
	const dirs = 60
	for d := 0; d < dirs; d++ {
		top := fmt.Sprintf("t%03d", d)
		ignoreWriteFile(t, root, top+"/.gitignore", r.rules())
		for n := 0; n < 25; n++ {
			full := filepath.Join(root, filepath.FromSlash(r.path(top)))
			// Paths may collide (a file where a directory is wanted and
			// vice versa); such paths are simply skipped.
			if r.rng.Intn(4) == 0 {
				if os.MkdirAll(full, 0o755) != nil {
					continue
				}
				_ = os.WriteFile(filepath.Join(full, "f"), []byte("x"), 0o644)
				continue
			}
			if os.MkdirAll(filepath.Dir(full), 0o755) != nil {
				continue
			}
			if fi, err := os.Stat(full); err == nil && fi.IsDir() {
				continue
			}
			if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res := ignoreCompareWithGit(t, g, root)
	t.Logf("%d rule files, %d entries compared, %d files ignored, %d kept",
		dirs, len(res.visited), len(res.ignored), len(res.kept))
	if len(res.ignored) < 100 || len(res.kept) < 100 {
		t.Errorf("random fixture too one-sided: %d ignored, %d kept files", len(res.ignored), len(res.kept))
	}
}

// TestIgnoreMatchesGitRandomPaths asks git check-ignore about many random
// paths that do not exist on disk (git then treats them as files; their
// parent directories as directories), under many random rule files.
func TestIgnoreMatchesGitRandomPaths(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file names are not valid on Windows")
	}
	g := newIgnoreTestGit(t)
	root := filepath.Join(t.TempDir(), "repo")
	ignoreMkdir(t, root, "")
	g.init(root)

	r := ignoreRandom{rand.New(rand.NewSource(2))}
	const dirs, perDir = 400, 60
	ours := map[string]bool{}
	var paths []string
	nIgnored := 0
	for d := 0; d < dirs; d++ {
		top := fmt.Sprintf("t%03d", d)
		rules := r.rules()
		ignoreWriteFile(t, root, top+"/.gitignore", rules)
		chain := (*Chain)(nil).With(Compile(top, []byte(rules)))
		for n := 0; n < perDir; n++ {
			p := r.path(top)
			if _, dup := ours[p]; dup {
				continue
			}
			// Walk like the caller: an ignored directory hides the rest.
			ig := false
			for i := len(top) + 1; i < len(p); i++ {
				if p[i] == '/' && chain.Ignored(p[:i], true) {
					ig = true
					break
				}
			}
			if !ig {
				ig = chain.Ignored(p, false)
			}
			ours[p] = ig
			paths = append(paths, p)
			if ig {
				nIgnored++
			}
		}
	}
	got, why := g.checkIgnore(root, paths)
	bad := 0
	for _, p := range paths {
		if ours[p] != got[p] {
			bad++
			if bad <= 40 {
				t.Errorf("%s: ours ignored=%v, git ignored=%v (git: %q)", p, ours[p], got[p], why[p])
			}
		}
	}
	t.Logf("%d paths compared, %d ignored, %d mismatches", len(paths), nIgnored, bad)
	if nIgnored < len(paths)/20 || nIgnored > len(paths)*19/20 {
		t.Errorf("random paths too one-sided: %d of %d ignored", nIgnored, len(paths))
	}
}

// ---- allocations and benchmark ---------------------------------------------

func ignoreBenchFixture() (map[string]*Chain, []ignoreBenchPath) {
	info := Compile("", []byte("*.secret\n.idea/\n"))
	root := Compile("", []byte(`# Dependencies
node_modules/
vendor/
/.pnp
.pnp.js

# Build output
/build
/dist/
out/
*.o
*.a
*.so
*.exe
*.test
*.out
bin/

# Logs and temp files
*.log
npm-debug.log*
*.tmp
*.swp
*~
.DS_Store
Thumbs.db

# Python
__pycache__/
*.py[cod]
.venv/
*.egg-info/

# Coverage
coverage/
*.cover
.nyc_output

# Env
.env
.env.*
!.env.example

**/testdata/golden/*.actual
docs/_build/
/tmp/**
!important.log
`))
	web := Compile("web", []byte(".next/\n/public/generated/\n*.map\n!keep.map\n"))

	chains := map[string]*Chain{}
	base := (*Chain)(nil).With(info).With(root)
	chains[""] = base
	chains["web"] = base.With(web)

	var paths []ignoreBenchPath
	dirs := []string{"", "cmd/repox", "internal/core", "internal/ui/view", "pkg/api/v1", "web", "web/src/components", "web/src/lib"}
	names := []string{"main.go", "util.go", "util_test.go", "README.md", "index.ts", "app.tsx", "style.css",
		"debug.log", "a.o", "node_modules", "build", "dist", "data.json", "x.pyc", ".env", ".env.example",
		"testdata", "Makefile", "go.mod", "bundle.js.map", ".next", "coverage", "image.png", "notes.tmp"}
	dirNames := map[string]bool{"node_modules": true, "build": true, "dist": true, "testdata": true, ".next": true, "coverage": true}
	for _, d := range dirs {
		for _, n := range names {
			p := n
			if d != "" {
				p = d + "/" + n
			}
			key := ""
			if strings.HasPrefix(p, "web/") {
				key = "web"
			}
			paths = append(paths, ignoreBenchPath{chain: key, path: p, isDir: dirNames[n]})
		}
	}
	return chains, paths
}

type ignoreBenchPath struct {
	chain string
	path  string
	isDir bool
}

func TestIgnoreMatchNoAlloc(t *testing.T) {
	chains, paths := ignoreBenchFixture()
	allocs := testing.AllocsPerRun(20, func() {
		for _, p := range paths {
			chains[p.chain].Ignored(p.path, p.isDir)
		}
	})
	if allocs != 0 {
		t.Errorf("ignored allocates: %v allocs per run", allocs)
	}
}

// BenchmarkIgnoreMatch measures one ignored() call (ns/op is per path) with
// a realistic root .gitignore, a nested one and .git/info/exclude.
func BenchmarkIgnoreMatch(b *testing.B) {
	chains, paths := ignoreBenchFixture()
	resolved := make([]*Chain, len(paths))
	for i, p := range paths {
		resolved[i] = chains[p.chain]
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		j := i % len(paths)
		if resolved[j].Ignored(paths[j].path, paths[j].isDir) {
			n++
		}
	}
	_ = n
}
