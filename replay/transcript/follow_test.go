package transcript

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

func TestFollowGrowingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).Result("a", "     1→first", false, nil)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f, err := Follow(ctx, path, FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, f)
	if len(u.Calls) != 1 || u.Calls[0].Text != "     1→first" {
		t.Fatalf("first update: %+v", u.Calls)
	}

	// a later call arrives while following
	b2 := &replaytest.Claude{T: t, Cwd: replaytest.Cwd, N: 10}
	b2.Use("m2", "b", "Grep", map[string]any{"pattern": "needle"}).Result("b", "a.go:1: needle", false, nil)
	replaytest.AppendFile(t, path, b2.String())
	u = next(t, f)
	if len(u.Calls) != 1 || u.Calls[0].AgentTool != "Grep" || u.Calls[0].Seq != 2 || u.Calls[0].Text != "a.go:1: needle" {
		t.Fatalf("appended call: %+v", u.Calls)
	}
}

// TestFollowPartialLine drives the follower's read step directly: half a
// line yields nothing and is reported partial; the rest yields the call.
func TestFollowPartialLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Follower{path: path}
	tl := &tail{rd: newFollowReader(path), buf: make([]byte, 7)} // a tiny buffer: lines span reads
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).Result("a", "     1→first", false, nil)
	all := b.String()
	cut := len(all) - 10 // inside the result line
	replaytest.AppendFile(t, path, all[:cut])
	u, _, err := f.readMore(tl)
	if err != nil || len(u.Calls) != 0 || !u.Stats.Partial || u.Stats.Pending != 1 {
		t.Fatalf("half a line: %+v %v", u, err)
	}
	replaytest.AppendFile(t, path, all[cut:])
	u, _, err = f.readMore(tl)
	if err != nil || len(u.Calls) != 1 || u.Calls[0].Text != "     1→first" || u.Stats.Partial || u.Stats.Skipped != 0 {
		t.Fatalf("the rest: %+v %v", u, err)
	}
	// truncated and rewritten: a reset, read from the start
	b2 := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b2.Use("m1", "z", "Glob", map[string]any{"pattern": "*"}).Result("z", "", false, nil)
	if err := os.WriteFile(path, []byte(b2.String()[:20]), 0o644); err != nil {
		t.Fatal(err)
	}
	u, _, _ = f.readMore(tl)
	if !u.Reset {
		t.Fatalf("no reset after truncation: %+v", u)
	}
	replaytest.AppendFile(t, path, b2.String()[20:])
	u, _, _ = f.readMore(tl)
	if len(u.Calls) != 1 || u.Calls[0].Seq != 1 || u.Calls[0].AgentTool != "Glob" {
		t.Fatalf("after the reset: %+v", u.Calls)
	}
}

// A long transcript is sent in batches as it is read: the first Update
// holds the first calls, not all of them, and the batches together hold
// every call once, in order.
func TestFollowSendsBatchesAsItReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	data := replaytest.BigTranscript(t, 3<<20)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want, _, err := ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f, err := Follow(ctx, path, FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first := next(t, f)
	if len(first.Calls) == 0 || len(first.Calls) >= len(want) {
		t.Fatalf("the first update holds %d of the %d calls: it should hold the first batch only", len(first.Calls), len(want))
	}
	if first.Stats.Partial {
		t.Error("a batch cut inside the file is reported as a partial last line")
	}
	got := first.Calls
	updates := 1
	for len(got) < len(want) {
		u := next(t, f)
		if u.Reset {
			t.Fatal("reset while reading an unchanged file")
		}
		got = append(got, u.Calls...)
		updates++
	}
	if len(got) != len(want) {
		t.Fatalf("%d calls sent, the file has %d", len(got), len(want))
	}
	for i := range got {
		if got[i].Seq != i+1 || got[i].ID != want[i].ID {
			t.Fatalf("call %d: seq %d id %s, want seq %d id %s", i, got[i].Seq, got[i].ID, i+1, want[i].ID)
		}
	}
	t.Logf("%d calls in %d updates", len(got), updates)
}

// Issue 38: a Gemini CLI session-*.json ends without a newline after its
// closing brace; the follower held that last line as partial for ever,
// so the pane showed 0 calls of a document the report read whole. At the
// end of what is written, a last line that closes the document is taken;
// one that does not (a document cut mid-write) is not.
func TestFollowGeminiDocument(t *testing.T) {
	root := "/home/u/gem"
	for i, doc := range replaytest.GeminiDoc(t, root,
		map[string]any{"id": "m1", "type": "gemini", "content": "", "toolCalls": []any{replaytest.GeminiRead("c1", root+"/a.go"), replaytest.GeminiRead("c2", root+"/b.go")}}) {
		path := filepath.Join(t.TempDir(), "session-1.json")
		if err := os.WriteFile(path, []byte(strings.TrimRight(doc, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		f, err := Follow(ctx, path, FollowOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if u := next(t, f); len(u.Calls) != 2 || u.Stats.Format != AgentGemini || u.Stats.Partial {
			t.Errorf("shape %d: %d calls, stats %+v; want the document's 2", i, len(u.Calls), u.Stats)
		}
		cancel()
	}
	// cut before its closing brace: nothing yet, and partial
	doc := replaytest.GeminiDoc(t, root, map[string]any{"id": "m1", "type": "gemini", "content": "", "toolCalls": []any{replaytest.GeminiRead("c1", root+"/a.go")}})[0]
	path := filepath.Join(t.TempDir(), "session-2.json")
	if err := os.WriteFile(path, []byte(doc[:strings.LastIndex(doc, "]")]), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Follower{path: path}
	tl := &tail{rd: newFollowReader(path), buf: make([]byte, 4096)}
	if u, _, err := f.readMore(tl); err != nil || len(u.Calls) != 0 || !u.Stats.Partial {
		t.Errorf("a cut document: %d calls, partial %v, %v", len(u.Calls), u.Stats.Partial, err)
	}
	replaytest.AppendFile(t, path, doc[strings.LastIndex(doc, "]"):])
	if u, _, err := f.readMore(tl); err != nil || len(u.Calls) != 1 {
		t.Errorf("the document completed: %d calls, %v", len(u.Calls), err)
	}
	if tl.file != nil {
		tl.file.Close()
	}
}

// One read pass of the follower is bounded in bytes even when no call
// becomes complete, so a cancelled follower stops between passes.
func TestFollowReadPassIsBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	line := `{"type":"progress","sessionId":"s","cwd":"/w","timestamp":"2026-01-01T00:00:00Z","data":"` + strings.Repeat("p", 1000) + "\"}\n"
	if err := os.WriteFile(path, []byte(strings.Repeat(line, 3*passBytes/len(line))), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Follower{path: path}
	tl := &tail{rd: newFollowReader(path), buf: make([]byte, 256<<10)}
	_, more, err := f.readMore(tl)
	if err != nil || !more || tl.off > passBytes+int64(len(tl.buf)) {
		t.Fatalf("one pass read %d bytes (more %v, err %v): want at most %d", tl.off, more, err, passBytes+len(tl.buf))
	}
	passes := 1
	for more {
		_, more, err = f.readMore(tl)
		if err != nil {
			t.Fatal(err)
		}
		passes++
	}
	if passes < 3 || tl.rd.s.st.Lines != 3*passBytes/len(line) {
		t.Errorf("%d passes, %d lines", passes, tl.rd.s.st.Lines)
	}
}
