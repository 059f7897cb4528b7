package repoops

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tree entries carry their state as a type: a face reads State (and the
// counts), never the rendered mark; Render words the state exactly as before.
func TestTreeEntriesCarryTypedState(t *testing.T) {
	files := map[string]string{"a/b/c/deep.txt": "x\n", "top.txt": "t\n", ".gitignore": "hid/*.log\n", "hid/x.log": "l\n"}
	for i := range 30 {
		files[fmt.Sprintf("many/f%02d.txt", i)] = "x"
	}
	dir := plainDir(t, files)
	if err := os.MkdirAll(filepath.Join(dir, "hollow"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := openSession(t, dir)
	depth, entries := 2, 20
	res, err := s.Tree(context.Background(), TreeArgs{MaxDepth: &depth, MaxEntries: &entries})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]TreeEntry{}
	for _, e := range res.Entries {
		got[e.Raw] = e
	}
	want := map[string]EntryState{
		"a": EntryListed, "a/b": EntryNotListed, "hollow": EntryEmpty,
		"hid": EntryNothingListable, "many": EntryPartlyListed, "top.txt": EntryListed,
	}
	for p, st := range want {
		e, ok := got[p]
		if !ok {
			t.Fatalf("%s not listed: %+v", p, res.Entries)
		}
		if e.State != st {
			t.Errorf("%s: state %v, want %v", p, e.State, st)
		}
		if e.State.HidesContents() != (st == EntryNotListed || st == EntryPartlyListed) {
			t.Errorf("%s: HidesContents %v for %v", p, e.State.HidesContents(), st)
		}
	}
	many := got["many"]
	if many.Listed == 0 || many.Total != 30 || many.Listed >= many.Total {
		t.Errorf("many: listed %d of %d, want part of 30", many.Listed, many.Total)
	}
	// Render words each state as the marks have always read.
	out := res.Render()
	mustContain(t, out, "a/b/ "+MarkNotListed+"\n", "hollow/ "+MarkEmpty+"\n",
		fmt.Sprintf("many/ [contents partly listed: %d of 30]\n", many.Listed),
		"hid/ (nothing listable: 1 entry, all ignored or special)\n", "\ntop.txt\n")
	mustNotContain(t, out, "a/ [", "top.txt [")
	// The structured result names the state.
	b, err := json.Marshal(many)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"state":"partly_listed"`) || !strings.Contains(string(b), `"total":30`) {
		t.Errorf("structured entry %s: want its state by name and its counts", b)
	}
}
