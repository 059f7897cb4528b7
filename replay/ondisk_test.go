package replay

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
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

// onDiskSink keeps OnDisk and Read of a.txt after the last step.
type onDiskSink struct {
	disk DiskMarks
	read string
	err  error
}

func (s *onDiskSink) Begin(RunStart) error { return nil }
func (s *onDiskSink) Step(StepEvent) error { return nil }
func (s *onDiskSink) End(Summary) error    { return nil }
func (s *onDiskSink) StepState(e StepEvent, st StepState) error {
	s.disk, s.err = st.OnDisk(context.Background(), "a.txt")
	s.read = ""
	if r, err := st.Read(context.Background(), repoops.ReadArgs{Path: "a.txt"}); err == nil {
		for _, l := range r.Lines {
			s.read += l.Text + "\n"
		}
	}
	return nil
}

// Replayed against the tree as it is, on a root whose a.txt predates the
// session's edit (the agent edited another checkout): the edit's line is
// missing on disk, the read lines keep their marks, and Read gives the
// file as the replay left it. On a root that has the edit, the marks
// stand. A file over OnDiskMaxLines is not compared, and says so.
func TestOnDiskThroughTheDriver(t *testing.T) {
	log := `{"v":1,"session":"s1","tool":"repo_read_file","args":{"path":"a.txt"},"text":"a.txt — lines 1-3 of 3\n1→one\n2→two\n3→three"}
{"v":1,"session":"s1","tool":"repo_edit","args":{"path":"a.txt","old_string":"two","new_string":"TWO"},"text":"edited a.txt"}
`
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(p, []byte(log), 0o644)
	for _, tc := range []struct {
		name, disk string
		same       bool
		missing    []MissingEdit
	}{
		{name: "older", disk: "one\ntwo\nthree\n", missing: []MissingEdit{{Lines: LineRange{2, 2}, At: 2}}},
		{name: "has the edit", disk: "one\nTWO\nthree\n", same: true},
	} {
		root := repotest.PlainDir(t, map[string]string{"a.txt": tc.disk})
		sink := &onDiskSink{}
		if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: root, Against: AgainstNow}, sink); err != nil || sink.err != nil {
			t.Fatal(err, sink.err)
		}
		d := sink.disk
		if d.Same != tc.same || !reflect.DeepEqual(d.Missing, tc.missing) || d.Why != "" || sink.read != "one\nTWO\nthree\n" {
			t.Errorf("%s: %+v, read %q", tc.name, d, sink.read)
		}
		if !tc.same && Ranges(d.Seen.Read) != "1, 3" {
			t.Errorf("%s: read marks on disk %q, want 1, 3", tc.name, Ranges(d.Seen.Read))
		}
	}

	long := repotest.PlainDir(t, map[string]string{"a.txt": "one\ntwo\nthree\n" + repotest.Numbered(OnDiskMaxLines, "x")})
	sink := &onDiskSink{}
	if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: long, Against: AgainstNow}, sink); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sink.disk.Why, "longer than 50,000 lines") || len(sink.disk.Missing) != 0 {
		t.Errorf("a long file: %+v", sink.disk)
	}
}

// A file the session made is not on disk at all: every line it wrote is
// missing, with no place to stand.
func TestOnDiskOfAFileNotThere(t *testing.T) {
	log := `{"v":1,"session":"s1","tool":"repo_write","args":{"path":"sub/n.txt","content":"x\ny\n"},"text":"wrote sub/n.txt"}
`
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(p, []byte(log), 0o644)
	root := repotest.PlainDir(t, map[string]string{"a.txt": "a\n"})
	sink := &namedSink{path: "sub/n.txt"}
	if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: root, Against: AgainstNow}, sink); err != nil || sink.err != nil {
		t.Fatal(err, sink.err)
	}
	if d := sink.disk; d.Why != "" || !reflect.DeepEqual(d.Missing, []MissingEdit{{Lines: LineRange{1, 2}}}) {
		t.Errorf("a file the session made: %+v", d)
	}
}

// namedSink keeps OnDisk of one path after the last step.
type namedSink struct {
	path string
	disk DiskMarks
	err  error
}

func (s *namedSink) Begin(RunStart) error { return nil }
func (s *namedSink) Step(StepEvent) error { return nil }
func (s *namedSink) End(Summary) error    { return nil }
func (s *namedSink) StepState(e StepEvent, st StepState) error {
	s.disk, s.err = st.OnDisk(context.Background(), s.path)
	return nil
}
