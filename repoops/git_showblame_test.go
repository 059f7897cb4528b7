package repoops

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

func TestCheckRev(t *testing.T) {
	long := strings.Repeat("a", revMaxLen+1)
	for _, c := range []struct {
		rev, want string // want: the rev passed on, or the refusal's words
		ok        bool
	}{
		{"", "HEAD", true},
		{"HEAD", "HEAD", true},
		{"HEAD~", "HEAD~", true},
		{"HEAD~3", "HEAD~3", true},
		{"HEAD^", "HEAD^", true},
		{"HEAD^2~1^", "HEAD^2~1^", true},
		{"abcd", "abcd", true},
		{"5267101cde584d0b46d193c3243d4b5442413711", "5267101cde584d0b46d193c3243d4b5442413711", true},
		{strings.Repeat("f", 64), strings.Repeat("f", 64), true},
		{"main", "main", true},
		{"release/v1.2_rc-3", "release/v1.2_rc-3", true},
		{"origin/main~2", "origin/main~2", true},
		{"v1.0^0", "v1.0^0", true},
		{"-p", "starts with '-', which git would read as an option", false},
		{"--output=/tmp/x", "starts with '-'", false},
		{"--end-of-options", "starts with '-'", false},
		{"-", "starts with '-'", false},
		{"~1", "has no name before its ~ or ^", false},
		{"^HEAD", "has no name before its ~ or ^", false},
		{"HEAD@{1}", `holds "@"`, false},
		{"@", `holds "@"`, false},
		{":/fix", `holds ":"`, false},
		{"HEAD:a.txt", `holds ":"`, false},
		{"HEAD^{tree}", `has "{" after a ~ or ^`, false},
		{"HEAD~x", `has "x" after a ~ or ^`, false},
		{"HEAD~1234567", "more than 6 digits", false},
		{"main..topic", `holds ".." (a range)`, false},
		{"a b", `holds " "`, false},
		{"a\nb", `holds "\n"`, false},
		{"ma\x00in", `holds "\x00"`, false},
		{"héllo", `holds "é"`, false},
		{"a//b", "empty part between slashes", false},
		{"/main", "empty part between slashes", false},
		{"main/", "empty part between slashes", false},
		{".hidden", "starts with '.'", false},
		{"a/.b", "starts with '.'", false},
		{"main.lock", `ends in ".lock" or '.'`, false},
		{"main.", `ends in ".lock" or '.'`, false},
		{"a*b", `holds "*"`, false},
		{"a\\b", `holds "\\"`, false},
		{long, "bytes long; a commit name is at most 256", false},
	} {
		got, err := checkRev(c.rev)
		switch {
		case c.ok && (err != nil || got != c.want):
			t.Errorf("checkRev(%q) = %q, %v; want %q", c.rev, got, err, c.want)
		case !c.ok && err == nil:
			t.Errorf("checkRev(%q) = %q; want a refusal", c.rev, got)
		case !c.ok && !strings.Contains(err.Error(), c.want):
			t.Errorf("checkRev(%q) refusal %q does not say %q", c.rev, err, c.want)
		case !c.ok && !strings.Contains(err.Error(), `call repo_git with cmd "log" to list commits`):
			t.Errorf("checkRev(%q) refusal %q names no next step", c.rev, err)
		}
	}
}

