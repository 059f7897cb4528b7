package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

// Issue 43 item 8: the copy's bounds hold for what the replay writes too.
// A session that creates more files than the copy may hold gets the rest
// not replayed, each saying why; the bytes bound the same. The trap: with
// the budget off, the sixth Write lands in the copy past its bound.
func TestReplayedWritesKeepTheCopysBounds(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	t.Setenv("TMPDIR", t.TempDir())
	b := &replaytest.Claude{T: t, Cwd: root}
	for i := range 6 {
		id := fmt.Sprintf("w%d", i)
		b.Use("m"+id, id, "Write", map[string]any{"file_path": fmt.Sprintf("%s/new%d.txt", root, i), "content": "x\n"}).
			Result(id, "File created successfully", false, nil)
	}
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	// the copy holds a.txt and b.txt: room for three new files
	if err := Report(context.Background(), ReportOptions{Transcript: path, Root: root, Limits: repoops.CopyOptions{MaxFiles: 5}}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, "! not-replayed: the change was not replayed: the scratch copy already holds 5 files, its bound (--copy-max-files)"); n != 3 {
		t.Errorf("%d Writes refused for the files bound, want 3 (#4-#6):\n%s", n, text)
	}
	if strings.Contains(strings.SplitN(text, "\n#4 ", 2)[0], "not-replayed") {
		t.Errorf("a Write within the bound was not replayed:\n%s", text)
	}

	// the bytes: 4 KiB in all; a 3 KiB Write fits once, not twice
	root2 := t.TempDir()
	writeFiles(t, root2, map[string]string{"a.txt": "a\n"})
	b2 := &replaytest.Claude{T: t, Cwd: root2}
	big := strings.Repeat("y", 3<<10)
	for i := range 2 {
		id := fmt.Sprintf("w%d", i)
		b2.Use("m"+id, id, "Write", map[string]any{"file_path": fmt.Sprintf("%s/big%d.txt", root2, i), "content": big}).
			Result(id, "File created successfully", false, nil)
	}
	path2 := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path2, []byte(b2.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := Report(context.Background(), ReportOptions{Transcript: path2, Root: root2, Limits: repoops.CopyOptions{MaxBytes: 4 << 10}}, &out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "! not-replayed: the change was not replayed: it could take the scratch copy past its bound of 4 KiB"); n != 1 {
		t.Errorf("%d Writes refused for the bytes bound, want 1 (#2):\n%s", n, out.String())
	}
}
