//go:build unix

package repoops

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// pathIntakeFixture is escapeFixture's root with git's storage in it: a
// .git folder at the top and in a sub-folder, a .GIT next to it (a
// case-sensitive file system holds both; a folding one would make them the
// same folder), links into them, and every file in them holds remoteToken.
// It returns the root and the inodes inside it that are not git's.
func pathIntakeFixture(t testing.TB) (root string, inside map[[2]uint64]bool) {
	t.Helper()
	root, _ = escapeFixture(t)
	writeFiles(t, root, map[string]string{
		".git/config":         "url = " + remoteToken + "\n",
		".git/HEAD":           "ref: refs/heads/main " + remoteToken + "\n",
		".GIT/config":         "url = " + remoteToken + "\n",
		"sub/.git/config":     "url = " + remoteToken + "\n",
		"sub/deeper/.Git/x":   remoteToken + "\n",
		"sub/.gitignore":      "ok\n", // a name that only starts like .git
		"sub/git/readme.txt":  "plain\n",
		"quoted \"name\".txt": "q\n",
	})
	symlink(t, ".git/config", filepath.Join(root, "to-config"))
	symlink(t, ".git", filepath.Join(root, "to-gitdir"))
	symlink(t, "../.GIT", filepath.Join(root, "sub", "to-upper"))
	inside = map[[2]uint64]bool{}
	if err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.EqualFold(d.Name(), ".git") {
			return filepath.SkipDir // git's: not "inside" for the oracle
		}
		var st syscall.Stat_t
		if err := syscall.Lstat(p, &st); err != nil {
			return err
		}
		inside[[2]uint64{uint64(st.Dev), uint64(st.Ino)}] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return root, inside
}

// pathParts is the oracle's own reading of a path's components: the
// quoted form unquoted, split at "/". It does not clean or resolve.
func pathParts(p string) []string {
	if len(p) >= 2 && p[0] == '"' {
		q := strings.TrimSuffix(p, "/")
		if u, err := strconv.Unquote(q); err == nil {
			p = u
		}
	}
	return strings.Split(p, "/")
}

// FuzzPathIntake checks repox's own intake rules on a root that holds
// git's storage: whatever path a model sends,
//   - a path with a component that is ".git" in any case is refused, by
//     every tool, with the .git refusal;
//   - a path that resolves has no ".." and no git-storage component, is
//     clean, and the read shows it under exactly that name (the resolved
//     path and the displayed one agree, and the bytes are that file's);
//   - a successful open lands on an inode inside the root and outside
//     git's storage, and no tool returns the bytes planted outside the root
//     or inside .git.
func FuzzPathIntake(f *testing.F) {
	for _, seed := range []string{
		"", ".", "/", "inside.txt", "sub/ok.txt", "../outside/secret.txt", "sibling/secret.txt", "sibling/",
		"sibling/.", "sibling//", "passwd", "up", "dangling", "loop", "sub/inroot", "sub/../inside.txt",
		"sub/../../allowed_evil/s", "/etc/passwd", "a.txt\x00.png", "%2e%2e/x", `"sibling/secret.txt"`,
		`"\x2e\x2e/outside/secret.txt"`, strings.Repeat("sub/../", 300) + "inside.txt",
		".git", ".git/", ".git/config", ".GIT/config", ".Git/HEAD", "sub/.git/config", "sub/.GIT/config",
		"sub/deeper/.Git/x", "./.git/config", "sub/../.git/config", ".git/../inside.txt", `".git/config"`,
		`"\x2egit/config"`, "to-config", "to-gitdir/config", "sub/to-upper/config", "git~1/config",
		".git./config", ".g\u200cit/config", "sub/.gitignore", "sub/git/readme.txt", "..", "../", "./..",
		`"quoted \"name\".txt"`, "sub//ok.txt", "sub/./ok.txt",
	} {
		f.Add(seed)
	}
	root, inside := pathIntakeFixture(f)
	r := openRepo(f, root)
	s := r.NewSession()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, p string) {
		gitPart := false
		for _, c := range pathParts(p) {
			if strings.EqualFold(c, ".git") {
				gitPart = true
			}
		}
		rel, rerr := r.resolvePath(p)
		if gitPart {
			if rerr == nil {
				t.Fatalf("path %q names .git but resolved to %q", p, rel)
			}
			for tool, args := range map[string]any{
				"repo_read_file": map[string]any{"path": p},
				"repo_tree":      map[string]any{"path": p},
				"repo_find":      map[string]any{"query": "config", "path": p},
			} {
				res := call(t, s, tool, args)
				if !res.IsError || !strings.Contains(res.Text, "inside .git") {
					t.Fatalf("%s %q: want the .git refusal, got:\n%s", tool, p, res.Text)
				}
			}
		}
		if rerr == nil {
			if rel != "" && (path.Clean(rel) != rel || strings.HasPrefix(rel, "/")) {
				t.Fatalf("path %q resolved to %q, which is not a clean relative path", p, rel)
			}
			for _, c := range strings.Split(rel, "/") {
				if c == ".." || isGitDirName(c) {
					t.Fatalf("path %q resolved to %q, which has the component %q", p, rel, c)
				}
			}
			if fh, err := r.fs.OpenRead(rel); err == nil {
				var st syscall.Stat_t
				if syscall.Fstat(int(fh.Fd()), &st) == nil && !inside[[2]uint64{uint64(st.Dev), uint64(st.Ino)}] {
					fh.Close()
					t.Fatalf("path %q (resolved %q) opened an inode outside the root or inside .git", p, rel)
				}
				fh.Close()
			}
		}
		if res, err := s.ReadFile(ctx, ReadArgs{Path: p}); err == nil {
			text := res.Render()
			if strings.Contains(text, outsideSecret) || strings.Contains(text, remoteToken) {
				t.Fatalf("read %q returned bytes from outside the root or inside .git", p)
			}
			if rerr != nil {
				t.Fatalf("read %q succeeded, resolvePath refused it: %v", p, rerr)
			}
			if res.Path != DisplayPath(rel) {
				t.Fatalf("read %q: shown as %q, resolved to %q", p, res.Path, rel)
			}
			want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
			if err != nil {
				t.Fatalf("read %q succeeded on %q, which the oracle cannot read: %v", p, rel, err)
			}
			var got bytes.Buffer
			for _, l := range res.Lines {
				got.WriteString(l.Text)
				got.WriteByte('\n')
			}
			if got.String() != strings.ReplaceAll(string(want), "\r\n", "\n") && !(len(want) > 0 && want[len(want)-1] != '\n' && got.String() == string(want)+"\n") {
				t.Fatalf("read %q (resolved %q) showed %q, the file holds %q", p, rel, got.String(), want)
			}
		}
		if res, err := s.Tree(ctx, TreeArgs{Path: p, MaxDepth: ptr(2)}); err == nil {
			text := res.Render()
			if strings.Contains(text, "nested.txt") || strings.Contains(text, "HEAD") || strings.Contains(text, remoteToken) {
				t.Fatalf("tree %q listed an outside folder or git's storage:\n%s", p, text)
			}
		}
	})
}
