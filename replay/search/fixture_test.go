package search

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
)

// home is a fake home folder with the transcripts of one repository.
type home struct {
	t    testing.TB
	dir  string // the home folder
	repo string // the repository's folder
}

func newHome(t testing.TB) *home {
	h := &home{t: t, dir: t.TempDir(), repo: filepath.Join(t.TempDir(), "my.repo")}
	if err := os.MkdirAll(h.repo, 0o755); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *home) env() *discover.Env { return &discover.Env{Home: h.dir, Now: time.Now()} }

// claudeDir is Claude Code's project folder of the repository.
func (h *home) claudeDir() string {
	return filepath.Join(h.dir, ".claude", "projects", regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(h.repo, "-"))
}

// write writes a transcript, stamped mod ago.
func (h *home) write(path, content string, mod time.Duration) string {
	h.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		h.t.Fatal(err)
	}
	at := time.Now().Add(-mod)
	if err := os.Chtimes(path, at, at); err != nil {
		h.t.Fatal(err)
	}
	return path
}

// cc builds a Claude Code transcript: prompts, the agent's text and
// answered calls, a second apart.
type cc struct {
	t       testing.TB
	cwd, id string
	at      time.Time
	sb      strings.Builder
	n       int
}

func newCC(t testing.TB, cwd, id string, at time.Time) *cc {
	return &cc{t: t, cwd: cwd, id: id, at: at}
}

func (c *cc) line(v map[string]any) *cc {
	c.n++
	v["cwd"], v["sessionId"], v["timestamp"] = c.cwd, c.id, c.at.Add(time.Duration(c.n)*time.Second).UTC().Format(time.RFC3339Nano)
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sb.Write(append(b, '\n'))
	return c
}

func (c *cc) prompt(text string) *cc {
	return c.line(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

func (c *cc) say(text string) *cc {
	return c.line(map[string]any{"type": "assistant", "message": map[string]any{"id": fmt.Sprintf("t%d", c.n), "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": text}}}})
}

func (c *cc) call(id, tool string, input any, result string) *cc {
	c.line(map[string]any{"type": "assistant", "message": map[string]any{"id": "m" + id, "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": tool, "input": input}}}})
	return c.line(map[string]any{"type": "user", "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": result}}}})
}

func (c *cc) String() string { return c.sb.String() }

// cx builds a Codex rollout.
type cx struct {
	t  testing.TB
	sb strings.Builder
}

func (b *cx) line(typ string, payload any) *cx {
	l, err := json.Marshal(map[string]any{"timestamp": "2026-12-01T03:04:05.000Z", "type": typ, "payload": payload})
	if err != nil {
		b.t.Fatal(err)
	}
	b.sb.Write(append(l, '\n'))
	return b
}

func (b *cx) prompt(text string) *cx {
	return b.line("event_msg", map[string]any{"type": "user_message", "message": text})
}

func (b *cx) say(text string) *cx {
	return b.line("response_item", map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": text}}})
}

func (b *cx) call(id, name string, args any, output string) *cx {
	a, _ := json.Marshal(args)
	b.line("response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
	return b.line("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
}
