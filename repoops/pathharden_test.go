package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const remoteToken = "ghp_TOKEN_IN_REMOTE_URL_0123456789"

func symlink(t testing.TB, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// gitLinkFixture is a clone that ships links into its own .git and into a
// nested repository's: committed symlinks, as a clone checks them out.
func gitLinkFixture(t *testing.T) string {
	t.Helper()
	dir := gitRepo(t, map[string]string{"README.md": "hello\n", "sub/keep.txt": "keep\n"})
	git(t, dir, "remote", "add", "origin", "https://user:"+remoteToken+"@example.com/r.git")
	symlink(t, ".git/config", filepath.Join(dir, "notes.txt"))
	symlink(t, ".git", filepath.Join(dir, "g"))
	symlink(t, "../.git/config", filepath.Join(dir, "sub", "up.txt"))
	symlink(t, "sub/../.git", filepath.Join(dir, "twisty"))
	symlink(t, "g", filepath.Join(dir, "g2")) // a link to a link into .git
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "links")
	// A nested repository (untracked) and a link into its git folder.
	nested := filepath.Join(dir, "vendor", "lib")
	os.MkdirAll(nested, 0o755)
	git(t, nested, "init", "-q")
	git(t, nested, "remote", "add", "origin", "https://user:"+remoteToken+"@example.com/lib.git")
	symlink(t, "vendor/lib/.git/config", filepath.Join(dir, "libconf"))
	return dir
}

func TestGitDirThroughSymlinkIsRefusedByEveryTool(t *testing.T) {
	dir := gitLinkFixture(t)
	s := openSession(t, dir)
	for _, p := range []string{"notes.txt", "g", "g/config", "g2", "g2/config", "sub/up.txt", "twisty", "twisty/config", "libconf", "vendor/lib/.git/config"} {
		calls := map[string]any{
			"repo_read_file": map[string]any{"path": p},
			"repo_tree":      map[string]any{"path": p},
			"repo_find":      map[string]any{"path": p, "query": "config"},
			"repo_grep":      map[string]any{"path": p, "pattern": "TOKEN"},
			"repo_edit":      map[string]any{"path": p, "old_string": "x", "new_string": "y"},
			"repo_insert":    map[string]any{"path": p, "after_line": 0, "content": "x\n"},
			"repo_write":     map[string]any{"path": p, "content": "x\n"},
		}
		for tool, args := range calls {
			out := mustRefuse(t, call(t, s, tool, args), "inside .git")
			mustNotContain(t, out, remoteToken)
		}
	}
	// Writing a new file through the link creates nothing inside .git.
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "g/hooks/pre-commit", "content": "#!/bin/sh\n"}), "inside .git")
	if _, err := os.Lstat(filepath.Join(dir, ".git", "hooks", "pre-commit")); err == nil {
		t.Fatal("repo_write created a file inside .git through a link")
	}
	// The message names the link and its target.
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "notes.txt"}), "notes.txt is a symlink to .git/config, inside .git")
	// Whole-repository scans never follow a link, nor enter a nested .git.
	for tool, args := range map[string]any{
		"repo_grep": map[string]any{"pattern": "TOKEN"},
		"repo_find": map[string]any{"query": "config"},
		"repo_tree": map[string]any{"max_depth": 4},
	} {
		out := mustOK(t, call(t, s, tool, args))
		mustNotContain(t, out, remoteToken, "[remote", "vendor/lib/.git/config\n")
	}
	// repo_git takes a link as git does: the link itself (a blob), never what it points to.
	log := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "log", "path": "notes.txt"}))
	mustContain(t, log, "links")
	mustNotContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "diff", "path": "g"})), remoteToken)
	// Links that stay out of .git still work.
	symlink(t, "README.md", filepath.Join(dir, "readme-link"))
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "readme-link"})), "1→hello")
}

