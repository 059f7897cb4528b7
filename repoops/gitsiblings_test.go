package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// Siblings of the program-running items: settings that run a program or
// read outside the root on git 2.39, each set at once.
func TestGitSiblingSettingsRunNothingAndReadNothingOutside(t *testing.T) {
	script, marker := trapScript(t)
	dir := gitRepo(t, map[string]string{"sub/a.txt": "one\n", "b.txt": "b\n"})
	// A commit with a (forged) signature, so log --show-signature would
	// run gpg.program.
	raw := git(t, dir, "cat-file", "commit", "HEAD")
	head, body, _ := strings.Cut(raw, "\n\n")
	signed := head + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n" + body
	id := strings.TrimSpace(gitStdin(t, dir, signed, "hash-object", "-t", "commit", "-w", "--stdin"))
	git(t, dir, "update-ref", "refs/heads/main", id)
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{
		"mailmap":    "Mapped Outsider <t@example.com>\n",
		"attributes": "*.txt -diff\n",
		"order":      "b.txt\n",
	})
	for _, kv := range [][2]string{
		{"gpg.program", script}, {"gpg.ssh.program", script}, {"gpg.x509.program", script}, {"log.showSignature", "true"},
		{"mailmap.file", filepath.Join(outside, "mailmap")}, {"log.mailmap", "true"},
		{"core.attributesFile", filepath.Join(outside, "attributes")},
		{"diff.orderFile", filepath.Join(outside, "order")},
		{"core.worktree", outside},
		{"core.askPass", script}, {"credential.helper", script}, {"core.sshCommand", script},
		{"core.alternateRefsCommand", script},
		{"pager.log", script}, {"pager.status", script}, {"pager.diff", script},
		{"alias.status", "!" + script},
		{"status.submoduleSummary", "true"},
		{"diff.submodule", "diff"},
	} {
		git(t, dir, "config", kv[0], kv[1])
	}
	writeFiles(t, dir, map[string]string{"sub/a.txt": "two\n", "b.txt": "b2\n"})
	texts := everyGitCommand(t, []string{dir, filepath.Join(dir, "sub")}, []string{"sub/a.txt", "a.txt"}, false)
	noMarker(t, marker, "a sibling setting")
	mustNotContain(t, texts["status"], "mailmap", "attributes", "order") // core.worktree is not followed
	mustNotContain(t, texts["ls-files"], "mailmap")
	mustNotContain(t, texts["log"], "Mapped Outsider")
	mustContain(t, texts["log"], "t: fixture")
	mustNotContain(t, texts["show"], "Mapped Outsider", "Signature")
	mustContain(t, texts["show"], "Author: t <t@example.com>")
	mustNotContain(t, texts["blame"], "Mapped Outsider")
	mustContain(t, texts["blame"], "00000000 not committed yet 1→two")
	mustContain(t, texts["diff"], "+two") // the outside attributes file (-diff) was not read
	mustNotContain(t, texts["diff"], "Binary files")
	// The fixture is a trap: git itself runs gpg for this log.
	gitMayFail(t, dir, "log", "-1")
	gitMayFail(t, dir, "log", "-1", "--show-signature")
	if _, err := readFileOK(marker); err != nil {
		t.Fatal("the fixture is not a trap: git itself ran no gpg")
	}
}

// gitStdin runs git in dir for a fixture with input on stdin.
func gitStdin(t *testing.T, dir, input string, args ...string) string {
	t.Helper()
	cmd := repotest.GitCmd(dir, args...)
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

func readFileOK(p string) ([]byte, error) { return os.ReadFile(p) }