func TestParseLines(t *testing.T) {
	for _, c := range []struct {
		in   string
		want lineSpan
		bad  string
	}{
		{"", lineSpan{}, ""},
		{"7", lineSpan{7, 7}, ""},
		{"1-1", lineSpan{1, 1}, ""},
		{"10-20", lineSpan{10, 20}, ""},
		{"999999999", lineSpan{999999999, 999999999}, ""},
		{"0", lineSpan{}, "names line 0"},
		{"0-3", lineSpan{}, "names line 0"},
		{"5-4", lineSpan{}, "ends before it starts (5 is after 4)"},
		{"-3", lineSpan{}, "is not a line number"},
		{"3-", lineSpan{}, "is not a line number"},
		{"3,5", lineSpan{}, "is not a line number"},
		{" 3", lineSpan{}, "is not a line number"},
		{"3-5-7", lineSpan{}, "is not a line number"},
		{"+3", lineSpan{}, "is not a line number"},
		{"1e3", lineSpan{}, "is not a line number"},
		{"1234567890", lineSpan{}, "is not a line number"},
		{"٣", lineSpan{}, "is not a line number"},
	} {
		got, err := parseLines(c.in)
		switch {
		case c.bad == "" && (err != nil || got != c.want):
			t.Errorf("parseLines(%q) = %v, %v; want %v", c.in, got, err, c.want)
		case c.bad != "" && err == nil:
			t.Errorf("parseLines(%q) = %v; want a refusal", c.in, got)
		case c.bad != "" && !strings.Contains(err.Error(), c.bad):
			t.Errorf("parseLines(%q) refusal %q does not say %q", c.in, err, c.bad)
		case c.bad != "" && !strings.Contains(err.Error(), `lines is "A-B" or "A"`):
			t.Errorf("parseLines(%q) refusal %q does not say what is allowed", c.in, err)
		}
	}
}

// The arguments of one command are refused on the others, and a bad rev
// or lines never reaches git: a stand-in git logs every run.
func TestGitShowBlameArgumentsRefusedBeforeGitRuns(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "one\n"})
	log := filepath.Join(t.TempDir(), "runs")
	r := openWithStandInGit(t, dir, "  *) echo \"$*\" >> "+log+" ;;\n")
	s := r.NewSession()
	before, _ := os.ReadFile(log)
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"cmd": "status", "rev": "HEAD"}, `rev applies only to cmd "show" — leave it out for status`},
		{map[string]any{"cmd": "log", "rev": "HEAD"}, `rev applies only to cmd "show" — leave it out for log`},
		{map[string]any{"cmd": "blame", "path": "a.txt", "rev": "HEAD"}, `rev applies only to cmd "show" — leave it out for blame`},
		{map[string]any{"cmd": "diff", "lines": "1"}, `lines applies only to cmd "blame" — leave it out for diff`},
		{map[string]any{"cmd": "show", "lines": "1"}, `lines applies only to cmd "blame" — leave it out for show`},
		{map[string]any{"cmd": "show", "n": 2}, `n applies only to cmd "log" — leave it out for show`},
		{map[string]any{"cmd": "blame", "path": "a.txt", "n": 2}, `n applies only to cmd "log" — leave it out for blame`},
		{map[string]any{"cmd": "show", "rev": "-p"}, `rev "-p" starts with '-'`},
		{map[string]any{"cmd": "show", "rev": "--output=/tmp/x"}, `rev "--output=/tmp/x" starts with '-'`},
		{map[string]any{"cmd": "show", "rev": "HEAD:a.txt"}, `holds ":"`},
		{map[string]any{"cmd": "show", "rev": "HEAD", "path": "../x"}, "leads outside the repository"},
		{map[string]any{"cmd": "blame", "path": "a.txt", "lines": "-L1,1"}, "is not a line number"},
		{map[string]any{"cmd": "blame", "path": "a.txt", "lines": "2-1"}, "ends before it starts"},
		{map[string]any{"cmd": "blame", "path": "../a.txt"}, "leads outside the repository"},
		{map[string]any{"cmd": "blame", "path": ".git/config"}, ".git"},
		{map[string]any{"cmd": "show", "rev": 3}, `argument "rev" must be a string`},
		{map[string]any{"cmd": "blame", "path": "a.txt", "lines": 3}, `argument "lines" must be a string`},
	} {
		mustRefuse(t, call(t, s, "repo_git", c.args), c.want)
	}
	after, _ := os.ReadFile(log)
	if ran := strings.TrimPrefix(string(after), string(before)); ran != "" {
		t.Fatalf("git ran for a refused call:\n%s", ran)
	}
	// The stand-in does log what runs.
	mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show"}))
	after, _ = os.ReadFile(log)
	mustContain(t, string(after), "rev-parse --verify --end-of-options HEAD^{commit}", "show --no-ext-diff --no-textconv")
}