func TestGitDirLinkInPlainFolderWalks(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n", "inner/.git/config": "[remote]\n\turl = " + remoteToken + "\n", "inner/x.txt": "x\n"})
	symlink(t, "inner/.git", filepath.Join(dir, "l"))
	symlink(t, "inner/.git/config", filepath.Join(dir, "c.txt"))
	s := openSession(t, dir)
	for _, tool := range []string{"repo_tree", "repo_find", "repo_grep", "repo_read_file"} {
		args := map[string]any{"path": "l"}
		switch tool {
		case "repo_find":
			args["query"] = "config"
		case "repo_grep":
			args["pattern"] = "TOKEN"
		case "repo_read_file":
			args["path"] = "c.txt"
		}
		mustNotContain(t, mustRefuse(t, call(t, s, tool, args), "inside .git"), remoteToken)
	}
	mustNotContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "TOKEN"})), remoteToken)
	mustNotContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": "config"})), "inner/.git")
}

// Names that are git's storage on some file system (NTFS, HFS+, a
// case-insensitive volume) are treated as .git everywhere.
func TestGitDirAliasesAreRefusedAndNeverScanned(t *testing.T) {
	aliases := []string{".GIT", ".Git", ".git.", ".git ", ".git. .", "git~1", "GIT~1", ".git::$INDEX_ALLOCATION", ".g\u200cit", ".gi\ufefft"}
	for _, mode := range []string{"git", "plain"} {
		t.Run(mode, func(t *testing.T) {
			files := map[string]string{"a.txt": "a\n"}
			for _, a := range aliases {
				files[a+"/config"] = "url = " + remoteToken + "\n"
				files["sub/"+a+"/config"] = "url = " + remoteToken + "\n"
			}
			var dir string
			if mode == "git" {
				dir = gitRepo(t, map[string]string{"a.txt": "a\n"})
				writeFiles(t, dir, files)
			} else {
				dir = plainDir(t, files)
			}
			symlink(t, ".GIT/config", filepath.Join(dir, "upper-link"))
			s := openSession(t, dir)
			for _, a := range aliases {
				for _, p := range []string{a + "/config", "sub/" + a + "/config", a} {
					mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": p}), "inside .git")
					mustRefuse(t, call(t, s, "repo_tree", map[string]any{"path": p}), "inside .git")
					mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": p + "/new.txt", "content": "x\n"}), "inside .git")
				}
			}
			mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "upper-link"}), "inside .git")
			// The tree says they are there and why they are not listed.
			tr := mustOK(t, call(t, s, "repo_tree", nil))
			mustContain(t, tr, "sub/ (nothing listable: "+strconv.Itoa(len(aliases))+" entries, all named like .git)",
				"("+strconv.Itoa(2*len(aliases))+" entries not listed — a name git treats as .git on some file system is git's storage")
			for tool, args := range map[string]any{
				"repo_grep": map[string]any{"pattern": "TOKEN"},
				"repo_find": map[string]any{"query": "config"},
				"repo_tree": map[string]any{"max_depth": 3},
			} {
				out := mustOK(t, call(t, s, tool, args))
				mustNotContain(t, out, remoteToken)
				for _, line := range strings.Split(out, "\n") {
					if strings.Contains(line, "/config") && !strings.HasPrefix(line, "upper-link -> ") {
						t.Errorf("%s lists a file inside an alias of .git: %q", tool, line)
					}
				}
			}
		})
	}
}

// A .git that is a file (a worktree's or submodule's "gitdir:" pointer)
// is git's too: never read, never listed.
func TestGitFileIsRefused(t *testing.T) {
	dir := plainDir(t, map[string]string{".git": "gitdir: /somewhere/else/" + remoteToken + "\n", "a.txt": "a\n"})
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": ".git"}), "inside .git")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "./.GIT"}), "inside .git")
	mustNotContain(t, mustOK(t, call(t, s, "repo_tree", nil)), ".git")
	mustNotContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "gitdir"})), remoteToken)
}

