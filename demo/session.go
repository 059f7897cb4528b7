package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// The tour's replayed session: a small Claude Code transcript of an agent
// working on the demo repository, made from the demo's own files (so it
// stays true to Write) rather than pasted in. The agent reads the first
// 1,000 lines of server/handlers.go and then edits line 1,303, which it
// never saw, and tries an edit of a line that occurs twice: what repox's
// replay flags.

// SessionPath is where WriteSession puts the transcript, inside the demo's
// ignored build/ folder (so the tools count it and never list it).
const SessionPath = "build/claude-session.jsonl"

// SessionStart is the time of the transcript's first line.
var SessionStart = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// sessionID names the transcript's session.
const sessionID = "repox-demo-session"

// WriteSession writes the transcript for the demo at root (an absolute
// path, as Claude Code records) and returns its path. It reads the demo's
// files and writes the transcript through repoops.Folder, so a link, a
// hard-linked or a special file in the folder is refused, never followed,
// written through or waited on.
func WriteSession(root string) (string, error) {
	f, err := repoops.OpenFolder(root)
	if err != nil {
		return "", err
	}
	defer f.Close()
	handlers, err := readDemoFile(f, "server/handlers.go")
	if err != nil {
		return "", err
	}
	limits, err := readDemoFile(f, "internal/config/limits.go")
	if err != nil {
		return "", err
	}
	b, err := sessionLines(root, handlers, limits)
	if err != nil {
		return "", err
	}
	if err := f.WriteFile(context.Background(), SessionPath, b); err != nil {
		return "", fmt.Errorf("%w — the tour writes its session there; %s", err, freshDemo)
	}
	return filepath.Join(root, filepath.FromSlash(SessionPath)), nil
}

// transcript builds Claude Code's JSON lines: prompts and text as
// messages, each tool call an assistant tool_use and a user tool_result.
type transcript struct {
	root string
	at   time.Time
	buf  bytes.Buffer
	err  error
	n    int
}

func (t *transcript) line(v map[string]any) {
	t.at = t.at.Add(7 * time.Second)
	v["cwd"], v["sessionId"], v["timestamp"] = t.root, sessionID, t.at.Format("2006-01-02T15:04:05.000Z")
	b, err := json.Marshal(v)
	if err != nil && t.err == nil {
		t.err = err
	}
	t.buf.Write(append(b, '\n'))
}

func (t *transcript) say(role, text string) {
	var content any = text
	if role == "assistant" {
		t.n++
		content = []any{map[string]any{"type": "text", "text": text}}
	}
	t.line(map[string]any{"type": role, "message": map[string]any{"id": fmt.Sprint("msg-", t.n), "role": role, "content": content}})
}

// call writes one tool call and its result; result is the toolUseResult
// Claude Code records beside the text (nil: none).
func (t *transcript) call(tool string, input map[string]any, text string, isError bool, result map[string]any) {
	t.n++
	id := fmt.Sprint("toolu-", t.n)
	t.line(map[string]any{"type": "assistant", "message": map[string]any{"id": fmt.Sprint("msg-", t.n), "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": tool, "input": input}}}})
	block := map[string]any{"type": "tool_result", "tool_use_id": id, "content": text}
	if isError {
		block["is_error"] = true
	}
	v := map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{block}}}
	if result != nil {
		v["toolUseResult"] = result
	}
	t.line(v)
}

// read is Claude Code's Read of lines [offset, offset+limit) of content.
func (t *transcript) read(rel, content string, offset, limit int) {
	all := strings.Split(strings.TrimSuffix(content, "\n"), "\n")
	end := min(offset-1+limit, len(all))
	shown := all[offset-1 : end]
	var text strings.Builder
	for i, l := range shown {
		fmt.Fprintf(&text, "%6d→%s\n", offset+i, l)
	}
	input := map[string]any{"file_path": t.abs(rel)}
	if limit < len(all) {
		input["offset"], input["limit"] = offset, limit
	}
	t.call("Read", input, text.String(), false, map[string]any{"type": "text", "file": map[string]any{
		"filePath": t.abs(rel), "content": strings.Join(shown, "\n"), "numLines": len(shown), "startLine": offset, "totalLines": len(all)}})
}

func (t *transcript) edit(rel, old, replacement, text string, isError bool) {
	t.call("Edit", map[string]any{"file_path": t.abs(rel), "old_string": old, "new_string": replacement}, text, isError, nil)
}

func (t *transcript) abs(rel string) string { return t.root + "/" + rel }

func sessionLines(root, handlers, limits string) ([]byte, error) {
	t := &transcript{root: filepath.ToSlash(root), at: SessionStart}
	changed, err := changedLine(handlers)
	if err != nil {
		return nil, err
	}
	renumbered := strings.Replace(changed, fmt.Sprint(ChangedHandler), fmt.Sprint(ChangedHandler+1), 1)
	t.say("user", fmt.Sprintf("Route %d should answer as route %d, and raise the read side's retries to 5.", ChangedHandler, ChangedHandler+1))
	t.say("assistant", "I'll look at the handlers first.")
	t.read("server/handlers.go", handlers, 1, SilentReadDefaultLimit)
	t.say("assistant", fmt.Sprintf("Handle%04d answers in JSON; I'll renumber its route.", ChangedHandler))
	t.edit("server/handlers.go", changed, renumbered, "The file "+t.abs("server/handlers.go")+" has been updated.", false)
	t.read("internal/config/limits.go", limits, 1, 2000)
	t.edit("internal/config/limits.go", AmbiguousLine, editRetries,
		"<tool_use_error>Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: "+AmbiguousLine+"</tool_use_error>", true)
	old := "var ReadLimits = Limits{\n" + AmbiguousLine
	t.edit("internal/config/limits.go", old, "var ReadLimits = Limits{\n"+editRetries, "The file "+t.abs("internal/config/limits.go")+" has been updated.", false)
	t.say("assistant", fmt.Sprintf("Done: route %d answers as %d, and the read side retries 5 times.", ChangedHandler, ChangedHandler+1))
	return t.buf.Bytes(), t.err
}