// gitAs runs git in dir for a fixture as another author, at date (which
// also is the commit date).
func gitAs(t *testing.T, dir, name, date string, args ...string) {
	t.Helper()
	cmd := repotest.GitCmd(dir, args...)
	cmd.Env = append(cmd.Env, "GIT_AUTHOR_NAME="+name, "GIT_AUTHOR_EMAIL=bob@example.com", "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// showBlameRepo is a small history: "fixture" by t (2026-01-02), then
// "second" by Bob Builder just after midnight in +0100 (still the day
// before in UTC), tagged v1, and a fifth line not committed yet.
func showBlameRepo(t *testing.T) (dir, first, second string) {
	dir = gitRepo(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "sub/b.txt": "b\n"})
	writeFiles(t, dir, map[string]string{"a.txt": "one\nTWO\nthree\nfour\n"})
	gitAs(t, dir, "Bob Builder", "2026-02-03T00:30:00+0100", "commit", "-q", "-am", "second\n\nwith a body line")
	git(t, dir, "tag", "v1")
	writeFiles(t, dir, map[string]string{"a.txt": "one\nTWO\nthree\nfour\nfive\n"})
	first = strings.TrimSpace(git(t, dir, "rev-parse", "HEAD~1"))
	second = strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	return dir, first, second
}

func TestGitShowText(t *testing.T) {
	dir, first, second := showBlameRepo(t)
	blob := func(rev string) string { return strings.TrimSpace(git(t, dir, "rev-parse", "--short", rev)) }
	s := openSession(t, dir)
	want := "commit " + second + "\n" +
		"Author: Bob Builder <bob@example.com>\n" +
		"Date:   2026-02-03 00:30:00 +0100\n" +
		"\n" +
		"    second\n" +
		"    \n" +
		"    with a body line\n" +
		"---\n" +
		" a.txt | 3 ++-\n" +
		" 1 file changed, 2 insertions(+), 1 deletion(-)\n" +
		"\n" +
		"diff --git a/a.txt b/a.txt\n" +
		"index " + blob(first+":a.txt") + ".." + blob(second+":a.txt") + " 100644\n" +
		"--- a/a.txt\n" +
		"+++ b/a.txt\n" +
		"@@ -1,3 +1,4 @@\n" +
		" one\n" +
		"-two\n" +
		"+TWO\n" +
		" three\n" +
		"+four"
	// HEAD by default; the same commit by every name for it.
	for _, rev := range []string{"", "HEAD", "main", "v1", second, second[:7], "v1^0"} {
		args := map[string]any{"cmd": "show"}
		if rev != "" {
			args["rev"] = rev
		}
		if got := mustOK(t, call(t, s, "repo_git", args)); got != want {
			t.Fatalf("show %q:\n%s\nwant:\n%s", rev, got, want)
		}
	}
	// path limits the patch; a commit that does not change it says so.
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": "HEAD~1", "path": "sub"}))
	mustContain(t, out, "commit "+first, "    fixture\n", " sub/b.txt | 1 +", "+++ b/sub/b.txt\n@@ -0,0 +1 @@\n+b")
	mustNotContain(t, out, "a.txt")
	if got := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "path": "sub"})); got != fmt.Sprintf(`(commit %s does not change sub — leave out path to see the whole commit, or call repo_git with cmd "log" and path "sub" to list the commits that do)`, second[:8]) {
		t.Fatalf("show of a commit that leaves path alone:\n%s", got)
	}
	// From a folder inside the work tree: paths relative to it, and only it.
	sub := openSession(t, filepath.Join(dir, "sub"))
	out = mustOK(t, call(t, sub, "repo_git", map[string]any{"cmd": "show", "rev": "HEAD~1"}))
	mustContain(t, out, " b.txt | 1 +", "+++ b/b.txt")
	mustNotContain(t, out, "a.txt", "sub/b.txt")
	mustContain(t, mustOK(t, call(t, sub, "repo_git", map[string]any{"cmd": "show"})), "changes nothing in this folder")
}

