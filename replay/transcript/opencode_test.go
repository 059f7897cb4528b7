package transcript

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// openCodeShapes builds the sample session in both of OpenCode's shapes
// and returns each key: the storage session file, the database's key.
func openCodeShapes(t *testing.T, dir string) map[string]string {
	data := t.TempDir()
	s := replaytest.OpenCodeSample(dir, "ses_sample1")
	file := replaytest.OpenCodeStorage(t, filepath.Join(data, "storage"), "proj1", s)
	db := filepath.Join(data, "opencode.db")
	replaytest.OpenCodeDB(t, db, s)
	return map[string]string{"storage": file, "database": db + "#ses_sample1"}
}

// sampleCounts counts the sample's calls from its parts, not through the
// reader: every tool part, and those of a tool repox answers.
func sampleCounts(s replaytest.OpenCodeSession) (calls, fileCalls int) {
	for _, m := range s.Messages {
		for _, p := range m.Parts {
			if p["type"] == "tool" {
				calls++
				switch p["tool"] {
				case "read", "edit", "write", "bash", "grep", "glob", "list":
					fileCalls++
				}
			}
		}
	}
	return calls, fileCalls
}

func readKey(t *testing.T, key string) ([]Call, *Reader) {
	t.Helper()
	f, err := OpenTranscript(key)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := NewReader(f).WithConversation()
	calls, _, err := rd.drain()
	if err != nil {
		t.Fatal(err)
	}
	return calls, rd
}

// Both shapes read alike: every call counted independently, mapped, what
// the read showed, the compaction counted, the running call unanswered,
// the conversation with its prompts, thinking and compaction.
func TestReadOpenCodeSessions(t *testing.T) {
	dir := "/home/u/proj"
	wantCalls, wantFile := sampleCounts(replaytest.OpenCodeSample(dir, "x"))
	for shape, key := range openCodeShapes(t, dir) {
		calls, rd := readKey(t, key)
		st := rd.Stats()
		if st.Format != AgentOpenCode || st.Calls != wantCalls || st.FileCalls != wantFile || len(calls) != wantCalls || st.Cwd != dir || st.SessionID != "ses_sample1" {
			t.Fatalf("%s: %d calls, stats %+v; want %d calls, %d with a repox equivalent", shape, len(calls), st, wantCalls, wantFile)
		}
		byID := map[string]Call{}
		for _, c := range calls {
			byID[c.ID] = c
		}
		read := byID["call_1"]
		if len(read.Repox) != 1 || read.Repox[0].Tool != "repo_read_file" || read.Saw == nil || len(read.Saw.Lines) != 3 || read.Saw.TotalLines != 3 || read.Saw.Lines[2].Text != "func main() {}" {
			t.Errorf("%s: read %+v saw %+v", shape, read.Repox, read.Saw)
		}
		if e := byID["call_2"]; len(e.Repox) != 1 || e.Repox[0].Tool != "repo_edit" || e.Compactions != 0 {
			t.Errorf("%s: edit %+v", shape, e)
		}
		if c := byID["call_4"]; c.Shell == nil || len(c.Repox) != 1 || c.Repox[0].Tool != "repo_read_file" {
			t.Errorf("%s: cat %+v", shape, c.Repox)
		}
		for _, id := range []string{"call_8", "call_9", "call_10"} {
			if c := byID[id]; !strings.Contains(c.NoEquivalent, "a ") || len(c.Repox) != 0 {
				t.Errorf("%s: %s %q", shape, id, c.NoEquivalent)
			}
		}
		if c := byID["call_11"]; !c.IsError || c.Compactions != 1 || !strings.Contains(c.Text, "File not found") {
			t.Errorf("%s: failed read %+v", shape, c)
		}
		if c := byID["call_12"]; !c.NoResult || !c.ResultPending || c.Compactions != 1 {
			t.Errorf("%s: running edit %+v", shape, c)
		}
		var kinds []string
		for _, c := range calls {
			for _, m := range rd.Messages(c) {
				kinds = append(kinds, string(m.Kind)+":"+m.Text)
			}
		}
		got := strings.Join(kinds, "|")
		for _, want := range []string{"user:Tidy main.go and add a note", "thinking:Read it first.", "assistant:Reading main.go.",
			"compaction:OpenCode compacted the context", "compaction:We tidied main.go.", "user:Now read gone.go"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: conversation %q lacks %q", shape, got, want)
			}
		}
		if strings.Contains(got, "Called the Read tool") {
			t.Errorf("%s: OpenCode's synthetic text shown as a prompt: %q", shape, got)
		}
	}
}

