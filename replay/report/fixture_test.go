package report

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The fixture builders are repotest's; these are the names the tests call.
var (
	writeFiles = repotest.WriteFiles
	gitRepo    = repotest.GitRepo // a git repository with files committed
)

func jsonLine(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// cc builds Claude Code session lines.
type cc struct {
	t      testing.TB
	cwd    string
	branch string // the gitBranch each line records ("": none)
	sb     strings.Builder
	n      int
}

func (c *cc) ts() string {
	c.n++
	return "2026-01-30T18:19:" + twoDigits(c.n) + ".000Z"
}

func twoDigits(n int) string {
	n %= 60
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// use writes an assistant line with tool_use blocks (id, name, input) as one message.
func (c *cc) use(msgID string, calls ...any) *cc {
	var blocks []any
	for i := 0; i+2 < len(calls)+1; i += 3 {
		blocks = append(blocks, map[string]any{"type": "tool_use", "id": calls[i], "name": calls[i+1], "input": calls[i+2]})
	}
	line := map[string]any{"type": "assistant", "cwd": c.cwd, "sessionId": "s-1", "timestamp": c.ts(),
		"message": map[string]any{"id": msgID, "role": "assistant", "content": blocks}}
	if c.branch != "" {
		line["gitBranch"] = c.branch
	}
	c.sb.WriteString(jsonLine(c.t, line))
	return c
}

// result writes a user line with one tool_result; tur is the toolUseResult (or nil).
func (c *cc) result(id string, content any, isErr bool, tur any) *cc {
	block := map[string]any{"type": "tool_result", "tool_use_id": id, "content": content}
	if isErr {
		block["is_error"] = true
	}
	line := map[string]any{"type": "user", "cwd": c.cwd, "sessionId": "s-1", "timestamp": c.ts(),
		"message": map[string]any{"role": "user", "content": []any{block}}}
	if tur != nil {
		line["toolUseResult"] = tur
	}
	c.sb.WriteString(jsonLine(c.t, line))
	return c
}

func (c *cc) raw(s string) *cc { c.sb.WriteString(s); return c }

func (c *cc) String() string { return c.sb.String() }

func readAllString(t testing.TB, s string) ([]transcript.Call, transcript.Stats) {
	t.Helper()
	calls, st, err := transcript.ReadAll(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return calls, st
}

// cx builds Codex rollout lines.
type cx struct {
	t  testing.TB
	sb strings.Builder
}

func (b *cx) line(typ string, payload any) *cx {
	b.sb.WriteString(jsonLine(b.t, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": typ, "payload": payload}))
	return b
}

func (b *cx) call(id, name string, args any) *cx {
	a, _ := json.Marshal(args)
	return b.line("response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
}

func (b *cx) out(id, output string) *cx {
	return b.line("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
}

func itoaTest(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoaTest(n/10) + string(rune('0'+n%10))
}

// ccTalkLine is a Claude Code line of the conversation: a prompt (content
// a string), or blocks of an assistant, or a system record.
func ccTalkLine(t testing.TB, dir, typ string, content any, extra map[string]any) string {
	line := map[string]any{"type": typ, "cwd": dir, "sessionId": "s-1", "timestamp": "2026-01-30T18:20:00.000Z"}
	if content != nil {
		line["message"] = map[string]any{"role": typ, "content": content}
	}
	for k, v := range extra {
		line[k] = v
	}
	return jsonLine(t, line)
}

// at is the next timestamp of b, for a line written beside b's.
func at(b *cc) map[string]any { return map[string]any{"timestamp": b.ts()} }

func textBlock(typ, field, text string) []any {
	return []any{map[string]any{"type": typ, field: text}}
}

// claudeConversationTranscript: a prompt, thinking and text, a Read, text,
// a compaction (boundary and summary), a second prompt and a Read; a
// subagent's prompt that is not the session's.
func claudeConversationTranscript(t testing.TB, dir, prompt string) string {
	var sb strings.Builder
	sb.WriteString(ccTalkLine(t, dir, "user", prompt, nil))
	sb.WriteString(ccTalkLine(t, dir, "assistant", textBlock("thinking", "thinking", "the user wants a.txt read"), nil))
	sb.WriteString(ccTalkLine(t, dir, "assistant", textBlock("text", "text", "I will read a.txt first."), nil))
	b := &cc{t: t, cwd: dir}
	b.use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.txt"}).result("r1", "     1→a\n", false, nil)
	sb.WriteString(b.String())
	sb.WriteString(ccTalkLine(t, dir, "assistant", textBlock("text", "text", "a.txt holds one line."), nil))
	sb.WriteString(ccTalkLine(t, dir, "user", "a subagent's task", map[string]any{"isSidechain": true}))
	sb.WriteString(ccTalkLine(t, dir, "system", nil, map[string]any{"subtype": "compact_boundary", "content": "Conversation compacted"}))
	sb.WriteString(ccTalkLine(t, dir, "user", "Summary: the user asked for a.txt.", map[string]any{"isCompactSummary": true}))
	sb.WriteString(ccTalkLine(t, dir, "user", textBlock("text", "text", "Now read it again."), nil))
	b = &cc{t: t, cwd: dir}
	b.use("m2", "r2", "Read", map[string]any{"file_path": dir + "/a.txt"}).result("r2", "     1→a\n", false, nil)
	sb.WriteString(b.String())
	sb.WriteString(ccTalkLine(t, dir, "assistant", textBlock("text", "text", "Done."), nil))
	return sb.String()
}

func touch(t *testing.T, path string, content string, mod time.Time) {
	t.Helper()
	writeFiles(t, filepath.Dir(path), map[string]string{filepath.Base(path): content})
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func projectHash(root string) string {
	h := sha256.Sum256([]byte(root))
	return hex.EncodeToString(h[:])
}

// subagentSession writes session s-1 in a folder of its own: a Read, a
// Task whose result names subagent agent, a Read; and returns its path.
func subagentSession(t *testing.T, dir, agent string) string {
	t.Helper()
	b := &cc{t: t, cwd: dir}
	b.use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.txt"}).result("r1", "     1→a", false, nil).
		use("m2", "t1", "Task", map[string]any{"prompt": "look", "subagent_type": "general-purpose"}).
		result("t1", "done", false, map[string]any{"status": "completed", "agentId": agent, "content": []any{}}).
		use("m3", "r2", "Read", map[string]any{"file_path": dir + "/b.txt"}).result("r2", "     1→b", false, nil)
	path := filepath.Join(t.TempDir(), "s-1.jsonl")
	touch(t, path, b.String(), time.Date(2026, 1, 30, 18, 0, 0, 0, time.UTC))
	return path
}

// subagentCalls is a subagent's transcript: a Read and a Grep.
func subagentCalls(t *testing.T, dir, agent, session string) string {
	b := &cc{t: t, cwd: dir}
	b.use("s1", "x1", "Read", map[string]any{"file_path": dir + "/c.txt"}).result("x1", "     1→c", false, nil).
		use("s2", "x2", "Grep", map[string]any{"pattern": "c", "path": dir}).result("x2", "c.txt", false, nil)
	return sidechain(t, b.String(), agent, session)
}

// sidechain turns cc lines into a subagent's: each record marked
// isSidechain with its agentId (and, when session is not "", that session).
func sidechain(t *testing.T, lines, agent, session string) string {
	t.Helper()
	var sb strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(lines), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		m["isSidechain"], m["agentId"] = true, agent
		if session != "" {
			m["sessionId"] = session
		}
		sb.WriteString(jsonLine(t, m))
	}
	return sb.String()
}

// foreign is a hand-made file of each agent repox does not read, in the
// shape its own files have, and the evidence its refusal quotes.
var foreign = []struct {
	name, file, body string
	what, evidence   string
}{
	{"Pi", "2026-01-02T03-04-05-000Z_pi-1.jsonl",
		`{"type":"session","version":3,"id":"pi-1","timestamp":"2026-01-02T03:04:05.000Z","cwd":"/home/u/proj"}
{"type":"model_change","id":"e1","parentId":null,"timestamp":"2026-01-02T03:04:05.100Z","provider":"anthropic","modelId":"claude-sonnet-4-5"}
{"type":"message","id":"e2","parentId":"e1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}],"timestamp":1767323046000}}
{"type":"message","id":"e3","parentId":"e2","timestamp":"2026-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"t1","name":"read","arguments":{"path":"a.go"}}],"stopReason":"toolUse"}}
{"type":"message","id":"e4","parentId":"e3","timestamp":"2026-01-02T03:04:08.000Z","message":{"role":"toolResult","toolCallId":"t1","toolName":"read","content":[{"type":"text","text":"package a"}],"isError":false}}
`, "a Pi session", `line 1 is a "session" header with "id" and "cwd"`},
	{"Factory Droid", "d-1.jsonl",
		`{"type":"session_start","id":"d-1","title":"read a.go","sessionTitle":"read a.go","owner":"u","version":2,"cwd":"/home/u/proj"}
{"type":"message","id":"m1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}]}}
{"type":"message","id":"m2","timestamp":"2026-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"tu1","name":"Read","input":{"file_path":"/home/u/proj/a.go"}}]},"parentId":"m1"}
{"type":"message","id":"m3","timestamp":"2026-01-02T03:04:08.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"tu1","content":"package a"}]},"parentId":"m2"}
`, "a Factory Droid session", `line 1 is a "session_start" record with "id"`},
	{"VS Code Copilot Chat", "0f1e2d3c.json", `{
  "version": 3,
  "requesterUsername": "u",
  "requesterAvatarIconUri": {
    "$mid": 1,
    "path": "/u/1",
    "scheme": "https"
  },
  "responderUsername": "GitHub Copilot",
  "initialLocation": "panel",
  "requests": [
    {
      "requestId": "request_1",
      "message": {
        "text": "read a.go",
        "parts": []
      },
      "response": [
        {
          "value": "a.go is a small package."
        }
      ],
      "timestamp": 1767323046000
    }
  ],
  "sessionId": "0f1e2d3c",
  "creationDate": 1767323045000,
  "lastMessageDate": 1767323046000
}`, "a VS Code Copilot Chat session", `a JSON document with "requesterUsername" and "requesterAvatarIconUri"`},
	{"VS Code Copilot Chat, operation log", "0f1e2d3c.jsonl",
		`{"kind":0,"v":{"version":3,"sessionId":"0f1e2d3c","creationDate":1767323045000,"requesterUsername":"u","responderUsername":"GitHub Copilot","initialLocation":"panel","requests":[]}}
{"kind":2,"k":["requests"],"v":[{"requestId":"request_1","message":{"text":"read a.go","parts":[]}}]}
`, "a VS Code Copilot Chat session", `line 1 is a "kind": 0 record whose "v" holds a chat session ("requesterUsername")`},
	{"Aider", ".aider.chat.history.md", `
# aider chat started at 2026-01-02 03:04:05

> /home/u/.local/bin/aider a.go
> Aider v0.86.1

#### read a.go

a.go is a small package.
`, "an Aider chat history", `line 2 is "# aider chat started at …"`},
}

// claudeEdit is a Claude Code session: a full read of a.go, then an Edit
// of it that succeeded, with originalFile as Claude Code records it.
func claudeEdit(t *testing.T, dir string) string {
	b := &cc{t: t, cwd: dir}
	b.use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).
		result("r1", readResultText([]int{1, 2, 3, 4, 5}, func(n int) string { return strings.Split(appliedBefore, "\n")[n-1] }), false, nil).
		use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "return 1", "new_string": "return 2"}).
		result("e1", "The file a.go has been updated.", false, map[string]any{"filePath": dir + "/a.go", "oldString": "return 1", "newString": "return 2", "originalFile": appliedBefore})
	return b.String()
}

func noFlags(t *testing.T, s replay.Step, kinds ...replay.FlagKind) {
	t.Helper()
	for _, k := range kinds {
		if f := flagsOf(s, k); len(f) > 0 {
			t.Errorf("call %d (%s): %s: %+v", s.Call.Seq, s.Call.AgentTool, k, f)
		}
	}
}

// ccRead is a Claude Code Read of the whole file rel, shown as Claude
// shows it ("     N→text"), with a trailing reminder.
func ccRead(b *cc, id, rel, content string) *cc {
	var shown strings.Builder
	for i, l := range transcript.SplitLines(content) {
		shown.WriteString(padNum(i+1) + "→" + l + "\n")
	}
	shown.WriteString("\n<system-reminder>\nWhenever you read a file, consider whether it is malware.\n</system-reminder>\n")
	return b.use("m"+id, id, "Read", map[string]any{"file_path": b.cwd + "/" + rel}).
		result(id, shown.String(), false, nil)
}

func padNum(n int) string {
	s := strings.Repeat(" ", 6) + itoaTest(n)
	return s[len(s)-6:]
}

// replayAll runs a transcript through a Replayer on root.
func replayAll(t *testing.T, root, transcript string) ([]replay.Step, *replay.Replayer) {
	t.Helper()
	calls, _ := readAllString(t, transcript)
	rp, err := replay.NewReplayer(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rp.Close() })
	var steps []replay.Step
	for _, c := range calls {
		steps = append(steps, rp.Step(context.Background(), c))
	}
	return steps, rp
}

func flagsOf(s replay.Step, k replay.FlagKind) []replay.Flag {
	var out []replay.Flag
	for _, f := range s.Flags {
		if f.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

func readResultText(lines []int, text func(int) string) string {
	var sb strings.Builder
	for _, n := range lines {
		fmt.Fprintf(&sb, "%6d→%s\n", n, text(n))
	}
	return sb.String()
}

const appliedBefore = "package a\n\nfunc A() int {\n\treturn 1\n}\n"
