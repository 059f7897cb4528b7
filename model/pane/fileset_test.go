package pane

import (
	"context"
	"slices"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// displayed is each path's repoops.DisplayPath.
func displayed(raw []string) []string {
	out := make([]string, len(raw))
	for i, r := range raw {
		out[i] = repoops.DisplayPath(r)
	}
	return out
}

// listAll runs the set's listing to its end, batch by batch, as the
// update loop does.
func listAll(t *testing.T, s *FileSet) {
	t.Helper()
	for cmd := s.Want(); cmd != nil; {
		fm, ok := cmd().(Msg).Msg.(FeedMsg)
		if !ok {
			t.Fatalf("the listing sent no batch")
		}
		cmd = s.OnBatch(fm.Batch, fm.Feed)
	}
}

// TestFileSetShownOnlyWhereItDiffers: the set's shown paths are each
// path's DisplayPath; when every path shows as itself they are the raw
// paths themselves, not a copy.
func TestFileSetShownOnlyWhereItDiffers(t *testing.T) {
	for _, c := range []struct {
		name  string
		paths []string
	}{
		{"plain", []string{"a.go", "src/b.go", "c d/e.md"}},
		{"quoted", []string{"a.go", "odd name ", "f:12", "g.go", "\"q.go", "h\x1b.go"}},
	} {
		s := &FileSet{ctx: context.Background(), Each: func(ctx context.Context, visit func(string)) (int, error) {
			for _, p := range c.paths {
				visit(p)
			}
			return 0, nil
		}}
		listAll(t, s)
		raw, shown := s.Paths()
		if !slices.Equal(raw, c.paths) || !slices.Equal(shown, displayed(c.paths)) {
			t.Fatalf("%s: listed %q shown %q, want %q shown %q", c.name, raw, shown, c.paths, displayed(c.paths))
		}
		if c.name == "plain" && &shown[0] != &raw[0] {
			t.Errorf("every path shows as itself, yet shown is a copy")
		}
	}
}

// TestFileSetShownAcrossBatches: whichever batch the first path that
// shows quoted comes in, and whether a batch carries its shown paths or
// leaves them to be its raw ones, the set's shown paths are every path's
// DisplayPath.
func TestFileSetShownAcrossBatches(t *testing.T) {
	parts := [][]string{{"a.go", "src/b.go"}, {"c.md", "odd name "}, {"d/e.go"}, {"f:12", "g.go"}}
	for _, explicit := range []bool{false, true} {
		s := &FileSet{ctx: context.Background(), cancel: func() {}}
		var all []string
		for i, part := range parts {
			all = append(all, part...)
			b := Batch{Raw: part, Done: i == len(parts)-1}
			if explicit || !slices.Equal(displayed(part), part) {
				b.Shown = displayed(part)
			}
			s.OnBatch(b, &feed{ready: make(chan struct{}, 1), finished: make(chan struct{})})
			raw, shown := s.Paths()
			if !slices.Equal(raw, all) || !slices.Equal(shown, displayed(all)) {
				t.Fatalf("explicit %v, after batch %d: listed %q shown %q", explicit, i, raw, shown)
			}
		}
	}
}
