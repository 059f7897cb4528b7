package report

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
)

// writeTranscript writes s to a file of its own and returns its path.
func writeTranscript(t *testing.T, name, s string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// codexTwoHunks is a Codex rollout whose one apply_patch changes a.go in
// two hunks that repox cannot apply (their old lines are not in the
// root's file): the change is not replayed, once for the call.
func codexTwoHunks(t *testing.T, root string) string {
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "r1", "cwd": root}).
		Call("c1", "read_file", map[string]any{"file_path": root + "/a.go"}).
		Out("c1", "L1: one\nL2: two\nL3: three").
		Line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
			"input": "*** Begin Patch\n*** Update File: a.go\n@@\n-nope one\n+x\n@@\n-nope two\n+y\n*** End Patch"}).
		Line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM a.go"})
	return b.Sb.String()
}

// The Codex symptom of issue 38: the report listed one call's
// not-replayed twice (one per hunk), the list counted both, the pane one.
// A step says a finding once; every face counts it once.
func TestCodexNotReplayedIsOneFindingOnEveryFace(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.go": "one\ntwo\nthree\n"})
	path := writeTranscript(t, "rollout.jsonl", codexTwoHunks(t, root))
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: path, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, "! not-replayed"); n != 1 {
		t.Errorf("the report lists %d not-replayed, want 1:\n%s", n, text)
	}
	counts, err := replay.CountFindings(context.Background(), replay.RunOptions{Transcript: path, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if counts.Findings[replay.FlagNotReplayed] != 1 || counts.FindingTotal() != 1 {
		t.Errorf("counted %+v, want 1 not-replayed", counts)
	}
	if !strings.Contains(text, "; "+counts.Text()+"\n") {
		t.Errorf("the report's summary does not say %q:\n%s", counts.Text(), text)
	}
	// --json and --changes --json carry the same numbers
	for _, face := range []string{"--json", "--changes --json"} {
		var out, errs bytes.Buffer
		var err error
		if face == "--json" {
			err = Report(context.Background(), ReportOptions{Transcript: path, Root: root, JSON: true}, &out)
		} else {
			err = WriteChanges(context.Background(), ChangesOptions{Transcript: path, Root: root, JSON: true}, &out, &errs)
		}
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var sum struct {
			Findings map[replay.FlagKind]int `json:"findings"`
			Counts   *replay.Counts          `json:"counts"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
			t.Fatal(err)
		}
		got := sum.Findings
		if sum.Counts != nil {
			got = sum.Counts.Findings
		}
		if !maps.Equal(got, counts.Findings) {
			t.Errorf("%s: findings %v, want %v", face, got, counts.Findings)
		}
	}
}

// runReport prints a report of the transcript read from r to w (w.file
// names it; no subagents are merged).
func runReport(ctx context.Context, r io.ReadSeeker, root, session string, w *reportWriter) error {
	_, err := replay.RunFrom(ctx, r, replay.RunOptions{Root: root, Session: session}, w.file, w)
	return err
}