func TestGitShowRefusals(t *testing.T) {
	dir, _, _ := showBlameRepo(t)
	s := openSession(t, dir)
	next := `call repo_git with cmd "log" to list commits`
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": "nope"}), `rev "nope" names no commit in this repository — `+next)
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": "HEAD~5"}), `rev "HEAD~5" names no commit`, next)
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": "0000000"}), "names no commit", next)
	// A name that is not a commit (a tree, a blob) is refused too.
	tree := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD^{tree}"))
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": tree}), "names no commit", next)
	// A repository with no commits yet.
	empty := t.TempDir()
	git(t, empty, "init", "-q", "-b", "main")
	writeFiles(t, empty, map[string]string{"a.txt": "x\n"})
	git(t, empty, "add", "a.txt")
	e := openSession(t, empty)
	mustRefuse(t, call(t, e, "repo_git", map[string]any{"cmd": "show"}), "no commits yet", `cmd "status"`)
	mustRefuse(t, call(t, e, "repo_git", map[string]any{"cmd": "blame", "path": "a.txt"}), "no commits yet, so a.txt has no history to blame — repo_read_file shows it")
}

// An ambiguous short name gets its own refusal: more digits.
func TestGitShowAmbiguousRev(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "x\n"})
	// 600 blobs: two of them almost surely share their first 4 hex digits.
	blobs := t.TempDir()
	paths := []string{"hash-object", "-w"}
	for i := range 600 {
		p := filepath.Join(blobs, itoa(i))
		must(t, os.WriteFile(p, []byte("blob "+itoa(i)+"\n"), 0o644))
		paths = append(paths, p)
	}
	seen := map[string]bool{}
	prefix := ""
	for _, id := range strings.Fields(git(t, dir, paths...)) {
		if seen[id[:4]] {
			prefix = id[:4]
		}
		seen[id[:4]] = true
	}
	if prefix == "" {
		t.Skip("no two of the blobs share a prefix")
	}
	mustRefuse(t, call(t, openSession(t, dir), "repo_git", map[string]any{"cmd": "show", "rev": prefix}), "is ambiguous", "give more hex digits")
}

func TestGitShowCutAtTheCap(t *testing.T) {
	files := map[string]string{}
	for i := range 400 {
		files["d/f"+itoa(i)+".txt"] = "x\n"
	}
	dir := gitRepo(t, files)
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show"}))
	body, tail, ok := strings.Cut(out, "\n(output cut at 12 KiB — narrow with path)")
	if !ok || tail != "" {
		t.Fatalf("not cut with the marker:\n%s", out[len(out)-200:])
	}
	if len(body) > gitOutputCap {
		t.Fatalf("%d bytes before the marker", len(body))
	}
	if last := body[strings.LastIndexByte(body, '\n')+1:]; !strings.HasSuffix(last, "| 1 +") && !strings.HasPrefix(last, "+") && !strings.HasPrefix(last, "diff --git") {
		t.Fatalf("cut inside a line: %q", last)
	}
	// Narrowed with path, it fits.
	mustNotContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "path": "d/f7.txt"})), "output cut")
}

func TestGitBlameText(t *testing.T) {
	dir, first, second := showBlameRepo(t)
	f, b := first[:8], second[:8]
	s := openSession(t, dir)
	// Bob's line is dated in his own zone (+0100): 2026-02-03, not the
	// UTC day before. The author column is as wide as the widest name.
	want := "a.txt — blame of lines 1-5 of 5\n" +
		f + " 2026-01-02 t           1→one\n" +
		b + " 2026-02-03 Bob Builder 2→TWO\n" +
		f + " 2026-01-02 t           3→three\n" +
		b + " 2026-02-03 Bob Builder 4→four\n" +
		"00000000 not committed yet      5→five\n" +
		`(2 commits; 1 line not committed yet — call repo_git with cmd "show" and rev "` + f + `" to see a commit's change)`
	if got := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "a.txt"})); got != want {
		t.Fatalf("blame:\n%s\nwant:\n%s", got, want)
	}
	want = "a.txt — blame of lines 2-3 of 5\n" +
		b + " 2026-02-03 Bob Builder 2→TWO\n" +
		f + " 2026-01-02 t           3→three\n" +
		`(2 commits — call repo_git with cmd "show" and rev "` + b + `" to see a commit's change)`
	if got := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "a.txt", "lines": "2-3"})); got != want {
		t.Fatalf("blame 2-3:\n%s\nwant:\n%s", got, want)
	}
	want = "a.txt — blame of lines 5-5 of 5\n" +
		"00000000 not committed yet 5→five\n" +
		"(1 line not committed yet)"
	if got := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "a.txt", "lines": "5"})); got != want {
		t.Fatalf("blame 5:\n%s\nwant:\n%s", got, want)
	}
	// The blamed commit is one show takes.
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": b})), "commit "+second)
	// From a folder inside the work tree, paths are relative to it.
	sub := openSession(t, filepath.Join(dir, "sub"))
	mustContain(t, mustOK(t, call(t, sub, "repo_git", map[string]any{"cmd": "blame", "path": "b.txt"})), "b.txt — blame of lines 1-1 of 1\n"+f+" 2026-01-02 t 1→b\n")
}

