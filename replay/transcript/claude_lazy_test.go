package transcript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

func TestHugeResultIsDecodedWithinABudget(t *testing.T) {
	data := replaytest.HugeResult(t, 2_000_000) // 6 MB
	var calls []Call
	var st Stats
	alloc := replaytest.Allocated(func() { calls, st = readAllString(t, string(data)) })
	if len(calls) != 1 || calls[0].NoResult {
		t.Fatalf("calls %+v stats %+v", calls, st)
	}
	text := calls[0].Text
	if got := strings.Count(text, "[]"); got != maxResultBlocks || !strings.HasSuffix(text, "[… more blocks not read: repox reads 4096 blocks of a result]") {
		t.Errorf("the result's text holds %d blocks and ends %q", got, text[max(0, len(text)-80):])
	}
	// the line itself is held (the splitter's tail, grown by doubling)
	// and scanned; nothing per block beyond the budget
	if limit := uint64(8 * len(data)); alloc > limit {
		t.Errorf("reading a %d-byte line allocated %d bytes (over %d)", len(data), alloc, limit)
	}
	t.Logf("%d bytes read, %d allocated", len(data), alloc)
}

// A message of more blocks than the budget yields the first ones and says
// the rest were not read.
func TestMessageBlocksWithinABudget(t *testing.T) {
	var blocks []any
	for i := range maxMessageBlocks + 10 {
		blocks = append(blocks, map[string]any{"type": "tool_use", "id": fmt.Sprint("u", i), "name": "Glob", "input": map[string]any{"pattern": "*"}})
	}
	line, _ := json.Marshal(map[string]any{"type": "assistant", "sessionId": "s", "cwd": replaytest.Cwd, "timestamp": "2026-01-01T00:00:00Z",
		"message": map[string]any{"id": "m", "role": "assistant", "content": blocks}})
	calls, st := readAllString(t, string(line)+"\n")
	if len(calls) != maxMessageBlocks || !strings.Contains(st.LastSkip, "more than 4096 content blocks") {
		t.Errorf("%d calls, stats %+v", len(calls), st)
	}
}

// The lazy text is the text the whole decode gave: strings, text blocks
// joined, other blocks by type, escapes and nesting kept.
func TestBlockTextShapes(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`"plain \"q\" \u00e9"`, `plain "q" é`},
		{`null`, ``},
		{`[{"type":"text","text":"a,]}\"b"},{"type":"image","source":{"data":"x]"}},{"type":"text","text":"c"}]`, "a,]}\"b\n[image]\nc"},
		{` [ {"type" : "text" , "text" : "x"} , "str" , 3 , [1,[2]] ] `, "x\n[]\n[]\n[]"},
		{`[]`, ``},
		{`{"k":1}`, `{"k":1}`},
	} {
		if got := blockText(rawRef(c.raw)); got != c.want {
			t.Errorf("blockText(%s) = %q, want %q", c.raw, got, c.want)
		}
	}
}

// BenchmarkHugeResultLine: one call whose result is a 60 MB list of 20M
// empty blocks (the case). Before: 2.4 GB and 17 s; see B/op.
func BenchmarkHugeResultLine(b *testing.B) {
	data := replaytest.HugeResult(b, 20_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if calls, _, _ := ReadAll(bytes.NewReader(data)); len(calls) != 1 {
			b.Fatal(len(calls))
		}
	}
}

// FuzzBlockText: on any valid JSON, the lazy text is what decoding the
// whole value into Go values gives (the decode this replaced).
func FuzzBlockText(f *testing.F) {
	for _, s := range []string{`"x"`, `[{"type":"text","text":"a"},{"type":"image"}]`, `[1,"2",[3],{"a":"]"}]`, `[ {"type":"text","text":"\"]}"} ]`, `{}`, `null`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return // a number too large for float64: no whole decode to compare with
		}
		if _, isArrayOrString := v.([]any); !isArrayOrString && v != nil {
			if _, str := v.(string); !str {
				return
			}
		}
		if got, want := blockText(rawRef(s)), wholeText(v); got != want {
			t.Fatalf("blockText(%s) = %q, the whole decode gives %q", s, got, want)
		}
	})
}

func wholeText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []any:
		var sb strings.Builder
		for i, p := range v {
			if i == maxResultBlocks {
				sb.WriteString("\n[… more blocks not read: repox reads 4096 blocks of a result]")
				break
			}
			if i > 0 {
				sb.WriteString("\n")
			}
			m, _ := p.(map[string]any)
			typ, _ := m["type"].(string)
			if text, ok := m["text"].(string); ok && typ == "text" {
				sb.WriteString(text)
			} else {
				sb.WriteString("[" + typ + "]")
			}
		}
		return sb.String()
	}
	return "" // objects and numbers: the raw text, compared apart
}

// Blocks are decoded only when they may be calls or results: one whose
// type is written with escapes is still a call, and a thinking block
// beside it changes nothing.
func TestToolBlocksWrittenWithEscapesAreRead(t *testing.T) {
	line := `{"type":"assistant","sessionId":"s","cwd":"` + replaytest.Cwd + `","timestamp":"2026-01-01T00:00:00Z",` +
		`"message":{"id":"m","role":"assistant","content":[{"type":"thinking","thinking":"` + strings.Repeat("plain thought ", 50) + `"},` +
		`{"type":"tool\u005fuse","id":"u1","name":"Glob","input":{"pattern":"*.go"}},` +
		`{"\u0074ype":"\u0074ool_use","id":"u2","name":"Glob","input":{"pattern":"*.md"}}]}}` + "\n"
	calls, st := readAllString(t, line)
	if len(calls) != 2 || calls[0].ID != "u1" || calls[1].ID != "u2" {
		t.Errorf("calls %+v, stats %+v: escaped tool_use blocks were not read", calls, st)
	}
}
