package gitexec

import (
	"io/fs"
	"os"
	"syscall"
	"testing"
	"time"
)

// fakeStat is an os.FileInfo whose Sys is whatever the test gives.
type fakeStat struct {
	os.FileInfo
	sys any
}

func (f fakeStat) Size() int64        { return 3 }
func (f fakeStat) ModTime() time.Time { return time.Unix(0, 5) }
func (f fakeStat) Mode() fs.FileMode  { return 0o644 }
func (f fakeStat) Sys() any           { return f.sys }

// A stamp is full (may be kept across processes) when the file's stat has
// an inode or a ctime: a stat with neither (Windows, or a file system that
// gives none) stamps only size and mtime, which a rewrite can keep.
func TestStatTextIsFullOnlyWithAnInodeOrACtime(t *testing.T) {
	cases := []struct {
		name string
		sys  any
		full bool
	}{
		{"neither", nil, false},
		{"an inode only", &syscall.Stat_t{Ino: 7}, true},
		{"a ctime only", &syscall.Stat_t{Ctim: syscall.Timespec{Sec: 9}}, true},
		{"both", &syscall.Stat_t{Ino: 7, Ctim: syscall.Timespec{Sec: 9}}, true},
	}
	for _, c := range cases {
		if _, full, _ := statText(fakeStat{sys: c.sys}); full != c.full {
			t.Errorf("%s: full = %v; want %v", c.name, full, c.full)
		}
	}
}

// A stamp is settled when its newest file time is at least racyMargin
// before the read started, exactly racyMargin included; a stamp that is
// not full is never settled.
func TestStampSettledAtTheMargin(t *testing.T) {
	start := int64(100 * time.Second)
	edge := start - int64(racyMargin)
	if !(stamp{full: true, newest: edge}).settled(start) {
		t.Error("a stamp exactly racyMargin old is not settled; want settled")
	}
	if (stamp{full: true, newest: edge + 1}).settled(start) {
		t.Error("a stamp 1 ns younger than racyMargin is settled; want not")
	}
	if (stamp{full: false, newest: edge - 1}).settled(start) {
		t.Error("a stamp that is not full is settled; want not")
	}
}
