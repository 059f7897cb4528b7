package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// The Gemini CLI reader reads records streaming (readGmObject): these
// pin what a decode of the whole tree did, and the bounds it adds.

// A message of more tool calls than the bound: the first ones are read,
// the rest counted and said; the next message is read as usual.
func TestGeminiToolCallsBounded(t *testing.T) {
	root := "/home/u/gem"
	var tcs []any
	for i := range geminiMaxToolCalls + 3 {
		tcs = append(tcs, replaytest.GeminiRead(fmt.Sprint("c", i), root+"/a.go"))
	}
	for _, doc := range replaytest.GeminiDoc(t, root,
		map[string]any{"id": "m1", "type": "gemini", "content": "", "toolCalls": tcs},
		map[string]any{"id": "m2", "type": "gemini", "content": "", "toolCalls": []any{replaytest.GeminiRead("last", root+"/b.go")}}) {
		calls, st := readAllString(t, doc)
		if len(calls) != geminiMaxToolCalls+1 || calls[len(calls)-1].ID != "last" || st.Cwd != root {
			t.Fatalf("%d calls (last %q), cwd %q", len(calls), calls[len(calls)-1].ID, st.Cwd)
		}
		if st.Skipped != 1 || !strings.Contains(st.LastSkip, fmt.Sprintf("more than %d tool calls; the rest (3) were not read", geminiMaxToolCalls)) {
			t.Errorf("skipped %d: %q", st.Skipped, st.LastSkip)
		}
	}
	// the JSONL shape: one line, the same bound
	var sb strings.Builder
	sb.WriteString(replaytest.JSONLine(t, map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root)}))
	sb.WriteString(replaytest.JSONLine(t, map[string]any{"id": "m1", "type": "gemini", "toolCalls": tcs}))
	calls, st := readAllString(t, sb.String())
	if len(calls) != geminiMaxToolCalls || st.Skipped != 1 || !strings.Contains(st.LastSkip, "line 2: a message of more than") {
		t.Errorf("JSONL: %d calls, %+v", len(calls), st)
	}
}

// The session's fields may come after messages (sorted keys); a message
// of the wrong shape is left out and said, the others read; keys match
// in any case, and the last of a repeated key counts.
func TestGeminiDocumentReadStreaming(t *testing.T) {
	root := "/home/u/gem"
	pretty := replaytest.GeminiDoc(t, root,
		map[string]any{"id": "m1", "type": "gemini", "toolCalls": []any{replaytest.GeminiRead("c1", root+"/a.go")}},
		"not a message",
		map[string]any{"id": "m3", "type": "gemini", "toolCalls": "not a list"},
		map[string]any{"id": "m4", "type": "gemini", "toolCalls": []any{5}},
		nil,
		map[string]any{"id": "m6", "type": "gemini", "toolCalls": []any{replaytest.GeminiRead("c6", root+"/b.go")}})[0]
	if strings.Index(pretty, `"messages"`) > strings.Index(pretty, `"projectHash"`) {
		t.Fatal("the fixture's messages do not come first")
	}
	calls, st := readAllString(t, pretty)
	if len(calls) != 2 || calls[0].ID != "c1" || calls[1].ID != "c6" || st.Cwd != root || st.SessionID != "gs-1" {
		t.Fatalf("%d calls, %+v", len(calls), st)
	}
	if st.Skipped != 3 || !strings.Contains(st.LastSkip, "message 4 of the session's JSON document cannot be read") {
		t.Errorf("skipped %d: %q", st.Skipped, st.LastSkip)
	}
	folded := "{\n" + `"SESSIONID": "gs-2", "projectHash": "` + replaytest.ProjectHash(root) + `", "Messages": [
  {"ID": "m1", "Type": "gemini", "toolCalls": [{"id": "old"}], "TOOLCALLS": [` + replaytest.JSONLine(t, replaytest.GeminiRead("new", root+"/a.go")) + `]}
]}`
	calls, st = readAllString(t, folded)
	if len(calls) != 1 || calls[0].ID != "new" || st.SessionID != "gs-2" {
		t.Errorf("keys in another case, repeated: %d calls, %+v", len(calls), st)
	}
}

// A document that is no JSON, or has more after its object, is not read
// at all, as when it was decoded whole.
func TestGeminiDocumentThatIsNoJSON(t *testing.T) {
	root := "/home/u/gem"
	good := replaytest.GeminiDoc(t, root, map[string]any{"id": "m1", "type": "gemini", "toolCalls": []any{replaytest.GeminiRead("c1", root+"/a.go")}})[0]
	for name, doc := range map[string]string{
		"a bad value at the end": strings.Replace(good, `"startTime"`, `"startTime": x, "y"`, 1),
		"a bad key":              strings.Replace(good, `"sessionId"`, `sessionId`, 1),
		"more after it":          strings.TrimSuffix(good, "}") + `} {}`,
		"sessionId a number":     strings.Replace(good, `"sessionId": "gs-1"`, `"sessionId": 1`, 1),
	} {
		calls, st := readAllString(t, doc)
		if len(calls) != 0 || st.Skipped == 0 || !strings.Contains(st.LastSkip, "cannot be read") {
			t.Errorf("%s: %d calls, %+v", name, len(calls), st)
		}
	}
}
