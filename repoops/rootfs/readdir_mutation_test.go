//go:build linux

package rootfs

import (
	"os"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// ReadDirTypes reads through a duplicate of the folder's fd and closes
// it: a bulk scan calls it once per folder, so a leaked fd per call would
// run a large tree out of fds (found by mutation testing, .ci/mutation
// --pkg rootfs).
func TestReadDirTypesLeaksNoFd(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/f", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	fds := func() int {
		des, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skipf("no /proc/self/fd: %v", err)
		}
		return len(des)
	}
	before := fds()
	for range 50 {
		f, err := os.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		des, err := ReadDirTypes(f)
		f.Close()
		if err != nil || len(des) != 1 || des[0].Name() != "f" {
			t.Fatalf("ReadDirTypes: %v, %v", des, err)
		}
	}
	if after := fds(); after > before+5 {
		t.Errorf("%d fds open after 50 reads, %d before: ReadDirTypes leaks one a call", after, before)
	}
}

// When the folder's fd cannot be duplicated (the process is out of fds),
// ReadDirTypes still lists the whole folder, through the file itself.
func TestReadDirTypesListsEverythingWhenDupFails(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a", "b", "c"} {
		if err := os.WriteFile(dir+"/"+name, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(dir+"/sub", 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	des, err := readDirTypes(f, func(uintptr) (int, error) { return -1, unix.EMFILE })
	if err != nil {
		t.Fatalf("ReadDirTypes with dup failing: %v", err)
	}
	var got []string
	for _, de := range des {
		name := de.Name()
		if de.IsDir() {
			name += "/"
		}
		got = append(got, name)
	}
	slices.Sort(got)
	if want := []string{"a", "b", "c", "sub/"}; !slices.Equal(got, want) {
		t.Errorf("ReadDirTypes with dup failing listed %q; want %q", got, want)
	}
}
