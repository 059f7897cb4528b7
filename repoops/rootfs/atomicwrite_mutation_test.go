//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A replace whose last step fails (the name became a folder before the
// rename) refuses, says the file is unchanged, and leaves no temp file,
// with an unnamed temp (named only when complete) and a named one alike
// (found by mutation testing, .ci/mutation --pkg rootfs).
func TestFailedReplaceLeavesNoTempFile(t *testing.T) {
	for _, named := range []bool{false, true} {
		dir := t.TempDir()
		p := filepath.Join(dir, "f.txt")
		if err := os.WriteFile(p, []byte("a\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		r.SetHooks(Hooks{NamedTemps: named, BeforeLink: func() {
			// the name becomes a folder that is not empty: rename fails
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(p, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
		}})
		tg, err := r.Target("f.txt", false)
		if err != nil {
			t.Fatal(err)
		}
		f, err := tg.OpenFile()
		if err != nil {
			t.Fatal(err)
		}
		old, err := f.Load(1 << 20)
		if err != nil {
			t.Fatal(err)
		}
		err = tg.Replace([]byte("b\n"), old, f)
		f.Close()
		tg.Close()
		r.Close()
		if err == nil || !strings.Contains(err.Error(), "the file is unchanged") {
			t.Fatalf("named temps %v: want a refusal saying the file is unchanged, got %v", named, err)
		}
		des, _ := os.ReadDir(dir)
		for _, de := range des {
			if IsWriteTemp(de.Name()) {
				t.Errorf("named temps %v: the temp file %s was left behind", named, de.Name())
			}
		}
	}
}
