package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A path of ".." is refused by repox's own check, with its own words,
// before os.Root sees it; so is every path whose cleaned form starts with
// "../".
func TestDotDotIsRefusedByReposOwnCheck(t *testing.T) {
	root, _ := escapeFixture(t)
	s := openSession(t, root)
	for _, p := range []string{"..", "../", "sub/../..", "./..", "../allowed", "../allowed/inside.txt"} {
		mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": p}), "leads outside the repository — give a path inside it, relative to the root")
		mustRefuse(t, call(t, s, "repo_tree", map[string]any{"path": p}), "leads outside the repository")
		if _, err := s.repo.resolvePath(p); err == nil || !strings.Contains(err.Error(), "leads outside the repository") {
			t.Errorf("resolvePath(%q): %v", p, err)
		}
	}
	// "..x" is a name, not a way up
	writeFiles(t, root, map[string]string{"..x": "dots\n"})
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "..x"})), "1→dots")
}

// A root opened through a symlink knows its absolute paths both as given
// and resolved, and still refuses what lies outside either.
func TestRootOpenedThroughASymlink(t *testing.T) {
	root, parent := escapeFixture(t)
	link := filepath.Join(parent, "via-link")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	r := openRepo(t, link)
	s := r.NewSession()
	ctx := context.Background()
	for _, p := range []string{link + "/inside.txt", real + "/inside.txt", link + "/sub/../inside.txt"} {
		res, err := s.ReadFile(ctx, ReadArgs{Path: p})
		if err != nil {
			t.Fatalf("read %s: %v", p, err)
		}
		if res.Path != "inside.txt" || !strings.Contains(res.Render(), "1→inside text") {
			t.Fatalf("read %s: path %q\n%s", p, res.Path, res.Render())
		}
	}
	for _, p := range []string{link, real, link + "/", real + "/."} {
		if rel, err := r.resolvePath(p); err != nil || rel != "" {
			t.Errorf("resolvePath(%q) = %q, %v; want the root", p, rel, err)
		}
	}
	for _, p := range []string{parent + "/outside/secret.txt", link + "/../outside/secret.txt", link + "x/inside.txt", real + "_evil/s"} {
		if _, err := s.ReadFile(ctx, ReadArgs{Path: p}); err == nil || !strings.Contains(err.Error(), "outside the repository") {
			t.Errorf("read %s: %v", p, err)
		}
	}
}

// The 16 MiB argument cap: a call's JSON of exactly 16 MiB is decoded, one
// byte more is refused before any decoding, and the refusal says both sizes.
func TestArgumentCapIs16MiB(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("x\n"), 0o644)
	head, tail := `{"path":"new.txt","content":"`, `"}`
	exact := head + strings.Repeat("a", MaxArgsBytes-len(head)-len(tail)) + tail
	if len(exact) != 16<<20 {
		t.Fatalf("fixture: %d bytes", len(exact))
	}
	res := s.Call(context.Background(), "repo_write", []byte(exact))
	mustNotContain(t, res.Text, "at most 16,777,216 are accepted")
	over := head + strings.Repeat("a", MaxArgsBytes-len(head)-len(tail)+1) + tail
	res = s.Call(context.Background(), "repo_write", []byte(over))
	mustRefuse(t, res, "arguments are 16,777,217 bytes; at most 16,777,216 are accepted")
	if _, err := os.Lstat(filepath.Join(dir, "new.txt")); !os.IsNotExist(err) {
		t.Fatalf("the refused write made new.txt: %v", err)
	}
}