func TestGitBlameRefusals(t *testing.T) {
	dir, _, _ := showBlameRepo(t)
	writeFiles(t, dir, map[string]string{"new.txt": "n\n", "empty.txt": "", "bin.dat": "a\x00b\n", "real/c.txt": "c\n"})
	git(t, dir, "add", "empty.txt", "bin.dat", "real/c.txt")
	git(t, dir, "commit", "-q", "-m", "more")
	symlink(t, "a.txt", filepath.Join(dir, "link.txt"))
	symlink(t, "real", filepath.Join(dir, "linkdir"))
	s := openSession(t, dir)
	for _, c := range []struct {
		path, lines string
		want        []string
	}{
		{"", "", []string{`blame needs path set to a file (the root is a folder) — call repo_git with cmd "ls-files" to list the tracked files`}},
		{".", "", []string{"blame needs path set to a file"}},
		{"sub", "", []string{`sub is a folder; blame takes one file — call repo_git with cmd "ls-files" and path "sub" to list its tracked files`}},
		{"sub/", "", []string{"sub is a folder; blame takes one file"}},
		{"missing.txt", "", []string{`missing.txt does not exist — call repo_find with query "missing.txt"`}},
		{"new.txt", "", []string{`new.txt is not tracked by git, so it has no history to blame — repo_read_file shows it; call repo_git with cmd "status"`}},
		{"bin.dat", "", []string{"bin.dat is a binary file (a NUL byte in its first 8,000 bytes) — blame shows text lines only", `cmd "log" and path "bin.dat"`}},
		{"link.txt", "", []string{`link.txt is a symlink (to a.txt); git would blame the link itself`}},
		{"linkdir/c.txt", "", []string{`linkdir/c.txt goes through the symlink linkdir; git blames a file by the path it tracks — give the path without the link`}},
		{"a.txt", "6", []string{`lines "6" is past the end: a.txt has 5 lines (lines "1-5" is the whole file)`}},
		{"a.txt", "4-6", []string{`lines "4-6" is past the end: a.txt has 5 lines (lines "4-5" reaches the last)`}},
		{"a.txt", "999999999", []string{"is past the end"}},
		{"empty.txt", "1", []string{`lines "1" is past the end: empty.txt is empty (0 lines) — leave lines out`}},
	} {
		args := map[string]any{"cmd": "blame", "path": c.path}
		if c.lines != "" {
			args["lines"] = c.lines
		}
		mustRefuse(t, call(t, s, "repo_git", args), c.want...)
	}
	if got := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "empty.txt"})); got != "empty.txt — empty file (0 lines): nothing to blame" {
		t.Fatalf("empty file: %q", got)
	}
	// A staged file that was never committed: every line is uncommitted.
	git(t, dir, "add", "new.txt")
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "new.txt"})), "00000000 not committed yet 1→n\n(1 line not committed yet)")
	// Outside git, blame refuses like every command.
	p := openSession(t, plainDir(t, map[string]string{"a.txt": "x\n"}))
	mustRefuse(t, call(t, p, "repo_git", map[string]any{"cmd": "blame", "path": "a.txt"}), "not a git repository")
	mustRefuse(t, call(t, p, "repo_git", map[string]any{"cmd": "blame"}), "not a git repository")
}

