package transcript

import (
	"bytes"
	"os"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// FuzzReader: any bytes are read without a panic; calls come out numbered
// in order, and the counts add up.
func FuzzReader(f *testing.F) {
	for _, p := range []string{
		"claude-code/moredip-session-share/general-tool-calls.EXCERPT.jsonl",
		"claude-code/moredip-session-share/read-tool-variants.jsonl",
		"codex/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl",
		piHandMade,
		aiderSample,
		cursorSample,
		cursorSubagent,
		droidSample,
	} {
		b, err := os.ReadFile(repotest.Transcript(f, p))
		if err != nil {
			f.Fatal(err)
		}
		if len(b) > 6000 {
			b = b[:6000]
		}
		f.Add(b)
	}
	f.Add([]byte(`{"tool":"repo_read_file","args":{"path":"a"},"text":"x","structured":{"lines":[{"n":1,"text":"x"}]}}` + "\n"))
	// an assembled OpenCode session (format_opencode.go): its session, a message, a tool part
	f.Add([]byte(`{"opencode":"session","id":"ses_1","title":"t","directory":"/p","time":{"created":1767323045000}}` + "\n" +
		`{"opencode":"message","id":"msg_1","info":{"role":"assistant","time":{"created":1767323045000}}}` + "\n" +
		`{"opencode":"part","id":"prt_1","messageID":"msg_1","part":{"type":"tool","callID":"c","tool":"read","state":{"status":"completed","input":{"filePath":"/p/a"},"output":"<path>/p/a</path>\n<type>file</type>\n<content>\n1: x\n\n(End of file - total 1 lines)\n</content>"}}}` + "\n" +
		`{"opencode":"part","id":"prt_2","messageID":"msg_1","part":{"type":"compaction","auto":true}}` + "\n"))
	f.Add([]byte(`{"type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","call_id":"c","input":"*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n*** End Patch"}}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := NewReader(bytes.NewReader(data))
		n := 0
		for {
			c, err := rd.Next()
			if err != nil {
				break
			}
			n++
			if c.Seq != n {
				t.Fatalf("call %d has seq %d", n, c.Seq)
			}
			if c.IsFileTool() == (c.NoEquivalent != "") {
				t.Fatalf("call %d: mapped %v and no equivalent %q", n, c.Repox, c.NoEquivalent)
			}
			for _, tc := range c.Repox {
				if !repoxTool(tc.Tool) {
					t.Fatalf("mapped to %q", tc.Tool)
				}
			}
		}
		st := rd.Stats()
		if st.Calls != n || st.Pending != 0 || st.FileCalls > st.Calls {
			t.Fatalf("stats %+v after %d calls", st, n)
		}
	})
}
