package replay

import (
	"reflect"
	"testing"
)

// An edit the disk does not hold: its lines are marked nowhere on disk and
// named as missing where they would stand; the lines around it keep their
// marks at the disk's numbers. The disk holding the replayed text keeps
// every mark as it is.
func TestMapOnDisk(t *testing.T) {
	f := FileSeen{Path: "a.go", Read: []LineRange{{1, 6}}, Edited: []LineRange{{2, 3}, {6, 6}}, EditedUnread: []LineRange{{6, 6}}}
	replayed := []string{"a", "new 1", "new 2", "b", "c", "tail"}
	disk := []string{"a", "b", "c", "old tail"}
	got := mapOnDisk(f, replayed, disk)
	want := DiskMarks{
		Seen:    FileSeen{Path: "a.go", Read: []LineRange{{1, 3}}},
		Missing: []MissingEdit{{Lines: LineRange{2, 3}, At: 2}, {Lines: LineRange{6, 6}, At: 4}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("on an older disk:\n got %+v\nwant %+v", got, want)
	}
	if got.MissingLines() != 3 {
		t.Errorf("MissingLines %d, want 3", got.MissingLines())
	}

	same := mapOnDisk(f, replayed, append([]string(nil), replayed...))
	if !same.Same || !reflect.DeepEqual(same.Seen, f) || len(same.Missing) != 0 {
		t.Errorf("on a disk with the edit: %+v", same)
	}

	// shifted: the disk has a line more at the top; marks follow the text
	shifted := mapOnDisk(f, replayed, append([]string{"added on disk"}, replayed...))
	if want := (FileSeen{Path: "a.go", Read: []LineRange{{2, 7}}, Edited: []LineRange{{3, 4}, {7, 7}}, EditedUnread: []LineRange{{7, 7}}}); !reflect.DeepEqual(shifted.Seen, want) || len(shifted.Missing) != 0 {
		t.Errorf("shifted by one: %+v, want seen %+v", shifted, want)
	}

	// absent: the session made the file
	gone := mapOnDisk(FileSeen{Path: "n.go", Written: true, Edited: []LineRange{{1, 2}}}, []string{"x", "y"}, nil)
	if len(gone.Missing) != 1 || gone.Missing[0] != (MissingEdit{Lines: LineRange{1, 2}, At: 0}) || len(gone.Seen.Edited) != 0 {
		t.Errorf("a file not on disk: %+v", gone)
	}
}