// A long file is cut at the cap at a whole row; the footer names the
// lines to ask for next, and asking for them continues exactly there.
func TestGitBlameCutAndContinue(t *testing.T) {
	dir := gitRepo(t, map[string]string{"big.txt": numbered(3000, "some longer line of text")})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "big.txt"}))
	lines := strings.Split(out, "\n")
	var last int
	if _, err := fmt.Sscanf(lines[len(lines)-3], "%s 2026-01-02 t %d→", new(string), &last); err != nil {
		t.Fatalf("last row %q: %v", lines[len(lines)-3], err)
	}
	mustContain(t, lines[0], fmt.Sprintf("big.txt — blame of lines 1-%d of 3000", last))
	if want := fmt.Sprintf("(output cut at 12 KiB after line %d — continue with lines \"%d-3000\")", last, last+1); lines[len(lines)-2] != want {
		t.Fatalf("footer %q, want %q", lines[len(lines)-2], want)
	}
	rows := strings.Join(lines[1:len(lines)-2], "\n") + "\n"
	if len(rows) > gitOutputCap || len(rows) < gitOutputCap-100 {
		t.Fatalf("rows take %d bytes; the cap is %d", len(rows), gitOutputCap)
	}
	next := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "big.txt", "lines": fmt.Sprintf("%d-3000", last+1)}))
	mustContain(t, next, fmt.Sprintf("big.txt — blame of lines %d-", last+1), fmt.Sprintf(" %d→some longer line of text %d\n", last+1, last+1))
	// A range that fits is not cut.
	mustNotContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "big.txt", "lines": "2990-3000"})), "output cut")
}

// Lines over readLineChars characters are cut as repo_read_file cuts
// them; CRLF and invalid UTF-8 are shown as the read shows them.
func TestGitBlameLineText(t *testing.T) {
	long := strings.Repeat("é", readLineChars+5)
	dir := gitRepo(t, map[string]string{"l.txt": "short\r\n" + long + "\r\nbad\xffbyte\n"})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "l.txt"}))
	mustContain(t, out, " 1→short\n", " 2→"+strings.Repeat("é", readLineChars)+LineCutMarker(5)+"\n", " 3→bad\uFFFDbyte\n")
	mustNotContain(t, out, "\r")
}

// Names in show's output are quoted by git (core.quotePath is pinned);
// blame's author column and path are quoted by repox.
func TestGitShowBlameTextIsSafe(t *testing.T) {
	dir := gitRepo(t, map[string]string{"esc\x1b[2J.txt": "one\n", "nl\nname": "x\n"})
	writeFiles(t, dir, map[string]string{"a.txt": "a\n"})
	git(t, dir, "add", "a.txt")
	gitAs(t, dir, "Evil\u202eName\x1b[2J", "2026-01-02T03:04:05Z", "commit", "-q", "-m", "x")
	git(t, dir, "config", "core.quotePath", "false")
	s := openSession(t, dir)
	mustBeSafeText(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "show", "rev": "HEAD~1"})))
	out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": "a.txt"}))
	mustBeSafeText(t, out)
	mustContain(t, out, `"Evil\u202eName\x1b[2J"`)
	mustBeSafeText(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "blame", "path": `"esc\x1b[2J.txt"`})))
}

// The lines asked of git are estimated from the work tree's copy; with
// CRLF line endings the estimate still fills the cap to within a row.
func TestGitBlameCRLFFillsTheCap(t *testing.T) {
	dir := gitRepo(t, map[string]string{"crlf.txt": strings.ReplaceAll(numbered(2000, "x"), "\n", "\r\n")})
	out := mustOK(t, call(t, openSession(t, dir), "repo_git", map[string]any{"cmd": "blame", "path": "crlf.txt"}))
	lines := strings.Split(out, "\n")
	rows := strings.Join(lines[1:len(lines)-2], "\n") + "\n"
	if len(rows) > gitOutputCap || len(rows) < gitOutputCap-40 {
		t.Fatalf("rows take %d bytes; the cap is %d", len(rows), gitOutputCap)
	}
	mustContain(t, lines[len(lines)-2], "(output cut at 12 KiB after line ")
	mustNotContain(t, out, "\r")
}