// A session of the database is the same stream as the storage's, so its
// title comes from the session record.
func TestOpenCodeTitle(t *testing.T) {
	for shape, key := range openCodeShapes(t, "/home/u/proj") {
		f, err := OpenTranscript(key)
		if err != nil {
			t.Fatal(err)
		}
		head, _ := io.ReadAll(f)
		f.Close()
		if got := SessionTitle(AgentOpenCode, head); got != "Tidy main.go" {
			t.Errorf("%s: title %q", shape, got)
		}
		checkDetected(t, shape, head, AgentOpenCode) // its own format alone
		noTitle := bytes.Replace(head, []byte(`"title":"Tidy main.go"`), []byte(`"title":"New session - 2026-01-02T03:04:05.000Z"`), 1)
		if got := SessionTitle(AgentOpenCode, noTitle); got != "Tidy main.go and add a note" {
			t.Errorf("%s: a placeholder title gives %q, want the first prompt", shape, got)
		}
	}
}

// OpenCode's own files, one at a time, are no transcript: a message's or
// a part's JSON is refused, not read as another agent's.
func TestOpenCodeRecordFilesAreNotTranscripts(t *testing.T) {
	for _, b := range []string{
		`{"id":"msg_1","sessionID":"ses_1","role":"user","time":{"created":1}}`,
		`{"id":"prt_1","sessionID":"ses_1","messageID":"msg_1","type":"tool","callID":"c","tool":"read","state":{"status":"completed","input":{},"output":"x"}}`,
		`{"id":"ses_1","projectID":"p","title":"t","directory":"/p","version":"0.15.0","time":{"created":1,"updated":1}}`,
	} {
		_, st, _ := ReadAll(strings.NewReader(b + "\n"))
		if st.Format != "" || st.NotTranscript == "" {
			t.Errorf("%s read as %q", b, st.Format)
		}
	}
}

// Keys: only a database's name with #<id>, or a session file in
// storage/session/<project>/, is an OpenCode session; other paths are
// files.
func TestOpenCodeKeys(t *testing.T) {
	for key, want := range map[string]bool{
		"/d/opencode.db#ses_1":                                       true,
		"/d/opencode-beta.db#ses_1":                                  true,
		"/d/other.db#ses_1":                                          false,
		"/d/opencode.db#ses/1":                                       false,
		"/d/opencode.db":                                             false,
		"/d/storage/session/p/ses_1.json":                            true,
		"/d/storage/message/ses_1/msg_1.json":                        false,
		"/d/sessions/session/p/ses_1.json":                           false,
		"/d/storage/session/p/ses_1.jsonl":                           false,
		"/home/u/.claude/projects/-p/ses_1.json":                     false,
		"/d/storage/session/p/ses 1; rm -rf ~.json":                  false,
		"/d/storage/session/p/" + strings.Repeat("a", 200) + ".json": false,
	} {
		if got := assembleOpenCode(key) != nil; got != want {
			t.Errorf("%s: an OpenCode session %v, want %v", key, got, want)
		}
	}
}

// A compaction part alone counts (the summary may not be written yet), a
// summary alone counts (OpenCode before compaction parts), and the two of
// one compaction count once.
func TestOpenCodeCompactions(t *testing.T) {
	head := `{"opencode":"session","id":"ses_1","directory":"/p"}` + "\n"
	msg := func(id, role string, summary bool) string {
		s := `{"opencode":"message","id":"` + id + `","info":{"role":"` + role + `"`
		if summary {
			s += `,"summary":true`
		}
		return s + "}}\n"
	}
	part := func(mid, body string) string {
		return `{"opencode":"part","id":"p","messageID":"` + mid + `","part":` + body + "}\n"
	}
	call := msg("m9", "assistant", false) + part("m9", `{"type":"tool","callID":"c","tool":"read","state":{"status":"completed","input":{"filePath":"/p/a"},"output":""}}`)
	compactPart := msg("m1", "user", false) + part("m1", `{"type":"compaction","auto":false}`)
	summary := msg("m2", "assistant", true) + part("m2", `{"type":"text","text":"so far"}`)
	for name, c := range map[string]struct {
		body string
		want int
	}{
		"part alone":        {compactPart, 1},
		"summary alone":     {summary, 1},
		"part then summary": {compactPart + summary, 1},
		"two":               {compactPart + summary + compactPart, 2},
	} {
		calls, _, err := ReadAll(strings.NewReader(head + c.body + call))
		if err != nil || len(calls) != 1 || calls[0].Compactions != c.want {
			t.Errorf("%s: %v, %+v; want %d compactions", name, err, calls, c.want)
		}
	}
}
