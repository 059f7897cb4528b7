package sessions

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay/report"
)

// Issue 38's first symptom: one transcript gave other totals on each
// face (the pane counted calls with findings, notes among them; the list
// cell and the report counted flags, each its own way; a Gemini CLI
// document showed 0 calls in the pane). The driver counts once
// (replay.Counts) and every face prints that.

// totalsCase is one transcript, written under home for the repository
// at dir; calls is how many calls it has.
type totalsCase struct {
	name  string
	calls int
	write func(t *testing.T, home, dir string) string
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var totalsCases = []totalsCase{
	{name: "claude-code", calls: 3, write: func(t *testing.T, home, dir string) string {
		// a partial read, an edit of a line shown (nothing to say), an
		// edit of a line never shown (a finding, and repox's refusal of
		// it a note beside it)
		n := 0
		line := func(typ string, msg map[string]any, tur any) string {
			n++
			v := map[string]any{"type": typ, "cwd": dir, "sessionId": "c1", "timestamp": "2026-01-30T18:19:0" + string(rune('0'+n)) + ".000Z", "message": msg}
			if tur != nil {
				v["toolUseResult"] = tur
			}
			return jsonText(t, v) + "\n"
		}
		use := func(id, name string, input map[string]any) string {
			return line("assistant", map[string]any{"id": "m" + id, "role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}, nil)
		}
		result := func(id, content string, tur any) string {
			return line("user", map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": content}}}, tur)
		}
		b := dir + "/b.txt"
		s := use("r1", "Read", map[string]any{"file_path": b, "limit": 2}) +
			result("r1", "     1→a\n     2→b\n", map[string]any{"type": "text", "file": map[string]any{"filePath": b, "content": "a\nb", "numLines": 2, "startLine": 1, "totalLines": 5}}) +
			use("e1", "Edit", map[string]any{"file_path": b, "old_string": "b\n", "new_string": "B\n"}) +
			result("e1", "The file "+b+" has been updated.", nil) +
			use("e2", "Edit", map[string]any{"file_path": b, "old_string": "d\n", "new_string": "D\n"}) +
			result("e2", "The file "+b+" has been updated.", nil)
		proj := filepath.Join(home, ".claude", "projects", strings.NewReplacer("/", "-", ".", "-", "_", "-").Replace(dir))
		return writeAt(t, filepath.Join(proj, "c1.jsonl"), s)
	}},
	{name: "codex", calls: 2, write: func(t *testing.T, home, dir string) string {
		// one apply_patch of two hunks repox cannot apply: one finding
		line := func(typ string, payload any) string {
			return jsonText(t, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": typ, "payload": payload}) + "\n"
		}
		s := line("session_meta", map[string]any{"id": "r1", "cwd": dir}) +
			line("response_item", map[string]any{"type": "function_call", "name": "read_file", "call_id": "c1", "arguments": jsonText(t, map[string]any{"file_path": dir + "/b.txt"})}) +
			line("response_item", map[string]any{"type": "function_call_output", "call_id": "c1", "output": "L1: a\nL2: b\nL3: c\nL4: d\nL5: e"}) +
			line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
				"input": "*** Begin Patch\n*** Update File: b.txt\n@@\n-nope one\n+x\n@@\n-nope two\n+y\n*** End Patch"}) +
			line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM b.txt"})
		return writeAt(t, filepath.Join(home, ".codex", "sessions", "2026", "01", "02", "rollout-2026-01-02T03-04-05-r1.jsonl"), s)
	}},
	{name: "gemini-cli", calls: 2, write: func(t *testing.T, home, dir string) string {
		// a session document, pretty-printed, with no newline at its end
		read := func(id, file, output string) map[string]any {
			return map[string]any{"id": id, "name": "read_file", "args": map[string]any{"absolute_path": dir + "/" + file}, "status": "success",
				"timestamp": "2026-01-02T03:04:06.000Z",
				"result":    []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": "read_file", "response": map[string]any{"output": output}}}}}
		}
		h := sha256.Sum256([]byte(dir))
		doc := map[string]any{"sessionId": "g1", "projectHash": hex.EncodeToString(h[:]), "startTime": "2026-01-02T03:04:05.000Z",
			"lastUpdated": "2026-01-02T03:04:09.000Z", "messages": []any{
				map[string]any{"id": "u1", "type": "user", "timestamp": "2026-01-02T03:04:05.000Z", "content": "read them"},
				map[string]any{"id": "g1", "type": "gemini", "timestamp": "2026-01-02T03:04:06.000Z", "content": "",
					"toolCalls": []any{read("t1", "b.txt", "a\nb\nc\nd\ne\n"), read("t2", "README.md", "# fixture\n\nA small repository, then.\n")}}}}
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		return writeAt(t, filepath.Join(home, ".gemini", "tmp", hex.EncodeToString(h[:]), "chats", "session-2026-01-02T03-04-g1.json"), string(b))
	}},
}

// writeAt writes a finished transcript (last written long ago) at path.
func writeAt(t *testing.T, path, s string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	old := panetest.AgentT0.Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	return path
}

// reportTotals is the report's summary line: its calls, and its findings
// and notes as the report words them.
func reportTotals(t *testing.T, path, root string) (calls, flags string) {
	t.Helper()
	var out bytes.Buffer
	if err := report.Report(context.Background(), report.ReportOptions{Transcript: path, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(out.String(), "\n") {
		if head, rest, ok := strings.Cut(l, ": "); ok && (strings.HasSuffix(head, " calls") || strings.HasSuffix(head, " call")) {
			if _, f, ok := strings.Cut(rest, " without; "); ok {
				return head, f
			}
		}
	}
	t.Fatalf("no summary in the report:\n%s", out.String())
	return "", ""
}

func TestPaneListAndReportPrintTheSameTotals(t *testing.T) {
	for _, tc := range totalsCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := panetest.FixtureRepo(t)
			writeFiles(t, dir, map[string]string{"b.txt": "a\nb\nc\nd\ne\n"})
			m := newTestModel(t, dir, 240, 45)
			t.Cleanup(m.Shutdown)
			home := t.TempDir()
			path := tc.write(t, home, m.common.Repo.Dir())
			m.sessions = New(m.common, panetest.FakeEnv(home))

			// the list: its row's cell, counted in the background
			_, cmd := m.Update(panetest.Key("c"))
			p := m.sessions
			drive(t, m, cmd, func() bool { return !p.loading && p.tallying == "" && len(p.tallies) > 0 })
			if len(p.list) != 1 {
				t.Fatalf("sessions %+v, want the one transcript", p.list)
			}
			s := p.list[0]
			cell := p.tallyText(s)

			// the pane: enter follows it, every call replayed
			_, cmd = m.Update(panetest.Key("enter"))
			// (a small transcript comes whole in the follower's first update)
			drive(t, m, cmd, func() bool { return p.run != nil && p.stats.Lines > 0 && !p.stepping && p.next == len(p.calls) })
			title := ""
			for _, l := range strings.Split(paneText(m), "\n") {
				if i := strings.Index(l, "f: all · "); i >= 0 {
					title = strings.TrimSpace(strings.TrimRight(l[i+len("f: all · "):], "─ "))
				}
			}

			calls, flags := reportTotals(t, path, dir)
			if calls != strconv.Itoa(tc.calls)+" calls" {
				t.Errorf("the report counts %s, want %d", calls, tc.calls)
			}
			if s.Calls != tc.calls || len(p.calls) != tc.calls || p.counts.Calls != tc.calls {
				t.Errorf("calls: the list %d, the pane %d (%d replayed), the report %q; want %d", s.Calls, len(p.calls), p.counts.Calls, calls, tc.calls)
			}
			if cell != flags {
				t.Errorf("the list cell says %q, the report %q", cell, flags)
			}
			if title != flags && (title != "" || flags != "0 findings") {
				t.Errorf("the pane's title says %q, the report %q:\n%s", title, flags, ansi.Strip(paneText(m)))
			}
		})
	}
}