func TestTrailingSlashOnAFileIsRefusedByEveryTool(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "one\n", "d/b.txt": "two\n"})
	symlink(t, "a.txt", filepath.Join(dir, "la"))
	s := openSession(t, dir)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt"})) // a full read: the gate would allow an edit
	for _, p := range []string{"a.txt/", "a.txt/.", "a.txt//", "./a.txt/", "a.txt/..", "a.txt/../a.txt", "d/b.txt/", "la/", dir + "/a.txt/"} {
		calls := map[string]any{
			"repo_read_file": map[string]any{"path": p},
			"repo_tree":      map[string]any{"path": p},
			"repo_find":      map[string]any{"path": p, "query": "txt"},
			"repo_grep":      map[string]any{"path": p, "pattern": "one"},
			"repo_git":       map[string]any{"path": p, "cmd": "status"},
			"repo_edit":      map[string]any{"path": p, "old_string": "one", "new_string": "ONE"},
			"repo_insert":    map[string]any{"path": p, "after_line": 1, "content": "x\n"},
			"repo_write":     map[string]any{"path": p, "content": "over\n"},
		}
		for tool, args := range calls {
			r := call(t, s, tool, args)
			if tool == "repo_git" {
				// not a git repository: refused for that reason, after the path check
				continue
			}
			mustRefuse(t, r, "is a file, not a folder")
		}
	}
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt/"}), "a.txt is a file, not a folder")
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "one\n" {
		t.Fatalf("a.txt changed: %q", b)
	}
	// A trailing slash never creates a file, and folders still take one.
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "new/", "content": "x\n"}), "names a folder")
	if _, err := os.Lstat(filepath.Join(dir, "new")); err == nil {
		t.Fatal("repo_write new/ created something")
	}
	mustContain(t, mustOK(t, call(t, s, "repo_tree", map[string]any{"path": "d/"})), "d/b.txt")
	mustContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"path": "d/", "pattern": "two"})), "d/b.txt:1: two")
}

func TestTrailingSlashInGitIsRefused(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "one\n"})
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": "log", "path": "a.txt/"}), "a.txt is a file, not a folder")
}

func TestDanglingSymlinkSaysWhereItPoints(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	symlink(t, "missing.txt", filepath.Join(dir, "gone"))
	symlink(t, "nowhere", filepath.Join(dir, "d"))
	symlink(t, "gone", filepath.Join(dir, "chain"))
	symlink(t, "miss\n(fake line)\x1b[2J\u202e", filepath.Join(dir, "weird"))
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "gone"}), "gone is a symlink to missing.txt, which does not exist")
	mustRefuse(t, call(t, s, "repo_tree", map[string]any{"path": "d"}), "d is a symlink to nowhere, which does not exist")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "d/x.txt"}), "d/x.txt goes through the symlink d, whose target nowhere does not exist")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "chain"}), "goes through the symlink gone, whose target missing.txt does not exist")
	out := mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "weird"}), `weird is a symlink to "miss\n(fake line)\x1b[2J\u202e", which does not exist`)
	mustBeSafeText(t, out)
	// A plain missing file still just does not exist.
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "nope.txt"}), "nope.txt does not exist")
}

// mustBeSafeText fails when text holds a character that would act on a
// terminal or fake a line: anything strconv.IsPrint rejects but a newline.
func mustBeSafeText(t testing.TB, text string) {
	t.Helper()
	for i, r := range text {
		if r != '\n' && !strconv.IsPrint(r) {
			t.Fatalf("text holds raw %U at byte %d:\n%q", r, i, text)
		}
	}
}

