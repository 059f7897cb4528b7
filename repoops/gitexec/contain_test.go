package gitexec

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// siblings is a folder holding the repository "repo" and, beside it,
// "repo-other", whose path starts with the repository's: a containment
// check by string prefix alone would take the one for the other (the
// class of seed 002). It returns the real paths of both.
func siblings(t *testing.T) (repo, other string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	repo, other = filepath.Join(base, "repo"), filepath.Join(base, "repo-other")
	repotest.GitRepoAt(t, repo, map[string]string{"a.txt": "mine\n"})
	repotest.GitRepoAt(t, other, map[string]string{"secret.txt": "theirs\n"})
	return repo, other
}

func wantRefusal(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; want a refusal saying %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Fatalf("refusal %q does not say %q", err, p)
		}
	}
}

// The containment check compares whole path components: a git folder
// whose alternates entry, symlink or commondir leads into a sibling
// folder whose name merely starts with the root's is refused.
func TestCheckGitDirRefusesASiblingSharingTheRootsPrefix(t *testing.T) {
	cases := []struct {
		name   string
		change func(t *testing.T, repo, other string)
		want   string
	}{
		{"alternates", func(t *testing.T, repo, other string) {
			repotest.WriteFiles(t, repo, map[string]string{".git/objects/info/alternates": filepath.Join(other, ".git", "objects") + "\n"})
		}, "an objects/info/alternates entry"},
		{"symlink in the git folder", func(t *testing.T, repo, other string) {
			must(t, os.Symlink(filepath.Join(other, ".git", "refs", "heads", "main"), filepath.Join(repo, ".git", "refs", "heads", "theirs")))
		}, "the symlink refs/heads/theirs"},
		{"commondir", func(t *testing.T, repo, other string) {
			repotest.WriteFiles(t, repo, map[string]string{".git/commondir": filepath.Join(other, ".git") + "\n"})
		}, "a commondir file pointing to"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			repo, other := siblings(t)
			c.change(t, repo, other)
			_, _, err := checkGitDir(filepath.Join(repo, ".git"), []string{repo})
			wantRefusal(t, err, c.want, "leads outside the repository", "repo-other")
		})
	}
}

// Alternates are read as git reads them: comments and blank lines
// skipped, a C-quoted entry unquoted, a relative entry taken from the
// objects folder holding the file, a chain followed. Each entry inside the
// root is accepted; the same layout with the last link leading out is not.
func TestCheckGitDirFollowsAlternatesAsGitDoes(t *testing.T) {
	repo, other := siblings(t)
	gitDir := filepath.Join(repo, ".git")
	stores := []string{filepath.Join(repo, "s1", "objects"), filepath.Join(repo, "s 2", "objects")}
	for _, s := range stores {
		must(t, os.MkdirAll(filepath.Join(s, "info"), 0o755))
	}
	repotest.WriteFiles(t, repo, map[string]string{
		// relative to .git/objects; then a quoted one with a space
		".git/objects/info/alternates": "# a comment\n\n../../s1/objects\r\n",
		"s1/objects/info/alternates":   `"` + stores[1] + `"` + "\n",
	})
	common, stamped, err := checkGitDir(gitDir, []string{repo})
	if err != nil || common != gitDir {
		t.Fatalf("alternates inside the root: %q, %v", common, err)
	}
	// every objects folder git uses is stamped, each once
	var names []string
	for _, l := range stamped {
		names = append(names, l.name)
	}
	joined := strings.Join(names, "\n")
	for _, want := range []string{"objects/info/alternates file", "s1/objects/info/alternates", "s 2/objects/info/alternates"} {
		if strings.Count(joined, want) != 1 {
			t.Fatalf("stamped %q, want %q once", names, want)
		}
	}
	repotest.WriteFiles(t, repo, map[string]string{"s 2/objects/info/alternates": "../../../repo-other/.git/objects\n"})
	_, _, err = checkGitDir(gitDir, []string{repo})
	wantRefusal(t, err, "an objects/info/alternates entry", filepath.Join(other, ".git", "objects"), "leads outside the repository")
}

// git follows alternates five levels below the repository's own file and
// no deeper: the check reads exactly as many, so an entry leading out at
// the last level git reads is refused, and one below it (git ignores it)
// is not.
func TestCheckGitDirFollowsAlternatesFiveDeep(t *testing.T) {
	for _, c := range []struct {
		levels  int
		refused bool
	}{{5, true}, {6, false}} {
		repo, other := siblings(t)
		prev := ".git/objects"
		for i := 1; i <= c.levels; i++ {
			s := filepath.Join(repo, "s"+itoa(i), "objects")
			must(t, os.MkdirAll(filepath.Join(s, "info"), 0o755))
			repotest.WriteFiles(t, repo, map[string]string{prev + "/info/alternates": s + "\n"})
			prev = "s" + itoa(i) + "/objects"
		}
		repotest.WriteFiles(t, repo, map[string]string{prev + "/info/alternates": filepath.Join(other, ".git", "objects") + "\n"})
		_, _, err := checkGitDir(filepath.Join(repo, ".git"), []string{repo})
		if c.refused {
			wantRefusal(t, err, "leads outside the repository")
		} else if err != nil {
			t.Fatalf("an entry below git's five levels was refused: %v", err)
		}
		// git agrees: it reads the other repository's objects only when
		// the entry is within its five levels.
		theirs := strings.TrimSpace(repotest.Git(t, other, "rev-parse", "HEAD"))
		got := repotest.GitCmd(repo, "cat-file", "-e", theirs).Run() == nil
		if got != c.refused {
			t.Fatalf("%d levels: git reads the other objects: %v", c.levels, got)
		}
	}
}

