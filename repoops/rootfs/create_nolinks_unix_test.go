//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On a file system without hard links (vfat answers EPERM to link) a
// create cannot rely on the link failing when the name exists: it checks
// that the name is still free, then renames the complete temp file onto
// it. The file is made with its content and no temp is left; a name that
// someone else took meanwhile is refused and keeps their content.
func TestCreateWithoutHardLinks(t *testing.T) {
	for _, taken := range []bool{false, true} {
		dir := t.TempDir()
		p := filepath.Join(dir, "new.txt")
		r, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		h := Hooks{NamedTemps: true, NoHardLinks: true}
		if taken {
			h.BeforeLink = func() {
				if err := os.WriteFile(p, []byte("theirs\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		r.SetHooks(h)
		tg, err := r.Target("new.txt", false)
		if err != nil {
			t.Fatal(err)
		}
		err = tg.Create([]byte("mine\n"))
		tg.Close()
		r.Close()
		got, _ := os.ReadFile(p)
		switch {
		case !taken && (err != nil || string(got) != "mine\n"):
			t.Errorf("a free name: %v, the file holds %q; want it made with the content", err, got)
		case taken && (err == nil || !strings.Contains(err.Error(), "new.txt was created by someone else meanwhile")):
			t.Errorf("a name taken meanwhile: %v; want a refusal saying so", err)
		case taken && string(got) != "theirs\n":
			t.Errorf("a name taken meanwhile now holds %q; want the other writer's content", got)
		}
		des, _ := os.ReadDir(dir)
		for _, de := range des {
			if IsWriteTemp(de.Name()) {
				t.Errorf("taken %v: the temp file %s was left behind", taken, de.Name())
			}
		}
	}
}
