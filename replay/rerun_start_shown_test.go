package replay

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// heapLive is the heap in use after a full collection.
func heapLive() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The plan kept the lines of a file's first read, texts and all, for the
// whole run: a 62 MB read held 110 MB (issue 43 item 6). It keeps
// hashes of one window now, so a read of 400,000 lines (10 MB) leaves
// the plan holding well under a megabyte.
func TestStartPlanKeepsNoReadText(t *testing.T) {
	before := heapLive()
	p := newStartPlan()
	func() {
		text := strings.Repeat("a line the agent was shown\n", 400000)
		c := transcript.Call{Seq: 1, Saw: &transcript.Saw{Path: "big.txt"}}
		for l := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
			c.Saw.Lines = append(c.Saw.Lines, transcript.SawLine{N: len(c.Saw.Lines) + 1, Text: l})
		}
		p.add(c)
	}()
	held := int64(heapLive()) - int64(before)
	runtime.KeepAlive(p)
	if held > 1<<20 {
		t.Errorf("the plan holds %d bytes after the first read of a 10 MB file (bound 1 MiB)", held)
	}
	if p.firstRead["big.txt"] == nil {
		t.Fatal("the first read was not kept")
	}
}

// sameLines on hashes answers as it did on the texts: a line as shown, a
// line the agent's tool cut short, a line past the one read's window (not
// compared) match; a changed line, and a line past the file's end, do
// not.
func TestSameLinesOnHashes(t *testing.T) {
	var file strings.Builder
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&file, "line %d\n", i)
	}
	long := strings.Repeat("x", 150)
	file.WriteString(long + "\n") // line 3001
	dir := writeDir(t, map[string]string{"f.txt": file.String()})
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	line := func(n int, text string) transcript.SawLine { return transcript.SawLine{N: n, Text: text} }
	for _, tc := range []struct {
		name  string
		shown []transcript.SawLine
		same  bool
	}{
		{"as shown", []transcript.SawLine{line(1, "line 1"), line(2, "line 2")}, true},
		{"changed", []transcript.SawLine{line(1, "line 1"), line(2, "line two")}, false},
		{"cut short", []transcript.SawLine{line(3001, long[:120]+"…")}, true},
		{"a short line is not a cut", []transcript.SawLine{line(2, "line")}, false},
		{"past the window", []transcript.SawLine{line(1, "line 1"), line(2500, "not what is there")}, true},
		{"past the file's end", []transcript.SawLine{line(1, "line 1"), line(3500, "line 3500")}, false},
		{"past the end within the window", []transcript.SawLine{line(3000, "line 3000"), line(3002, "line 3002")}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sameLines(t.Context(), repo.NewSession(), "f.txt", newShownRead(tc.shown)); got != tc.same {
				t.Errorf("sameLines = %v, want %v", got, tc.same)
			}
		})
	}
}

func writeDir(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	writeFiles(t, dir, files)
	return dir
}
