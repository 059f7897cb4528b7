package repoops

import (
	"path/filepath"
	"testing"
)

// A chain of exactly 8 relative links (os.Root's limit) is followed; one
// link more is refused as a loop or a chain that is too long.
func TestLinkChainOf8IsFollowed9IsRefused(t *testing.T) {
	dir := plainDir(t, map[string]string{"target.txt": "end of the chain\n"})
	prev := "target.txt"
	for i := 1; i <= 9; i++ {
		name := "l" + itoa(i)
		symlink(t, prev, filepath.Join(dir, name))
		prev = name
	}
	s := openSession(t, dir)
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "l8"})), "1→end of the chain")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "l9"}), "l9 is a symlink loop (or a chain of more than 8 links); it cannot be opened")
	symlink(t, "self", filepath.Join(dir, "self"))
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "self"}), "self is a symlink loop")
}
