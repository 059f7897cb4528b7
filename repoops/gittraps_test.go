package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// trapScript writes a shell script that records its run in a marker file
// (and passes its input through, as a filter would); it returns both paths.
func trapScript(t *testing.T) (script, marker string) {
	return trapScriptBody(t, "cat\n")
}

// trapScriptBody is trapScript with another body after the marker line.
func trapScriptBody(t *testing.T, body string) (script, marker string) {
	t.Helper()
	d := t.TempDir()
	marker = filepath.Join(d, "ran")
	script = filepath.Join(d, "trap.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$0 $*\" >> "+marker+"\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, marker
}

func noMarker(t *testing.T, marker, what string) {
	t.Helper()
	if b, err := os.ReadFile(marker); err == nil {
		t.Fatalf("%s: a repository's program ran:\n%s", what, b)
	}
}

// staleStat makes a file's stat differ from the index's while its size
// stays the same, so git has to read (and clean-filter) it.
func staleStat(t *testing.T, dir, name, content string) {
	t.Helper()
	writeFiles(t, dir, map[string]string{name: content})
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
		t.Fatal(err)
	}
}

// everyGitCommand runs every repo_git command (and the listing tools, which
// run git too) from each root, with and without a path, and returns the
// texts by command.
func everyGitCommand(t *testing.T, roots []string, paths []string, allowRefusal bool) map[string]string {
	t.Helper()
	texts := map[string]string{}
	for _, root := range roots {
		s := openSession(t, root)
		for _, cmd := range gitCommands {
			for _, p := range append([]string{""}, paths...) {
				r := call(t, s, "repo_git", map[string]any{"cmd": cmd, "path": p})
				if r.IsError && !allowRefusal && !(cmd == "blame" && blamePathRefusal(r.Text)) {
					t.Fatalf("%s %q from %s: %s", cmd, p, root, r.Text)
				}
				texts[cmd] += r.Text + "\n"
			}
		}
		call(t, s, "repo_grep", map[string]any{"pattern": "x"})
		call(t, s, "repo_find", map[string]any{"query": "t"})
		call(t, s, "repo_tree", nil)
		call(t, s, "repo_git", map[string]any{"cmd": "log", "n": 5})
	}
	return texts
}

// blamePathRefusal reports whether text is blame's refusal of a path that
// names no tracked file: the trap tests run every command with every path,
// and blame takes only a tracked file.
func blamePathRefusal(text string) bool {
	for _, s := range []string{"blame needs path set to a file", "blame takes one file", "does not exist", "is not tracked by git"} {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}

// Item 1: a filter whose name holds '=' or '.' is blanked too, and
// filter.<d>.required=true does not make diff fail.
func TestGitBlanksDriversWhateverTheirNames(t *testing.T) {
	script, marker := trapScript(t)
	names := []string{"x=y", "a.b", "sp ace", "q\"uote", "UPPER", "-dash"}
	var attrs strings.Builder
	files := map[string]string{}
	for i, n := range names {
		f := "sub/f" + itoa(i) + ".txt"
		files[f] = "one\n"
		attrs.WriteString("/" + f + " filter=" + strings.ReplaceAll(n, " ", "\\ ") + " diff=" + n + "\n")
	}
	files[".gitattributes"] = attrs.String()
	dir := gitRepo(t, files)
	for _, n := range names {
		git(t, dir, "config", "filter."+n+".clean", script)
		git(t, dir, "config", "filter."+n+".smudge", script)
		git(t, dir, "config", "filter."+n+".process", script)
		git(t, dir, "config", "filter."+n+".required", "true")
		git(t, dir, "config", "diff."+n+".textconv", script)
		git(t, dir, "config", "diff."+n+".command", script)
	}
	// Check git would honour those attributes: the trap does run for git.
	for i := range names {
		staleStat(t, dir, "sub/f"+itoa(i)+".txt", "two\n")
	}
	texts := everyGitCommand(t, []string{dir, filepath.Join(dir, "sub")}, []string{"sub/f0.txt", "f1.txt"}, false)
	noMarker(t, marker, "filter or diff driver with an unusual name")
	mustContain(t, texts["diff"], "-one", "+two")
	mustContain(t, texts["blame"], "00000000 not committed yet 1→two")
	gitMayFail(t, dir, "diff", "HEAD", "--stat")
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the fixture is not a trap: git itself ran no driver")
	}
}

