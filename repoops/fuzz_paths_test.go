//go:build unix

package repoops

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// FuzzPathIntake is the containment oracle: whatever path a model sends,
// a successful open lands on an inode that lies inside the root, and no
// tool returns the bytes planted outside it.
func FuzzPathIntake(f *testing.F) {
	for _, seed := range []string{
		"", ".", "/", "inside.txt", "sub/ok.txt", "../outside/secret.txt", "sibling/secret.txt", "sibling/",
		"sibling/.", "sibling//", "passwd", "up", "dangling", "loop", "sub/inroot", "sub/../inside.txt",
		"sub/../../allowed_evil/s", "/etc/passwd", "a.txt\x00.png", "%2e%2e/x", `"sibling/secret.txt"`,
		`"\x2e\x2e/outside/secret.txt"`, ".git/config", ".GIT/config", strings.Repeat("sub/../", 300) + "inside.txt",
	} {
		f.Add(seed)
	}
	root, _ := escapeFixture(f)
	inside := map[[2]uint64]bool{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		var st syscall.Stat_t
		if syscall.Lstat(p, &st) == nil {
			inside[[2]uint64{uint64(st.Dev), uint64(st.Ino)}] = true
		}
		return nil
	})
	r, err := Open(root)
	if err != nil {
		f.Fatal(err)
	}
	defer r.Close()
	s := r.NewSession()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, p string) {
		rel, err := r.resolvePath(p)
		if err == nil {
			if fh, err := r.root.OpenFile(osPath(rel), os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				var st syscall.Stat_t
				if syscall.Fstat(int(fh.Fd()), &st) == nil && !inside[[2]uint64{uint64(st.Dev), uint64(st.Ino)}] {
					fh.Close()
					t.Fatalf("path %q (resolved %q) opened an inode outside the root", p, rel)
				}
				fh.Close()
			}
		}
		if res, err := s.ReadFile(ctx, ReadArgs{Path: p}); err == nil && strings.Contains(res.Render(), outsideSecret) {
			t.Fatalf("read %q returned outside bytes", p)
		}
		if res, err := s.Tree(ctx, TreeArgs{Path: p, MaxDepth: ptr(2)}); err == nil && strings.Contains(res.Render(), "nested.txt") {
			t.Fatalf("tree %q listed an outside folder", p)
		}
	})
}
