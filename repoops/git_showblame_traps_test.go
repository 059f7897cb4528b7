package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// A hostile repository: every setting that makes git show or git blame
// run a program or read a file outside the root, each armed at once, with
// the attributes that name the drivers committed. show and blame run
// nothing and read nothing outside; the same repository does make plain
// git run the trap and leak the outside file, so the fixture is a trap.
func TestGitShowBlameRunNothingAndReadNothingOutside(t *testing.T) {
	script, marker := trapScript(t)
	dir := gitRepo(t, map[string]string{
		"a.txt":          "one\ntwo\n",
		"sub/s.txt":      "s\n",
		".gitattributes": "*.txt diff=trap filter=trap\n",
	})
	writeFiles(t, dir, map[string]string{"a.txt": "one\nTWO\n"})
	git(t, dir, "commit", "-q", "-am", "second")
	// HEAD with a (forged) signature, so show --show-signature would run
	// gpg.program.
	raw := git(t, dir, "cat-file", "commit", "HEAD")
	head, body, _ := strings.Cut(raw, "\n\n")
	signed := head + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n" + body
	id := strings.TrimSpace(gitStdin(t, dir, signed, "hash-object", "-t", "commit", "-w", "--stdin"))
	git(t, dir, "update-ref", "refs/heads/main", id)
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{
		"revs":    "SECRET-OUTSIDE-LINE\n",
		"mailmap": "Mapped Outsider <t@example.com>\n",
	})
	for _, kv := range [][2]string{
		{"diff.trap.textconv", script}, {"diff.trap.command", script}, {"diff.trap.cachetextconv", "true"},
		{"filter.trap.clean", script}, {"filter.trap.smudge", script}, {"filter.trap.process", script},
		{"diff.external", script},
		{"core.pager", script}, {"pager.show", script}, {"pager.blame", script},
		{"core.fsmonitor", script}, {"core.hooksPath", filepath.Dir(script)},
		{"gpg.program", script}, {"gpg.ssh.program", script}, {"gpg.x509.program", script}, {"log.showSignature", "true"},
		{"blame.ignoreRevsFile", filepath.Join(outside, "revs")},
		{"mailmap.file", filepath.Join(outside, "mailmap")}, {"log.mailmap", "true"},
		{"alias.show", "!" + script}, {"alias.blame", "!" + script},
		{"log.decorate", "full"}, {"format.pretty", "format:%H %s"},
	} {
		git(t, dir, "config", kv[0], kv[1])
	}
	// The work tree's copy differs in stat only, so blame reads it through
	// the clean filter; and one line is not committed.
	staleStat(t, dir, "a.txt", "one\nTWO\n")
	writeFiles(t, dir, map[string]string{"sub/s.txt": "s\nnew\n"})
	var texts []string
	for _, root := range []string{dir, filepath.Join(dir, "sub")} {
		s := openSession(t, root)
		for _, args := range []map[string]any{
			{"cmd": "show"},
			{"cmd": "show", "rev": "HEAD~1"},
			{"cmd": "show", "path": "a.txt"},
			{"cmd": "show", "rev": "main^", "path": "s.txt"},
			{"cmd": "blame", "path": "a.txt"},
			{"cmd": "blame", "path": "s.txt"},
			{"cmd": "blame", "path": "sub/s.txt", "lines": "2"},
		} {
			r := call(t, s, "repo_git", args)
			if r.IsError && !blamePathRefusal(r.Text) {
				t.Fatalf("%v from %s: %s", args, root, r.Text)
			}
			texts = append(texts, r.Text)
		}
	}
	noMarker(t, marker, "show or blame")
	all := strings.Join(texts, "\n")
	mustNotContain(t, all, "SECRET-OUTSIDE-LINE", "Mapped Outsider", "Signature", "(HEAD -> ")
	// The real diff and the real lines, not a driver's.
	mustContain(t, all, "-two\n+TWO", " 2→TWO\n", "00000000 not committed yet 2→new")
	// The fixture is a trap: plain git runs the programs and reads the
	// outside file for these very commands.
	out, _ := gitOutput(dir, "blame", "--", "a.txt")
	if !strings.Contains(out, "SECRET-OUTSIDE-LINE") {
		t.Fatalf("the fixture is not a trap: git blame did not read blame.ignoreRevsFile:\n%s", out)
	}
	gitMayFail(t, dir, "blame", "--no-ignore-revs-file", "--", "a.txt")
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the fixture is not a trap: git blame ran no textconv or filter")
	}
	must(t, os.Remove(marker))
	gitMayFail(t, dir, "show", "--format=medium", "HEAD")
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the fixture is not a trap: git show ran no program")
	}
}

// gitOutput runs plain git in dir with the fixture's environment and
// returns its combined output, failure or not.
func gitOutput(dir string, args ...string) (string, error) {
	out, err := repotest.GitCmd(dir, args...).CombinedOutput()
	return string(out), err
}
