//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"
)

// Exists looks for a path's last part inside its own folder: "a/x" is
// absent even when "a/a/x" (the whole path, taken inside a) exists (found
// by mutation testing, .ci/mutation --pkg rootfs).
func TestExistsLooksForTheNameInItsOwnFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "a/a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a/a/x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p := r.Presence()
	defer p.Close()
	if p.Exists("a/x") {
		t.Error("a/x found, but only a/a/x exists")
	}
	if !p.Exists("a/a/x") {
		t.Error("a/a/x not found")
	}
}
