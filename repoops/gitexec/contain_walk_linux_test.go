//go:build linux

package gitexec

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// walkLinks sees what filepath.WalkDir sees: the same symlinks (at any
// depth, to folders or files, dangling or not) and the same number of
// entries, so the budget means the same; it stops at the budget.
func TestWalkLinksMatchesWalkDir(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		sub := filepath.Join(dir, "objects", strconv.Itoa(i%7), strconv.Itoa(i))
		must(t, os.MkdirAll(sub, 0o755))
		must(t, os.WriteFile(filepath.Join(sub, "f"), nil, 0o644))
	}
	must(t, os.Symlink("/etc", filepath.Join(dir, "top-link")))
	must(t, os.Symlink("../../x", filepath.Join(dir, "objects", "3", "10", "deep-link")))
	must(t, os.Symlink("nowhere", filepath.Join(dir, "objects", "dangling")))
	must(t, os.Mkdir(filepath.Join(dir, "objects", "unreadable"), 0o000))
	deep := dir
	for range 60 {
		deep = filepath.Join(deep, "d")
	}
	must(t, os.MkdirAll(deep, 0o755))
	must(t, os.Symlink("/", filepath.Join(deep, "bottom-link")))

	var want []string
	wantBudget := 1 << 20
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		wantBudget--
		if d.Type()&fs.ModeSymlink != 0 {
			want = append(want, p)
		}
		return nil
	})
	var got []string
	budget := 1 << 20
	if err := walkLinks(dir, &budget, errors.New("too many"), func(p string) error { got = append(got, p); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) || budget != wantBudget {
		t.Fatalf("walkLinks found %q with %d left, WalkDir %q with %d left", got, budget, want, wantBudget)
	}
	tooMany := errors.New("too many")
	budget = 30
	if err := walkLinks(dir, &budget, tooMany, func(string) error { return nil }); err != tooMany {
		t.Fatalf("over the budget: %v", err)
	}
	stop := errors.New("stop")
	budget = 1 << 20
	if err := walkLinks(dir, &budget, tooMany, func(string) error { return stop }); err != stop {
		t.Fatalf("a refused link did not stop the walk: %v", err)
	}
	if err := walkLinks(filepath.Join(dir, "missing"), &budget, tooMany, func(string) error { return nil }); err == nil {
		t.Fatal("a missing folder was walked")
	}
}

// An entry whose type the file system does not report is lstat'ed: a
// symlink is still handed over, a folder still entered.
func TestWalkLinksStatsUnknownTypes(t *testing.T) {
	dir := t.TempDir()
	must(t, os.Symlink("/etc", filepath.Join(dir, "l")))
	must(t, os.Mkdir(filepath.Join(dir, "d"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "f"), nil, 0o644))
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	var links []string
	budget := 10
	w := &linkWalk{budget: &budget, link: func(p string) error { links = append(links, p); return nil }}
	for _, c := range []struct {
		name string
		sub  bool
	}{{"l", false}, {"d", true}, {"f", false}, {"gone", false}} {
		sub, err := w.entry(fd, dir, []byte(c.name), unix.DT_UNKNOWN)
		if err != nil || sub != c.sub {
			t.Errorf("%s: sub-folder %v (%v), want %v", c.name, sub, err, c.sub)
		}
	}
	if !slices.Equal(links, []string{dir + "/l"}) {
		t.Fatalf("links %q", links)
	}
}

// The walk's budget counts the folder itself and each entry: a budget of
// exactly that many is enough, one less is refused with the caller's error.
func TestWalkLinksBudgetIsExact(t *testing.T) {
	empty, dir := t.TempDir(), t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "a"), nil, 0o644))
	tooMany := errors.New("too many")
	for _, c := range []struct {
		dir    string
		budget int
		want   error
	}{{empty, 1, nil}, {empty, 0, tooMany}, {dir, 2, nil}, {dir, 1, tooMany}} {
		b := c.budget
		if err := walkLinks(c.dir, &b, tooMany, func(string) error { return nil }); err != c.want {
			t.Fatalf("%s with budget %d: %v, want %v", c.dir, c.budget, err, c.want)
		}
	}
}
