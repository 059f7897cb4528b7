package transcript

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// BenchmarkFirstCall10MB: follow a 10 MB transcript file and get the
// first Update that holds a call: what the sessions pane waits for before
// it shows anything (Follow, not the Reader, is what it uses).
func BenchmarkFirstCall10MB(b *testing.B) {
	data := replaytest.BigTranscript(b, replaytest.TenMB)
	path := filepath.Join(b.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		f, err := Follow(ctx, path, FollowOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for u := range f.Updates() {
			if len(u.Calls) > 0 {
				if u.Calls[0].AgentTool != "Read" {
					b.Fatal(u.Calls[0])
				}
				break
			}
		}
		b.StopTimer() // stopping the follower is not what is measured
		cancel()
		for range f.Updates() {
		}
		b.StartTimer()
	}
}

// BenchmarkReaderFirstCall10MB: the Reader's first call (repox replay
// --report streams from it).
func BenchmarkReaderFirstCall10MB(b *testing.B) {
	data := replaytest.BigTranscript(b, replaytest.TenMB)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		rd := NewReader(bytes.NewReader(data))
		if c, err := rd.Next(); err != nil || c.AgentTool != "Read" {
			b.Fatal(c, err)
		}
	}
}

// BenchmarkReadAll10MB: every call of a 10 MB transcript.
func BenchmarkReadAll10MB(b *testing.B) {
	data := replaytest.BigTranscript(b, replaytest.TenMB)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		rd := NewReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		b.ReportMetric(float64(n), "calls")
	}
}

// TestBigTranscriptReads checks the benchmark's input is what it claims.
func TestBigTranscriptReads(t *testing.T) {
	data := replaytest.BigTranscript(t, 1<<20)
	calls, st, err := ReadAll(bytes.NewReader(data))
	if err != nil || st.Skipped != 0 || st.Pending != 0 || len(calls) < 20 || len(calls[0].Saw.Lines) != 200 {
		t.Fatalf("%d calls, %+v, %v", len(calls), st, err)
	}
}

// fillerTranscript is size bytes of text and progress records around a
// handful of small calls.
func fillerTranscript(tb testing.TB, size int) []byte {
	b := &replaytest.Claude{T: tb, Cwd: "/home/u/proj"}
	filler := strings.Repeat("long reasoning about the code ", 1000)
	for i := 0; b.Sb.Len() < size; i++ {
		if i%20 == 0 {
			id := fmt.Sprintf("r%d", i)
			b.Use("m"+id, id, "Read", map[string]any{"file_path": "/home/u/proj/a.go", "limit": 3}).Result(id, "     1→a\n     2→b\n     3→c", false, nil)
		}
		b.Raw(replaytest.JSONLine(tb, map[string]any{"type": "assistant", "sessionId": "s-1", "message": map[string]any{"id": fmt.Sprintf("t%d", i), "role": "assistant",
			"content": []any{map[string]any{"type": "thinking", "thinking": filler}}}}))
		b.Raw(replaytest.JSONLine(tb, map[string]any{"type": "progress", "sessionId": "s-1", "data": map[string]any{"output": filler}}))
	}
	return []byte(b.String())
}

// What the reader keeps is the calls, not the transcript: reading 10 MB
// of mostly text records keeps a small fraction of that alive.
func TestMemoryFollowsTheCallsNotTheTranscript(t *testing.T) {
	data := fillerTranscript(t, replaytest.TenMB)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	calls, st, err := ReadAll(bytes.NewReader(data))
	if err != nil || st.Skipped != 0 {
		t.Fatal(err, st)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d calls from %d bytes; heap kept %d bytes", len(calls), len(data), kept)
	if kept > int64(len(data))/20 {
		t.Errorf("reading %d bytes for %d calls kept %d bytes alive", len(data), len(calls), kept)
	}
	runtime.KeepAlive(calls)
	runtime.KeepAlive(data)
}
