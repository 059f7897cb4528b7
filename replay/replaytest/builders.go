// Package replaytest builds the agent transcripts replay's tests read: Claude Code
// and Codex sessions line by line, Gemini CLI documents, subagents, the files of agents
// repox does not read. Only _test.go files import it (arch_test.go checks).
package replaytest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

func JSONLine(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// Claude builds Claude Code session lines.
type Claude struct {
	T      testing.TB
	Cwd    string
	Branch string // the gitBranch each line records ("": none)
	Sb     strings.Builder
	N      int
}

func (c *Claude) Ts() string {
	c.N++
	return "2026-01-30T18:19:" + TwoDigits(c.N) + ".000Z"
}

func TwoDigits(n int) string {
	n %= 60
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// Use writes an assistant line with tool_use blocks (id, name, input) as one message.
func (c *Claude) Use(msgID string, calls ...any) *Claude {
	var blocks []any
	for i := 0; i+2 < len(calls)+1; i += 3 {
		blocks = append(blocks, map[string]any{"type": "tool_use", "id": calls[i], "name": calls[i+1], "input": calls[i+2]})
	}
	line := map[string]any{"type": "assistant", "cwd": c.Cwd, "sessionId": "s-1", "timestamp": c.Ts(),
		"message": map[string]any{"id": msgID, "role": "assistant", "content": blocks}}
	if c.Branch != "" {
		line["gitBranch"] = c.Branch
	}
	c.Sb.WriteString(JSONLine(c.T, line))
	return c
}

// Result writes a user line with one tool_result; tur is the toolUseResult (or nil).
func (c *Claude) Result(id string, content any, isErr bool, tur any) *Claude {
	block := map[string]any{"type": "tool_result", "tool_use_id": id, "content": content}
	if isErr {
		block["is_error"] = true
	}
	line := map[string]any{"type": "user", "cwd": c.Cwd, "sessionId": "s-1", "timestamp": c.Ts(),
		"message": map[string]any{"role": "user", "content": []any{block}}}
	if tur != nil {
		line["toolUseResult"] = tur
	}
	c.Sb.WriteString(JSONLine(c.T, line))
	return c
}

func (c *Claude) Raw(s string) *Claude { c.Sb.WriteString(s); return c }

// Compact writes a compaction as Claude Code records one: the system
// compact_boundary record and the summary that follows it.
func (c *Claude) Compact(summary string) *Claude {
	c.Sb.WriteString(JSONLine(c.T, map[string]any{"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
		"cwd": c.Cwd, "sessionId": "s-1", "timestamp": c.Ts(), "compactMetadata": map[string]any{"trigger": "auto"}}))
	c.Sb.WriteString(JSONLine(c.T, map[string]any{"type": "user", "isCompactSummary": true, "cwd": c.Cwd, "sessionId": "s-1", "timestamp": c.Ts(),
		"message": map[string]any{"role": "user", "content": summary}}))
	return c
}

func (c *Claude) String() string { return c.Sb.String() }

// Codex builds Codex rollout lines.
type Codex struct {
	T  testing.TB
	Sb strings.Builder
}

func (b *Codex) Line(typ string, payload any) *Codex {
	b.Sb.WriteString(JSONLine(b.T, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": typ, "payload": payload}))
	return b
}

func (b *Codex) Call(id, name string, args any) *Codex {
	a, _ := json.Marshal(args)
	return b.Line("response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
}

// Compact writes a compaction as Codex records one: a compacted record
// with the summary, and the event_msg context_compacted.
func (b *Codex) Compact(summary string) *Codex {
	b.Line("compacted", map[string]any{"message": summary})
	return b.Line("event_msg", map[string]any{"type": "context_compacted"})
}

func (b *Codex) Out(id, output string) *Codex {
	return b.Line("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
}

// ClaudeTalkLine is a Claude Code line of the conversation: a prompt (content
// a string), or blocks of an assistant, or a system record.
func ClaudeTalkLine(t testing.TB, dir, typ string, content any, extra map[string]any) string {
	line := map[string]any{"type": typ, "cwd": dir, "sessionId": "s-1", "timestamp": "2026-01-30T18:20:00.000Z"}
	if content != nil {
		line["message"] = map[string]any{"role": typ, "content": content}
	}
	for k, v := range extra {
		line[k] = v
	}
	return JSONLine(t, line)
}

// At is the next timestamp of b, for a line written beside b's.
func At(b *Claude) map[string]any { return map[string]any{"timestamp": b.Ts()} }

func TextBlock(typ, field, text string) []any {
	return []any{map[string]any{"type": typ, field: text}}
}

// ClaudeConversationTranscript: a prompt, thinking and text, a Read, text,
// a compaction (boundary and summary), a second prompt and a Read; a
// subagent's prompt that is not the session's.
func ClaudeConversationTranscript(t testing.TB, dir, prompt string) string {
	var sb strings.Builder
	sb.WriteString(ClaudeTalkLine(t, dir, "user", prompt, nil))
	sb.WriteString(ClaudeTalkLine(t, dir, "assistant", TextBlock("thinking", "thinking", "the user wants a.txt read"), nil))
	sb.WriteString(ClaudeTalkLine(t, dir, "assistant", TextBlock("text", "text", "I will read a.txt first."), nil))
	b := &Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.txt"}).Result("r1", "     1→a\n", false, nil)
	sb.WriteString(b.String())
	sb.WriteString(ClaudeTalkLine(t, dir, "assistant", TextBlock("text", "text", "a.txt holds one line."), nil))
	sb.WriteString(ClaudeTalkLine(t, dir, "user", "a subagent's task", map[string]any{"isSidechain": true}))
	sb.WriteString(ClaudeTalkLine(t, dir, "system", nil, map[string]any{"subtype": "compact_boundary", "content": "Conversation compacted"}))
	sb.WriteString(ClaudeTalkLine(t, dir, "user", "Summary: the user asked for a.txt.", map[string]any{"isCompactSummary": true}))
	sb.WriteString(ClaudeTalkLine(t, dir, "user", TextBlock("text", "text", "Now read it again."), nil))
	b = &Claude{T: t, Cwd: dir}
	b.Use("m2", "r2", "Read", map[string]any{"file_path": dir + "/a.txt"}).Result("r2", "     1→a\n", false, nil)
	sb.WriteString(b.String())
	sb.WriteString(ClaudeTalkLine(t, dir, "assistant", TextBlock("text", "text", "Done."), nil))
	return sb.String()
}

func Touch(t *testing.T, path string, content string, mod time.Time) {
	t.Helper()
	repotest.WriteFiles(t, filepath.Dir(path), map[string]string{filepath.Base(path): content})
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func ProjectHash(root string) string {
	h := sha256.Sum256([]byte(root))
	return hex.EncodeToString(h[:])
}

// SubagentSession writes session s-1 in a folder of its own: a Read, a
// Task whose result names subagent agent, a Read; and returns its path.
func SubagentSession(t *testing.T, dir, agent string) string {
	t.Helper()
	b := &Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.txt"}).Result("r1", "     1→a", false, nil).
		Use("m2", "t1", "Task", map[string]any{"prompt": "look", "subagent_type": "general-purpose"}).
		Result("t1", "done", false, map[string]any{"status": "completed", "agentId": agent, "content": []any{}}).
		Use("m3", "r2", "Read", map[string]any{"file_path": dir + "/b.txt"}).Result("r2", "     1→b", false, nil)
	path := filepath.Join(t.TempDir(), "s-1.jsonl")
	Touch(t, path, b.String(), time.Date(2026, 1, 30, 18, 0, 0, 0, time.UTC))
	return path
}

// SubagentCalls is a subagent's transcript: a Read and a Grep.
func SubagentCalls(t *testing.T, dir, agent, session string) string {
	b := &Claude{T: t, Cwd: dir}
	b.Use("s1", "x1", "Read", map[string]any{"file_path": dir + "/c.txt"}).Result("x1", "     1→c", false, nil).
		Use("s2", "x2", "Grep", map[string]any{"pattern": "c", "path": dir}).Result("x2", "c.txt", false, nil)
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
		sb.WriteString(JSONLine(t, m))
	}
	return sb.String()
}

// Foreign is a hand-made file of each agent repox does not read, in the
// shape its own files have, and the evidence its refusal quotes.
var Foreign = []struct {
	Name, File, Body string
	What, Evidence   string
}{
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
}

// GeminiMessages is a Gemini CLI session's messages: a prompt, then one
// gemini message per tool (read_file in both parameter spellings,
// write_file, replace, glob, search_file_content, list_directory,
// run_shell_command, and one still executing).
func GeminiMessages(root string) []any {
	call := func(id, name string, args map[string]any, status, output string) map[string]any {
		return map[string]any{"id": id, "name": name, "args": args, "status": status, "timestamp": "2026-01-02T03:04:06.000Z",
			"result":        []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": name, "response": map[string]any{"output": output}}}},
			"resultDisplay": "shown to the person"}
	}
	gem := func(calls ...any) map[string]any {
		return map[string]any{"id": "m-" + calls[0].(map[string]any)["id"].(string), "timestamp": "2026-01-02T03:04:06.000Z", "type": "gemini", "content": "", "toolCalls": calls}
	}
	return []any{
		map[string]any{"id": "u1", "timestamp": "2026-01-02T03:04:05.000Z", "type": "user", "content": "look around"},
		gem(call("g1", "read_file", map[string]any{"absolute_path": root + "/a.go", "offset": 2, "limit": 2}, "success", "three\nfour")),
		gem(call("g2", "read_file", map[string]any{"file_path": "b.go", "start_line": 1, "end_line": 5}, "success",
			"IMPORTANT: The file content has been truncated.\nStatus: Showing lines 1-2 of 9 total lines.\nAction: read more\n\n--- FILE CONTENT (truncated) ---\nbee\nbuzz")),
		gem(call("g3", "write_file", map[string]any{"file_path": root + "/n.txt", "content": "new\n"}, "success", "Successfully created")),
		gem(call("g4", "replace", map[string]any{"file_path": root + "/a.go", "old_string": "x", "new_string": "y"}, "success", "Successfully modified")),
		gem(call("g5", "glob", map[string]any{"pattern": "**/*.go", "path": root}, "success", root+"/a.go")),
		gem(call("g6", "search_file_content", map[string]any{"pattern": "needle", "path": root + "/src"}, "success", "Found 1 match")),
		gem(call("g7", "list_directory", map[string]any{"path": root + "/src"}, "success", "Directory listing")),
		gem(call("g8", "run_shell_command", map[string]any{"command": "sed -n '3,4p' a.go"}, "success",
			"Command: sed -n '3,4p' a.go\nDirectory: (root)\nOutput: three\nfour\nError: (none)\nExit Code: 0")),
		gem(call("g9", "run_shell_command", map[string]any{"command": "sleep 100"}, "executing", "")),
	}
}

// HugeResult is a Claude Code session of one Bash call whose result is a
// list of n empty content blocks (3 bytes each).
func HugeResult(tb testing.TB, n int) []byte {
	b := &Claude{T: tb, Cwd: Cwd}
	b.Use("m1", "t1", "Bash", map[string]any{"command": "ls"})
	var sb strings.Builder
	sb.WriteString(`{"type":"user","sessionId":"s-1","cwd":"` + Cwd + `","timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[`)
	sb.WriteString(strings.Repeat("{},", n-1) + "{}")
	sb.WriteString("]}]}}\n")
	return append([]byte(b.String()), sb.String()...)
}

// Allocated is how many bytes fn allocates (cumulative, not live: every
// map and slice the decode made counts, even once freed).
func Allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Source200 is a 200-line Go-like file, and the same as Claude Code's Read
// shows it (numbered).
func Source200() (text, numbered string) {
	var content strings.Builder
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&content, "\tline %d of some Go source with a little text in it\n", i)
	}
	var nb strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(content.String(), "\n"), "\n") {
		fmt.Fprintf(&nb, "%6d→%s\n", i+1, l)
	}
	return content.String(), nb.String()
}

// BigTranscript builds a Claude Code session of about size bytes: Read
// calls of 200-line files (the result both as text and as toolUseResult,
// as Claude Code writes it), a Grep, and assistant text between them.
func BigTranscript(tb testing.TB, size int) []byte {
	b := &Claude{T: tb, Cwd: "/home/u/proj"}
	text, numbered := Source200()
	filler := strings.Repeat("thinking about the code ", 200)
	for i := 0; b.Sb.Len() < size; i++ {
		id := fmt.Sprintf("r%d", i)
		p := fmt.Sprintf("/home/u/proj/pkg%d/file%d.go", i%50, i)
		b.Use(fmt.Sprintf("m%d", i), id, "Read", map[string]any{"file_path": p}).
			Result(id, numbered, false, map[string]any{"type": "text", "file": map[string]any{"filePath": p, "content": text, "numLines": 200, "startLine": 1, "totalLines": 200}})
		g := fmt.Sprintf("g%d", i)
		b.Use(fmt.Sprintf("n%d", i), g, "Grep", map[string]any{"pattern": "needle", "output_mode": "content"}).
			Result(g, "pkg/a.go:12: needle", false, nil)
		b.Raw(JSONLine(tb, map[string]any{"type": "assistant", "sessionId": "s-1", "message": map[string]any{"id": "t" + id, "role": "assistant",
			"content": []any{map[string]any{"type": "text", "text": filler}}}}))
	}
	return []byte(b.String())
}

const TenMB = 10 << 20

func AppendFile(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// GeminiDoc is a session document with messages, pretty-printed and on one
// line (both are read).
func GeminiDoc(t *testing.T, root string, messages ...any) []string {
	t.Helper()
	doc := map[string]any{"sessionId": "gs-1", "projectHash": ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z", "messages": messages}
	pretty, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	flat, _ := json.Marshal(doc)
	return []string{string(pretty), string(flat) + "\n"}
}

func GeminiRead(id, file string) map[string]any {
	return map[string]any{"id": id, "name": "read_file", "args": map[string]any{"file_path": file}, "status": "success",
		"result": []any{map[string]any{"functionResponse": map[string]any{"response": map[string]any{"output": "a"}}}}}
}

// Cwd is the working folder the built sessions record.
const Cwd = "/home/u/proj"
