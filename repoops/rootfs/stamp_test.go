package rootfs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// StampAll is a door: it stats what lies inside the root and never
// follows a link — not a final one, not one on the way, not one out of the
// root — and agrees with Lstat's Stamp for what it reaches.
func TestStampAllStaysInsideAndFollowsNoLink(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	for _, d := range []string{"a/b", "c"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "a/b/f.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := runtime.GOOS != "windows"
	if links {
		for name, target := range map[string]string{"out": outside, "up": "..", "toa": "a"} {
			if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rels := []string{"", "a", "a/b", "a/b/f.txt", "c", "missing", "a/missing", "../x", "a/../c", "/abs"}
	if links {
		rels = append(rels, "out", "out/secret", "up/x", "toa", "toa/b")
	}
	got := r.StampAll(rels)
	for i, rel := range rels {
		var want Stamp
		switch rel {
		case "missing", "a/missing", "../x", "a/../c", "/abs", "out/secret", "up/x", "toa/b":
			// absent, not clean, or only reached through a link: no stamp
		default:
			st, err := os.Lstat(filepath.Join(dir, rel))
			if err != nil {
				t.Fatal(err)
			}
			want = StampOf(st)
		}
		if got[i] != want {
			t.Errorf("%q: stamp %+v, want %+v", rel, got[i], want)
		}
	}
	if links && got[len(rels)-5].Mode&os.ModeSymlink == 0 {
		t.Errorf("the link out of the root was followed: %+v", got[len(rels)-5])
	}
	// A name created in a folder moves the folder's stamp.
	before := r.StampAll([]string{"c"})[0]
	time.Sleep(20 * time.Millisecond)
	if err := os.WriteFile(filepath.Join(dir, "c/new"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if after := r.StampAll([]string{"c"})[0]; after == before {
		t.Errorf("a name created in c left its stamp as it was: %+v", after)
	}
}

// A long list is stamped in parts side by side: the same answers as one
// Lstat each.
func TestStampAllInPartsAgreesWithLstat(t *testing.T) {
	dir := t.TempDir()
	var rels []string
	for i := range 40 {
		for j := range 20 {
			rel := filepath.ToSlash(filepath.Join(fmt.Sprintf("d%02d", i), fmt.Sprintf("e%02d", j)))
			if err := os.MkdirAll(filepath.Join(dir, rel), 0o755); err != nil {
				t.Fatal(err)
			}
			rels = append(rels, fmt.Sprintf("d%02d", i), rel)
		}
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := r.StampAll(rels)
	for i, rel := range rels {
		st, err := os.Lstat(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		if got[i] != StampOf(st) {
			t.Fatalf("%s: %+v, want %+v", rel, got[i], StampOf(st))
		}
	}
}
