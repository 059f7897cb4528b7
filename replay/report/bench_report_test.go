package report

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// benchReportTranscript builds a Claude Code session of about size bytes on a
// repository of 50 files of 200 lines, as the 40 MB session: whole
// reads (the result both as text and as toolUseResult), a Grep, an Edit of
// a file read in full now and then, a shell command, and the agent's text
// and thinking between them. It returns the transcript and the root.
func benchReportTranscript(tb testing.TB, size int) ([]byte, string) {
	files := map[string]string{}
	var content strings.Builder
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&content, "\tline %d of some Go source with a little text in it\n", i)
	}
	text := content.String()
	for i := range 50 {
		files[fmt.Sprintf("pkg%d/file.go", i)] = text
	}
	root := repotest.PlainDir(tb, files)
	number := func(text string) string {
		var numbered strings.Builder
		for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			fmt.Fprintf(&numbered, "%6d→%s\n", i+1, l)
		}
		return numbered.String()
	}
	edit := strings.Replace(text, "line 100 of", "line 100 (edited) of", 1)
	plain, changed := number(text), number(edit)
	b := &replaytest.Claude{T: tb, Cwd: root}
	filler := strings.Repeat("thinking about the code ", 200)
	edited := map[int]bool{}
	for i := 0; b.Sb.Len() < size; i++ {
		id := fmt.Sprintf("r%d", i)
		k := i % 50
		p := fmt.Sprintf("%s/pkg%d/file.go", root, k)
		shown, numbered := text, plain // what a read shows: the agent's edit once made
		if edited[k] {
			shown, numbered = edit, changed
		}
		b.Use("m"+id, id, "Read", map[string]any{"file_path": p}).
			Result(id, numbered, false, map[string]any{"type": "text", "file": map[string]any{"filePath": p, "content": shown, "numLines": 200, "startLine": 1, "totalLines": 200}})
		g := fmt.Sprintf("g%d", i)
		b.Use("n"+g, g, "Grep", map[string]any{"pattern": "line 7 of", "output_mode": "files_with_matches"}).
			Result(g, "Found 1 file\n"+p, false, nil)
		if i%10 == 0 && !edited[k] {
			edited[k] = true
			e := fmt.Sprintf("e%d", i)
			b.Use("o"+e, e, "Edit", map[string]any{"file_path": p, "old_string": "line 100 of", "new_string": "line 100 (edited) of"}).
				Result(e, "The file "+p+" has been updated.", false, map[string]any{"filePath": p, "originalFile": text,
					"structuredPatch": []any{map[string]any{"oldStart": 100, "oldLines": 1, "newStart": 100, "newLines": 1,
						"lines": []string{"-\tline 100 of some Go source with a little text in it", "+\tline 100 (edited) of some Go source with a little text in it"}}}})
		}
		if i%7 == 0 {
			s := fmt.Sprintf("s%d", i)
			b.Use("q"+s, s, "Bash", map[string]any{"command": "go test ./..."}).Result(s, "ok  \tproj\t0.01s", false, nil)
		}
		b.Raw(replaytest.JSONLine(tb, map[string]any{"type": "assistant", "sessionId": "s-1", "message": map[string]any{"id": "t" + id, "role": "assistant",
			"content": []any{map[string]any{"type": "thinking", "thinking": filler}, map[string]any{"type": "text", "text": "Now the next file."}}}}))
	}
	return []byte(b.String()), root
}

// BenchmarkReport40MB: `repox replay --report` of a 40 MB transcript,
// the whole thing: both passes over the file, the replay of every call,
// the report's text written (to nowhere).
func BenchmarkReport40MB(b *testing.B) {
	data, root := benchReportTranscript(b, 40<<20)
	path := filepath.Join(b.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := Report(context.Background(), ReportOptions{Transcript: path, Root: root}, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReportTranscriptReplays checks the benchmark's input is what it
// claims: its calls replay on its root with no finding but the edits'.
func TestReportTranscriptReplays(t *testing.T) {
	data, root := benchReportTranscript(t, 4<<20)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := Report(context.Background(), ReportOptions{Transcript: path, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "; 0 findings") || !strings.Contains(text, "(edited)") || !strings.Contains(text, "skipped 0;") || !strings.Contains(text, "scratch copy made before call #3") {
		t.Errorf("the benchmark's transcript does not replay cleanly:\n%s", text[max(len(text)-600, 0):])
	}
}
