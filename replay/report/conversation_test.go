package report

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

func conversationReport(t *testing.T, text, root string, asJSON, thinking bool) string {
	t.Helper()
	var out bytes.Buffer
	w := &reportWriter{w: &out, file: "t", json: asJSON, thinking: thinking}
	if err := runReport(context.Background(), strings.NewReader(text), root, "", w); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// inOrder fails unless each of want is in out, one after the other.
func inOrder(t *testing.T, out string, want ...string) {
	t.Helper()
	rest := out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q is not where it belongs (after the line before it) in:\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
}

func TestReportShowsClaudeConversationByTurn(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n"})
	tr := replaytest.ClaudeConversationTranscript(t, root, "Read a.txt please.")
	out := conversationReport(t, tr, root, false, false)
	inOrder(t, out,
		"turn 1  18:20:00  Read a.txt please.\n",
		"    thinking  25 characters (folded; --thinking shows it)\n",
		"    says      I will read a.txt first.\n",
		"#1  ",
		"    says      a.txt holds one line.\n",
		"compacted   18:20:00  the context was compacted here: Conversation compacted\n",
		"compacted   18:20:00  the context was compacted here: Summary: the user asked for a.txt.\n",
		"turn 2  18:20:00  Now read it again.\n",
		"#2  ",
		"    says      Done.\n",
		"2 calls: ")
	if strings.Contains(out, "subagent's task") || strings.Contains(out, "the user wants") {
		t.Errorf("a subagent's prompt or folded thinking shown:\n%s", out)
	}
	if out := conversationReport(t, tr, root, false, true); !strings.Contains(out, "    thinking  the user wants a.txt read\n") {
		t.Errorf("--thinking does not show the thinking:\n%s", out)
	}
}

func TestReportJSONInterleavesMessagesWithCalls(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n"})
	out := conversationReport(t, replaytest.ClaudeConversationTranscript(t, root, "Read a.txt please."), root, true, false)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m struct {
			Type, Kind, Text string
			Turn             int
			Folded           bool
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		switch m.Type {
		case "message":
			got = append(got, string(m.Kind)+"@"+string(rune('0'+m.Turn)))
			if m.Kind == "thinking" && (m.Text != "" || !m.Folded) {
				t.Errorf("thinking not folded without --thinking: %s", line)
			}
		case "call":
			got = append(got, "call")
		}
	}
	want := "user@1 thinking@1 assistant@1 call assistant@1 compaction@1 compaction@1 user@2 call assistant@2"
	if strings.Join(got, " ") != want {
		t.Errorf("lines\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}

func TestCodexConversation(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "one\ntwo\n"})
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "r1", "cwd": root}).
		Line("response_item", map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "<environment_context>cwd</environment_context>"}}}).
		Line("event_msg", map[string]any{"type": "user_message", "message": "Show a.go."}).
		Line("response_item", map[string]any{"type": "reasoning", "summary": []any{map[string]any{"type": "summary_text", "text": "**Reading a.go**"}}, "encrypted_content": "xyz"}).
		Line("response_item", map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": "Reading it."}}}).
		Call("c1", "shell", map[string]any{"command": []string{"bash", "-lc", "sed -n '1,2p' a.go"}, "workdir": root}).
		Out("c1", `{"output":"one\ntwo","metadata":{"exit_code":0}}`).
		Line("compacted", map[string]any{"message": "the user wanted a.go"}).
		Line("event_msg", map[string]any{"type": "user_message", "message": "Thanks."})
	out := conversationReport(t, b.Sb.String(), root, false, false)
	inOrder(t, out,
		"turn 1  03:04:05  Show a.go.\n",
		"    thinking  16 characters (folded; --thinking shows it)\n",
		"    says      Reading it.\n",
		"#1  ",
		"compacted   03:04:05  the context was compacted here: the user wanted a.go\n",
		"turn 2  03:04:05  Thanks.\n",
		"1 call: ")
	if strings.Contains(out, "environment_context") {
		t.Errorf("the context Codex adds shown as a prompt:\n%s", out)
	}
}

// A prompt is kept up to maxMessageChars characters and the rest counted;
// the text report shows reportMessageChars of it.
func TestLongPromptIsBounded(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n"})
	prompt := strings.Repeat("é", 5000)
	tr := replaytest.ClaudeConversationTranscript(t, root, prompt)
	rd := transcript.NewReader(strings.NewReader(tr)).WithConversation()
	if _, err := rd.Next(); err != nil {
		t.Fatal(err)
	}
	msgs := rd.Messages(transcript.Call{})
	if len(msgs) == 0 || msgs[0].Kind != transcript.MessageUser {
		t.Fatalf("no prompt first: %+v", msgs)
	}
	if m := msgs[0]; m.Chars != 5000 || m.Cut != 5000-transcript.MaxMessageChars || m.Text != strings.Repeat("é", transcript.MaxMessageChars) {
		t.Errorf("prompt kept %d characters, chars %d, cut %d", len([]rune(m.Text)), m.Chars, m.Cut)
	}
	out := conversationReport(t, tr, root, false, false)
	if !strings.Contains(out, "turn 1  18:20:00  "+strings.Repeat("é", reportMessageChars)+" … 4700 more characters\n") {
		t.Errorf("long prompt not cut and counted:\n%s", out)
	}
}

// A prompt, the agent's text, its thinking (shown) and a compaction
// summary holding a newline and a fake report line stay on their own
// line, every character visible (the report's one rule for fields).
func TestForgedConversationStaysOnItsLine(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n"})
	for _, v := range forgedSeeds {
		var sb strings.Builder
		sb.WriteString(replaytest.ClaudeTalkLine(t, root, "user", v, nil))
		sb.WriteString(replaytest.ClaudeTalkLine(t, root, "assistant", replaytest.TextBlock("thinking", "thinking", v), nil))
		sb.WriteString(replaytest.ClaudeTalkLine(t, root, "assistant", replaytest.TextBlock("text", "text", v), nil))
		b := &replaytest.Claude{T: t, Cwd: root}
		b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.txt"}).Result("r1", "     1→a\n", false, nil)
		sb.WriteString(b.String())
		sb.WriteString(replaytest.ClaudeTalkLine(t, root, "system", nil, map[string]any{"subtype": "compact_boundary", "content": v}))
		sb.WriteString(replaytest.ClaudeTalkLine(t, root, "user", v, map[string]any{"isCompactSummary": true}))
		out := conversationReport(t, sb.String(), root, false, true)
		checkReportLines(t, "conversation "+strings.ReplaceAll(v, "\n", `\n`), out)
		if n := strings.Count(out, "\nturn 1  "); v != "" && n != 1 {
			t.Errorf("%d turn headings for %q:\n%s", n, v, out)
		}
	}
}
