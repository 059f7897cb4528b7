package repoops

import (
	"path/filepath"
	"strings"
	"testing"
)

// The code points HFS+ ignores in names are exactly U+200C-U+200F,
// U+202A-U+202E, U+206A-U+206F and U+FEFF: ".git" with any of them in it
// names git's folder there and is refused; with a neighbour of those
// ranges it is an ordinary name.
func TestHFSIgnorableCodePointsAreExactlyGitsSet(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	for _, r := range []rune{0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202c, 0x202e, 0x206a, 0x206d, 0x206f, 0xfeff} {
		name := ".g" + string(r) + "it"
		if !isGitDirName(name) {
			t.Errorf("%U: %q should name .git", r, name)
		}
		mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": name + "/config", "content": "x\n"}), "is inside .git, git's own storage")
	}
	for _, r := range []rune{0x200b, 0x2010, 0x2029, 0x202f, 0x2069, 0x2070, 0xfefe, 0xff00} {
		name := ".g" + string(r) + "it"
		if isGitDirName(name) {
			t.Errorf("%U: %q is an ordinary name", r, name)
		}
		mustOK(t, call(t, s, "repo_write", map[string]any{"path": name + "/f.txt", "content": "x\n"}))
		mustSame(t, dir, name+"/f.txt", []byte("x\n"))
	}
}

// A link's target is followed part by part, empty and "." parts included:
// "./.git" and "a//.git" lead into git's folder as surely as ".git".
func TestLinkTargetsWithDotAndEmptyPartsAreFollowedToTheEnd(t *testing.T) {
	dir := plainDir(t, map[string]string{".git/config": "[core]\n", "a/.git/config": "[core]\n", "a/x.txt": "x\n"})
	symlink(t, "./.git", filepath.Join(dir, "l1"))
	symlink(t, "a//.git", filepath.Join(dir, "l2"))
	symlink(t, "./a/./x.txt", filepath.Join(dir, "l3"))
	symlink(t, "./..", filepath.Join(dir, "up"))
	symlink(t, ".//..", filepath.Join(dir, "up2"))
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "up/x"}), "goes through the symlink up, whose target ./.. leads outside the repository; repox never follows links out of the root")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "up2/x"}), "goes through the symlink up2, whose target .//.. leads outside the repository")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "l1/config"}), "goes through the symlink l1, whose target ./.git is inside .git")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "l2/config"}), "goes through the symlink l2, whose target a//.git is inside .git")
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "l3"})), "1→x")
}

// A file used as a folder is refused; when a link led there the refusal
// names the link, and only then.
func TestFileAsFolderNamesTheLinkOnlyWhenOneLedThere(t *testing.T) {
	dir := plainDir(t, map[string]string{"f.txt": "f\n"})
	symlink(t, "f.txt", filepath.Join(dir, "l"))
	s := openSession(t, dir)
	got := mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt/x"}), "f.txt is a file, not a folder — call repo_tree")
	if strings.Contains(got, "reached through") {
		t.Fatalf("no link led to f.txt:\n%s", got)
	}
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "l/x"}), "f.txt is a file, not a folder, reached through the symlink l (to f.txt) — call repo_tree")
}

// An absolute link is refused in the words of where it stands: the path
// itself, or a folder on the way.
func TestAbsoluteLinkRefusalSaysWhereTheLinkIs(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	symlink(t, "/etc", filepath.Join(dir, "abs"))
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "abs"}), "abs is a symlink to the absolute path /etc, which leads outside the repository; repox follows only relative links")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "abs/passwd"}), "abs/passwd goes through the symlink abs, whose target is the absolute path /etc, which leads outside the repository")
}