// Item 1: a driver added to the config after the repository was opened is
// blanked too (the config is re-read when it changes).
func TestGitBlanksDriversAddedAfterOpen(t *testing.T) {
	script, marker := trapScript(t)
	dir := gitRepo(t, map[string]string{"a.txt": "one\n", ".gitattributes": "*.txt filter=late\n"})
	s := openSession(t, dir)
	mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "diff"}))
	git(t, dir, "config", "filter.late.clean", script)
	staleStat(t, dir, "a.txt", "two\n")
	for _, cmd := range gitCommands {
		args := map[string]any{"cmd": cmd}
		if cmd == "blame" {
			args["path"] = "a.txt"
		}
		mustOK(t, call(t, s, "repo_git", args))
	}
	noMarker(t, marker, "a driver added after open")
}

// Item 2: a submodule's own config never runs: repox does not recurse, and
// says that the submodule was not inspected.
func TestGitDoesNotEnterSubmodules(t *testing.T) {
	script, marker := trapScript(t)
	smsrc := gitRepo(t, map[string]string{"f.txt": "f\n", ".gitattributes": "*.txt filter=smtrap diff=smtrap\n"})
	dir := gitRepo(t, map[string]string{"sub/a.txt": "a\n"})
	git(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", smsrc, "sub/sm")
	git(t, dir, "commit", "-q", "-m", "sm")
	smcfg := filepath.Join(dir, ".git", "modules", "sub", "sm", "config")
	for _, kv := range [][2]string{
		{"filter.smtrap.clean", script}, {"filter.smtrap.process", script}, {"diff.smtrap.textconv", script},
		{"core.fsmonitor", script}, {"diff.external", script},
	} {
		git(t, dir, "config", "-f", smcfg, kv[0], kv[1])
	}
	git(t, dir, "config", "status.submoduleSummary", "true")
	git(t, dir, "config", "diff.submodule", "diff")
	git(t, dir, "config", "submodule.recurse", "true")
	staleStat(t, filepath.Join(dir, "sub", "sm"), "f.txt", "g\n")
	texts := everyGitCommand(t, []string{dir, filepath.Join(dir, "sub")}, []string{"sub/sm", "sm", "sub/sm/f.txt"}, true)
	noMarker(t, marker, "a submodule's own config")
	mustContain(t, texts["status"], "1 submodule not inspected (sub/sm)", "1 submodule not inspected (sm)")
	mustContain(t, texts["diff"], "not inspected")
	mustContain(t, texts["blame"], "sub/sm/f.txt lies in the submodule sub/sm, which repox does not enter")
	// The fixture is a trap: git itself runs the submodule's filter.
	gitMayFail(t, dir, "status", "--porcelain")
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the fixture is not a trap: git itself ran no submodule filter")
	}
}

// partialClone makes a blob-less clone of a two-commit repository, so a
// diff needs blobs that only the promisor remote has.
func partialClone(t *testing.T) (src, clone string) {
	t.Helper()
	src = gitRepo(t, map[string]string{"a.txt": "one\n", "sub/b.txt": "b\n"})
	writeFiles(t, src, map[string]string{"a.txt": "two\n", "sub/b.txt": "b2\n"})
	git(t, src, "commit", "-q", "-am", "second")
	git(t, src, "config", "uploadpack.allowFilter", "true")
	clone = filepath.Join(t.TempDir(), "clone")
	git(t, filepath.Dir(clone), "clone", "-q", "--no-local", "--filter=blob:none", "--no-checkout", "file://"+src, clone)
	return src, clone
}

// Item 3: git never fetches for a partial clone; the tool says the objects
// are missing instead.
func TestGitNeverFetchesForAPartialClone(t *testing.T) {
	script, marker := trapScriptBody(t, "exit 0\n")
	src, clone := partialClone(t)
	packs := func() int {
		m, _ := filepath.Glob(filepath.Join(clone, ".git", "objects", "pack", "*.pack"))
		return len(m)
	}
	before := packs()
	git(t, clone, "config", "remote.origin.uploadpack", script+"; git-upload-pack")
	git(t, clone, "config", "remote.origin.url", src)
	git(t, clone, "config", "protocol.file.allow", "always")
	git(t, clone, "config", "protocol.allow", "always")
	writeFiles(t, clone, map[string]string{"a.txt": "local\n", "sub/b.txt": "local\n"})
	texts := everyGitCommand(t, []string{clone, filepath.Join(clone, "sub")}, []string{"a.txt", "sub/b.txt", "b.txt"}, true)
	noMarker(t, marker, "a lazy fetch")
	if packs() != before {
		t.Fatal("git fetched objects")
	}
	mustContain(t, texts["diff"], "partial clone", "repox never fetches")
	// An ssh remote: core.sshCommand must not run either.
	git(t, clone, "config", "remote.origin.url", "ssh://example.invalid/x.git")
	git(t, clone, "config", "core.sshCommand", script)
	git(t, clone, "config", "protocol.ssh.allow", "always")
	git(t, clone, "config", "credential.helper", script)
	git(t, clone, "config", "core.askPass", script)
	everyGitCommand(t, []string{clone}, []string{"a.txt"}, true)
	noMarker(t, marker, "a lazy fetch over ssh")
	// The fixture is a trap: git itself fetches through the uploadpack.
	git(t, clone, "config", "remote.origin.url", src)
	gitMayFail(t, clone, "diff", "HEAD")
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the fixture is not a trap: git itself did not fetch")
	}
}