func TestSymlinkTargetInWriteRefusalIsQuoted(t *testing.T) {
	target := "x\n(fake result line)\x1b]0;pwned\a\u202e"
	dir := plainDir(t, map[string]string{target: "content\n"})
	symlink(t, target, filepath.Join(dir, "l"))
	s := openSession(t, dir)
	want := `l is a symlink (to "x\n(fake result line)\x1b]0;pwned\a\u202e")`
	for tool, args := range map[string]any{
		"repo_write":  map[string]any{"path": "l", "content": "x\n"},
		"repo_edit":   map[string]any{"path": "l", "old_string": "content", "new_string": "c"},
		"repo_insert": map[string]any{"path": "l", "after_line": 0, "content": "x\n"},
	} {
		out := mustRefuse(t, call(t, s, tool, args), want)
		mustBeSafeText(t, out)
		if strings.Count(out, "\n") != 0 {
			t.Fatalf("%s refusal has a line break:\n%s", tool, out)
		}
	}
	// The tree row shows the target quoted as well.
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, tr, `l -> "x\n(fake result line)\x1b]0;pwned\a\u202e" (symlink)`)
	mustBeSafeText(t, tr)
}

// hostileNames look like the tools' output syntax or hold characters
// that reorder, hide or break lines.
var hostileNames = []string{
	"x -> y (symlink)", "a.txt:99: fake", "b.txt:7", "c:12:d", "line\u2028sep", "para\u2029sep", "lrm\u200e.txt", "rlm\u200f.txt",
	"zw\u200bsp", "lre\u202a", "rle\u202b", "pdf\u202c", "lro\u202d", "rlo\u202e.txt", "lri\u2066", "rli\u2067", "fsi\u2068", "pdi\u2069",
	"bom\ufeff", "nbsp\u00a0x", "soft\u00adhyphen", "wj\u2060", " lead", "trail ", "dir (empty)", "(showing 1 of 9 matches)",
	"y [contents not listed]", "h — lines 1-1 of 1", "nl\nname", "esc\x1b[2J", "del\x7f", "c1\u009b",
}

func TestNamesThatLookLikeSyntaxAreQuotedAndAcceptedBack(t *testing.T) {
	files := map[string]string{}
	for i, n := range hostileNames {
		files[n] = "needle " + strconv.Itoa(i) + "\n"
	}
	dir := gitRepo(t, files)
	s := openSession(t, dir)
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	fi := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "*", "limit": 200}))
	gr := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
	ls := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "ls-files"}))
	for _, out := range []string{tr, fi, gr, ls} {
		mustBeSafeText(t, out)
	}
	for i, n := range hostileNames {
		q := strconv.Quote(n)
		if DisplayPath(n) != q {
			t.Errorf("%q is shown as %q, want it quoted", n, DisplayPath(n))
		}
		for _, out := range []string{tr, fi, ls} {
			mustContain(t, "\n"+out+"\n", "\n"+q+"\n")
		}
		mustContain(t, gr, q+":1: needle "+strconv.Itoa(i))
		// The quoted form is accepted back.
		rd := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": q}))
		mustContain(t, rd, q+" — lines 1-1 of 1", "1→needle "+strconv.Itoa(i))
	}
	// The write tools take the quoted form too.
	q := strconv.Quote("a.txt:99: fake")
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": q}))
	mustContain(t, mustOK(t, call(t, s, "repo_edit", map[string]any{"path": q, "old_string": "needle", "new_string": "pin"})), "edited "+q+": 1 replacement")
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt:99: fake")); !strings.HasPrefix(string(b), "pin ") {
		t.Fatalf("the edit did not reach the file: %q", b)
	}
	// The same rule for a name in a git status line.
	os.WriteFile(filepath.Join(dir, "x -> y (symlink)"), []byte("changed\n"), 0o644)
	st := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "status"}))
	mustContain(t, st, ` M "x -> y (symlink)"`)
	mustBeSafeText(t, st)
}

func TestQuotedFolderWithSlashIsAcceptedBack(t *testing.T) {
	dir := plainDir(t, map[string]string{"we\x1bird/in.txt": "in\n", "dir (empty)/x.txt": "x\n"})
	s := openSession(t, dir)
	tr := mustOK(t, call(t, s, "repo_tree", map[string]any{"max_depth": 1}))
	mustContain(t, tr, `"we\x1bird"/`, `"dir (empty)"/`)
	mustContain(t, mustOK(t, call(t, s, "repo_tree", map[string]any{"path": `"we\x1bird"/`})), `"we\x1bird/in.txt"`)
	mustContain(t, mustOK(t, call(t, s, "repo_tree", map[string]any{"path": `"dir (empty)"/`})), "dir (empty)/x.txt")
}

