package replay

import (
	"encoding/json"
	"strings"
	"testing"

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

func itoaTest(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoaTest(n/10) + string(rune('0'+n%10))
}