// Item 4: git data reached through commondir, alternates or a symlink out
// of the git folder is refused, and the file set falls back to the walk.
func TestGitRefusesGitDataOutsideTheRoot(t *testing.T) {
	other := gitRepo(t, map[string]string{"other-secret.txt": "other content\n"})
	cases := []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  string
	}{
		{"commondir", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{".git/commondir": filepath.Join(other, ".git") + "\n"})
		}, "commondir"},
		{"relative commondir", func(t *testing.T, dir string) {
			rel, _ := filepath.Rel(filepath.Join(dir, ".git"), filepath.Join(other, ".git"))
			writeFiles(t, dir, map[string]string{".git/commondir": rel + "\n"})
		}, "commondir"},
		{"alternates", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{".git/objects/info/alternates": "# c\n" + filepath.Join(other, ".git", "objects") + "\n"})
		}, "alternates"},
		{"symlinked objects", func(t *testing.T, dir string) {
			os.RemoveAll(filepath.Join(dir, ".git", "objects"))
			must(t, os.Symlink(filepath.Join(other, ".git", "objects"), filepath.Join(dir, ".git", "objects")))
		}, "symlink"},
		{"symlinked index", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, ".git", "index"))
			must(t, os.Symlink(filepath.Join(other, ".git", "index"), filepath.Join(dir, ".git", "index")))
		}, "symlink"},
		{"symlinked ref", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, ".git", "refs", "heads", "main"))
			must(t, os.Symlink(filepath.Join(other, ".git", "refs", "heads", "main"), filepath.Join(dir, ".git", "refs", "heads", "main")))
		}, "symlink"},
		{"gitdir file", func(t *testing.T, dir string) {
			os.RemoveAll(filepath.Join(dir, ".git"))
			writeFiles(t, dir, map[string]string{".git": "gitdir: " + filepath.Join(other, ".git") + "\n"})
		}, "is a file"},
		{"symlinked .git", func(t *testing.T, dir string) {
			os.RemoveAll(filepath.Join(dir, ".git"))
			must(t, os.Symlink(filepath.Join(other, ".git"), filepath.Join(dir, ".git")))
		}, "symlink"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := gitRepo(t, map[string]string{"mine.txt": "mine\n", "sub/s.txt": "s\n", ".gitignore": "*.log\n"})
			writeFiles(t, dir, map[string]string{"x.log": "ignored\n"})
			c.setup(t, dir)
			for _, root := range []string{dir, filepath.Join(dir, "sub")} {
				s := openSession(t, root)
				for _, cmd := range gitCommands {
					out := mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": cmd}), "not a git repository that repo_git can use", c.want)
					mustNotContain(t, out, "other content")
				}
				tr := mustOK(t, call(t, s, "repo_tree", nil))
				mustNotContain(t, tr, "other-secret")
				mustContain(t, tr, "git's file set is not used")
				mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": "txt"})), "s.txt")
				g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "content"}))
				mustNotContain(t, g, "other-secret")
			}
			s := openSession(t, dir)
			tr := mustOK(t, call(t, s, "repo_tree", nil))
			mustContain(t, tr, "mine.txt", "(1 entry matching .gitignore not listed, e.g. x.log)")
		})
	}
}

// Item 4: links and alternates that stay inside the root are fine.
func TestGitAcceptsGitDataInsideTheRoot(t *testing.T) {
	dir := gitRepo(t, map[string]string{"mine.txt": "mine\n"})
	store := filepath.Join(dir, "store")
	must(t, os.Rename(filepath.Join(dir, ".git", "objects"), filepath.Join(store)))
	must(t, os.Symlink(store, filepath.Join(dir, ".git", "objects")))
	writeFiles(t, dir, map[string]string{".gitignore": "store/\n"})
	s := openSession(t, dir)
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "log"})), "fixture")
}