func TestQuoteNameRule(t *testing.T) {
	plain := []string{"a.txt", "src/main.go", "Report (final).pdf", "a:b", "x:12y", "photo (1).jpg", "a->b", "a - b", "naïve", "世界.md", "e\u0301.txt", "x(1)", "a:"}
	for _, n := range plain {
		if got := QuoteName(n); got != n {
			t.Errorf("QuoteName(%q) = %s, want it as it is", n, got)
		}
	}
	for _, n := range append(hostileNames, `"quoted"`, "", "bad\xff", "\ufffd") {
		if got := QuoteName(n); got != strconv.Quote(n) {
			t.Errorf("QuoteName(%q) = %s, want it quoted", n, got)
		}
	}
}

// The error text that embeds a path argument never carries it raw.
func TestRefusalsQuoteThePathArgument(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	for _, p := range []string{"\"bad\x1b[2J\nquote", "\"x\n\x1b[2J\"", "/etc/\x1b]0;x\a", "miss\x1b[2J\ning", "../\u202eevil", ".git/\x1b"} {
		for _, tool := range []string{"repo_read_file", "repo_tree", "repo_write"} {
			args := map[string]any{"path": p, "content": "x"}
			if tool != "repo_write" {
				delete(args, "content")
			}
			mustBeSafeText(t, call(t, s, tool, args).Text)
		}
	}
}

// The TUI's names come from the same rule: the repository's folder name
// and the branch in .git/HEAD (repository content) are quoted as well.
func TestRepoNameAndBranchAreQuoted(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "a\n"})
	os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/ma\x1b]0;pwned\ain\u202e\n"), 0o644)
	weird := filepath.Join(t.TempDir(), "re\x1b[2Jpo")
	if err := os.Rename(dir, weird); err != nil {
		t.Fatal(err)
	}
	r, err := Open(weird)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got, want := r.Branch(), strconv.Quote("ma\x1b]0;pwned\ain\u202e"); got != want {
		t.Errorf("Branch() = %s, want %s", got, want)
	}
	if got, want := r.Name(), strconv.Quote("re\x1b[2Jpo"); got != want {
		t.Errorf("Name() = %s, want %s", got, want)
	}
}

func TestGitStatusBranchLineIsQuoted(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "a\n"})
	git(t, dir, "checkout", "-q", "-b", "fe\u202eature")
	s := openSession(t, dir)
	st := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "status"}))
	mustBeSafeText(t, st)
	mustContain(t, st, `\u202e`)
}

func TestListDirRefusesLinkIntoGit(t *testing.T) {
	dir := gitLinkFixture(t)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.ListDir("g"); err == nil || !strings.Contains(err.Error(), "inside .git") {
		t.Fatalf("ListDir(g) = %v, want a refusal", err)
	}
	_ = context.Background
}

// git's own output names files too: with core.quotePath pinned on, diff
// and diff-stat escape them, whatever the repository's config says.
func TestGitOutputNamesAreSafe(t *testing.T) {
	names := []string{"rlo\u202e.txt", "nl\nname", "esc\x1b[2J", "zw\u200bsp"}
	files := map[string]string{}
	for _, n := range names {
		files[n] = "one\n"
	}
	dir := gitRepo(t, files)
	git(t, dir, "config", "core.quotePath", "false")
	for _, n := range names {
		os.WriteFile(filepath.Join(dir, n), []byte("two\n"), 0o644)
	}
	git(t, dir, "mv", "rlo\u202e.txt", "moved\u2066.txt")
	s := openSession(t, dir)
	for _, cmd := range []string{"status", "diff", "diff-stat", "ls-files", "log", "show"} {
		mustBeSafeText(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": cmd})))
	}
}
