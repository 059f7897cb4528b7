//go:build unix

package rootfs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// A replace gives the new file the old one's owner and group, and when
// this process cannot (a user may not give a file to another user or to a
// group it is not in), it refuses and changes nothing: the rename would
// hand the file to this user. Load refuses such a file before any write
// (changeRefusal); this test hands Replace the owner a file had when it
// was loaded, as a chown between the load and the write would, to reach
// the check that follows the chown on the new file. It runs as nobody.
func TestReplaceRefusesAnOwnerItCannotKeep(t *testing.T) {
	if repotest.AsNobody(t, nil) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("root may give a file any owner; runs as nobody")
	}
	for _, c := range []struct {
		name     string
		uid, gid uint32
	}{
		{"another group", uint32(os.Geteuid()), 0},
		{"another owner", 0, uint32(os.Getegid())},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.txt")
			if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			tg, err := r.Target("f.txt", false)
			if err != nil {
				t.Fatal(err)
			}
			defer tg.Close()
			f, err := tg.OpenFile()
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			old, err := f.Load(1 << 20)
			if err != nil {
				t.Fatal(err)
			}
			was := *old
			was.Uid, was.Gid = c.uid, c.gid
			err = tg.Replace([]byte("new\n"), &was, f)
			want := fmt.Sprintf("f.txt belongs to user %d and group %d", c.uid, c.gid)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "the file is unchanged") {
				t.Fatalf("Replace with an owner it cannot keep: %v; want a refusal saying %q", err, want)
			}
			if got, _ := os.ReadFile(p); string(got) != "old\n" {
				t.Fatalf("the file now holds %q", got)
			}
			des, _ := os.ReadDir(dir)
			for _, de := range des {
				if IsWriteTemp(de.Name()) {
					t.Errorf("the temp file %s was left behind", de.Name())
				}
			}
		})
	}
}
