package repoops

import (
	"context"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestGrepStreamIsTheTool checks that the stream and the tool are one
// search: GrepStream returns exactly Grep's result, streams every matching
// file once with every matching line (Count equal to the lines streamed),
// and the streamed counts add up to the result's totals.
func TestGrepStreamIsTheTool(t *testing.T) {
	files := map[string]string{
		"a.txt":       "needle\nno\nNeedle and needle\n",
		"b/c.txt":     strings.Repeat("x needle y\n", 12),
		"b/d.txt":     "nothing here\n",
		"bin.dat":     "needle\x00\x01",
		"crlf.txt":    "one needle\r\ntwo\r\n",
		"long.txt":    strings.Repeat("z", 5000) + "needle" + strings.Repeat("w", 5000) + "\n",
		"ctl.txt":     "bell\x07 needle\n",
		"sub/e/f.txt": "needle\n",
	}
	for i := range 30 {
		files["many/f"+itoa(i)+".txt"] = "a needle\nb needle\n"
	}
	for _, dir := range []string{gitRepo(t, files), plainDir(t, files)} {
		for _, cs := range []bool{true, false} {
			s := openSession(t, dir)
			args := GrepArgs{Pattern: "needle", CaseSensitive: &cs}
			want, err := s.Grep(context.Background(), args)
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var got []GrepFileHits
			var last GrepProgress
			st := &GrepStream{
				OnFile:     func(f GrepFileHits) { mu.Lock(); got = append(got, f); mu.Unlock() },
				OnProgress: func(p GrepProgress) { mu.Lock(); last = p; mu.Unlock() },
			}
			res, err := s.GrepStream(context.Background(), args, st)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(res, want) {
				t.Fatalf("GrepStream's result differs from Grep's:\n%+v\n%+v", res, want)
			}
			if res.Render() != call(t, s, "repo_grep", args).Text {
				t.Fatal("the stream's result renders other text than the tool")
			}
			lines := 0
			seen := map[string]bool{}
			for _, f := range got {
				if seen[f.Path] {
					t.Errorf("%s streamed twice", f.Path)
				}
				seen[f.Path] = true
				if f.Count != len(f.Lines) {
					t.Errorf("%s: count %d, %d lines streamed", f.Path, f.Count, len(f.Lines))
				}
				for _, h := range f.Lines {
					m := h.Text[h.Start:h.End]
					if cs && m != "needle" || !cs && !strings.EqualFold(m, "needle") {
						t.Errorf("%s:%d: match span %q in %q", f.Path, h.Line, m, h.Text)
					}
				}
				lines += f.Count
			}
			if len(got) != res.TotalFiles || lines != res.TotalLines {
				t.Errorf("streamed %d files, %d lines; the tool counts %d files, %d lines", len(got), lines, res.TotalFiles, res.TotalLines)
			}
			// Every line the model is shown is among the streamed ones, at its number.
			for _, f := range res.Files {
				for _, l := range f.Lines {
					found := false
					for _, g := range got {
						if DisplayPath(g.Path) == f.Path {
							for _, h := range g.Lines {
								found = found || h.Line == l.Line
							}
						}
					}
					if !found {
						t.Errorf("%s:%d shown to the model but not streamed", f.Path, l.Line)
					}
				}
			}
			if !last.ListingDone || last.Done != last.Listed || last.Searched != res.Searched || last.Skipped() != res.Skipped.total()-res.Skipped.UnreadableDirs {
				t.Errorf("last progress %+v; result searched %d skipped %+v", last, res.Searched, res.Skipped)
			}
			paths := make([]string, 0, len(got))
			for _, g := range got {
				paths = append(paths, g.Path)
			}
			sort.Strings(paths)
			if len(paths) == 0 || !seen["long.txt"] {
				t.Fatalf("streamed %v", paths)
			}
		}
	}
}

// TestGrepHitLongLine checks the window kept of a huge line: the match is
// in it, cut marks on both sides.
func TestGrepHitLongLine(t *testing.T) {
	line := strings.Repeat("é", 3000) + "needle" + strings.Repeat("w", 5000)
	data := []byte(line + "\n")
	ms := strings.Index(line, "needle")
	h := grepHit(data, 1, 0, len(line), ms, ms+6)
	if h.Text[h.Start:h.End] != "needle" || !strings.HasPrefix(h.Text, "…") || !strings.HasSuffix(h.Text, "…") || len(h.Text) > 2*grepHitWindow+20 {
		t.Fatalf("hit %d bytes, span %q", len(h.Text), h.Text[h.Start:h.End])
	}
}