// An alternates entry, commondir or git folder that cannot be resolved
// is refused with the path, and an alternates file that cannot be read
// (a folder in its place) is refused.
func TestCheckGitDirRefusesWhatItCannotResolve(t *testing.T) {
	repo, _ := siblings(t)
	gitDir := filepath.Join(repo, ".git")
	repotest.WriteFiles(t, repo, map[string]string{".git/objects/info/alternates": "/nonexistent/objects\n"})
	_, _, err := checkGitDir(gitDir, []string{repo})
	wantRefusal(t, err, "an objects/info/alternates entry /nonexistent/objects", "cannot be resolved")

	must(t, os.Remove(filepath.Join(gitDir, "objects", "info", "alternates")))
	must(t, os.Mkdir(filepath.Join(gitDir, "objects", "info", "alternates"), 0o755))
	_, _, err = checkGitDir(gitDir, []string{repo})
	wantRefusal(t, err, "its objects/info/alternates cannot be read")

	_, _, err = checkGitDir(filepath.Join(repo, "no-such.git"), []string{repo})
	wantRefusal(t, err, "the git folder", "cannot be resolved")
}

// A relative commondir counts from the git folder; the common folder it
// names inside the root is returned, and its own links are walked.
func TestCheckGitDirReturnsTheCommonFolder(t *testing.T) {
	repo, other := siblings(t)
	gitDir := filepath.Join(repo, ".git")
	common := filepath.Join(repo, "common")
	must(t, os.MkdirAll(filepath.Join(common, "objects"), 0o755))
	repotest.WriteFiles(t, repo, map[string]string{".git/commondir": "../common\n"})
	got, _, err := checkGitDir(gitDir, []string{repo})
	if err != nil || got != common {
		t.Fatalf("common folder %q, %v; want %q", got, err, common)
	}
	must(t, os.Symlink(filepath.Join(other, ".git", "HEAD"), filepath.Join(common, "HEAD")))
	_, _, err = checkGitDir(gitDir, []string{repo})
	wantRefusal(t, err, "the symlink HEAD", "leads outside the repository")
}

// A root inside a work tree allows the enclosing .git too: a link from it
// into the work tree's top (outside the root) is refused, and the git
// folder itself is accepted.
func TestCheckGitDirAllowsOnlyTheGivenFolders(t *testing.T) {
	repo, _ := siblings(t)
	gitDir := filepath.Join(repo, ".git")
	sub := filepath.Join(repo, "sub")
	must(t, os.Mkdir(sub, 0o755))
	if _, _, err := checkGitDir(gitDir, []string{sub, gitDir}); err != nil {
		t.Fatalf("the enclosing git folder, allowed: %v", err)
	}
	must(t, os.Symlink(filepath.Join(repo, "a.txt"), filepath.Join(gitDir, "top-file")))
	_, _, err := checkGitDir(gitDir, []string{sub, gitDir})
	wantRefusal(t, err, "the symlink top-file", "leads outside the repository")
	// an allowed folder that does not exist allows nothing
	_, _, err = checkGitDir(gitDir, []string{filepath.Join(repo, "gone")})
	wantRefusal(t, err, "the git folder", "leads outside the repository")
}

// inRootFile honours a config file path only inside the root (or the git
// folder), by whole components, and only for a regular file: "~", a NUL,
// a sibling sharing the root's prefix, a folder and a missing file all
// give /dev/null; a relative path counts from the work tree's top.
func TestInRootFileRule(t *testing.T) {
	repo, other := siblings(t)
	// "~" is git's home: never expanded, even when the root has a folder
	// of that name
	repotest.WriteFiles(t, repo, map[string]string{"ex/ignore": "*.x\n", "~/ignore": "*.x\n"})
	repotest.WriteFiles(t, other, map[string]string{"ignore": "*.x\n"})
	g := &Runner{workDir: repo, allowed: []string{repo}}
	for _, c := range []struct{ value, want string }{
		{"ex/ignore", filepath.Join(repo, "ex", "ignore")},
		{filepath.Join(repo, "ex", "ignore"), filepath.Join(repo, "ex", "ignore")},
		{filepath.Join(other, "ignore"), "/dev/null"},
		{"../repo-other/ignore", "/dev/null"},
		{"~/ignore", "/dev/null"},
		{"ex/ignore\x00", "/dev/null"},
		{"ex", "/dev/null"},
		{"ex/missing", "/dev/null"},
		{"", "/dev/null"},
		{repo, "/dev/null"},
	} {
		if got := g.inRootFile(c.value); got != c.want {
			t.Errorf("inRootFile(%q) = %q, want %q", c.value, got, c.want)
		}
	}
	// an allowed folder that cannot be resolved is passed over, not the end
	g.allowed = []string{filepath.Join(repo, "gone"), repo}
	if got, want := g.inRootFile("ex/ignore"), filepath.Join(repo, "ex", "ignore"); got != want {
		t.Errorf("after an unresolvable allowed folder: %q, want %q", got, want)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