// Item 11: the 12 KiB cut ends at a whole line even when git writes more.
func TestGitCutEndsAtAWholeLine(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 1000; i++ {
		files["d/f"+itoa(i)+".txt"] = "x\n"
	}
	dir := gitRepo(t, files)
	for i := 0; i < 1000; i++ {
		files["d/f"+itoa(i)+".txt"] = "y\n"
	}
	writeFiles(t, dir, files)
	s := openSession(t, dir)
	for _, cmd := range []string{"diff-stat", "diff", "status"} {
		out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": cmd}))
		body, _, ok := strings.Cut(out, "\n(output cut at 12 KiB")
		if !ok {
			t.Fatalf("%s: not cut:\n%s", cmd, out[len(out)-200:])
		}
		last := body[strings.LastIndexByte(body, '\n')+1:]
		switch cmd {
		case "diff-stat":
			if !strings.HasSuffix(last, "| 2 +-") {
				t.Fatalf("%s ends with a half line %q", cmd, last)
			}
		case "diff":
			if !strings.HasPrefix(last, "+y") && !strings.HasPrefix(last, "-x") && !strings.HasPrefix(last, "@@") && !strings.HasPrefix(last, "diff --git") && !strings.HasPrefix(last, "index ") && !strings.HasPrefix(last, "--- ") && !strings.HasPrefix(last, "+++ ") {
				t.Fatalf("%s ends with a half line %q", cmd, last)
			}
		default:
			if !strings.HasSuffix(last, ".txt") {
				t.Fatalf("%s ends with a half line %q", cmd, last)
			}
		}
	}
}

func TestCutAtLineMore(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		more bool
		want string
		cut  bool
	}{
		{"a\nb\n", 10, false, "a\nb\n", false},
		{"a\nbb", 4, true, "a\n", true},
		{"a\nb\n", 4, true, "a\nb\n", true},
		{"abcdef", 4, false, "", true},
		{"aaaa", 4, true, "", true},
	} {
		got, cut := cutAtLineMore(c.in, c.max, c.more)
		if got != c.want || cut != c.cut {
			t.Errorf("cutAtLineMore(%q, %d, %v) = %q, %v; want %q, %v", c.in, c.max, c.more, got, cut, c.want, c.cut)
		}
	}
	g := &GitResult{Cmd: "diff", Cut: true}
	mustContain(t, g.Render(), "its first line alone is longer")
}

// A config include is refused: git would read the included file, which may
// lie outside the root.
func TestGitRefusesConfigIncludes(t *testing.T) {
	script, marker := trapScript(t)
	for _, key := range []string{"include.path", "includeIf.gitdir:/.path"} {
		dir := gitRepo(t, map[string]string{"a.txt": "one\n"})
		inc := filepath.Join(t.TempDir(), "inc.cfg")
		writeFiles(t, filepath.Dir(inc), map[string]string{"inc.cfg": "[core]\n\tfsmonitor = " + script + "\n[filter \"t\"]\n\tclean = " + script + "\n"})
		writeFiles(t, dir, map[string]string{".gitattributes": "*.txt filter=t\n"})
		git(t, dir, "config", key, inc)
		staleStat(t, dir, "a.txt", "two\n")
		texts := everyGitCommand(t, []string{dir}, nil, true)
		noMarker(t, marker, key)
		mustContain(t, texts["status"], "its config includes another file", "remove the include")
	}
}

// gitMayFail runs git for a fixture's own trap check, where the trap
// itself may make git fail.
func gitMayFail(t *testing.T, dir string, args ...string) {
	t.Helper()
	repotest.GitCmd(dir, args...).Run()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A git older than 2.31 cannot take overrides in the environment form:
// repo_git refuses with the reason, and the file set is the walk.
func TestGitOlderThanTheMinimumIsRefused(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "a\n", ".gitignore": "*.log\n"})
	writeFiles(t, dir, map[string]string{"x.log": "ignored\n"})
	fake := filepath.Join(t.TempDir(), "git")
	_, marker := trapScript(t)
	// `git config --list` runs no program on any git version, and it may run
	// while the version is asked (gitexec.Detect): nothing else may.
	writeFiles(t, filepath.Dir(fake), map[string]string{"git": "#!/bin/sh\n[ \"$1\" = version ] && { echo 'git version 2.30.9'; exit 0; }\n[ \"$*\" = 'config --no-includes --list -z' ] && exit 0\necho \"$*\" >> " + marker + "\nexit 1\n"})
	must(t, os.Chmod(fake, 0o755))
	old := findGitBin
	findGitBin = func() string { return fake }
	defer func() { findGitBin = old }()
	s := openSession(t, dir)
	for _, cmd := range gitCommands {
		mustRefuse(t, call(t, s, "repo_git", map[string]any{"cmd": cmd}), "git 2.30 is older than 2.31", "install a newer git", "still work")
	}
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, tr, "a.txt", "git's file set is not used here", "(1 entry matching .gitignore not listed, e.g. x.log)")
	mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": "a.txt"})), "a.txt")
	noMarker(t, marker, "the too-old git was run for more than its version")
}
