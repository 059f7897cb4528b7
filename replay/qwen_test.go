package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// qwenSample is the hand-made Qwen Code session kept in testdata.
const qwenSample = "qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl"

var qwenSampleRepo = map[string]string{
	"src/greet.go":      "package greet\n\nfunc Greet(name string) string {\n\treturn \"Hello, \" + name\n}\n",
	"src/greet_test.go": "package greet\n\nimport \"testing\"\n\nfunc TestGreet(t *testing.T) {\n\tif got := Greet(\"Ann\"); got != \"Hello, Ann\" {\n\t\tt.Errorf(\"got %q, want %q\", got, \"Hello, Ann\")\n\t}\n}\n",
}

// countQwenCalls counts the functionCall parts of assistant records
// without the reader, and of those the ones of Gemini's file tools.
func countQwenCalls(t *testing.T, b []byte) (calls, fileCalls int) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			Type    string `json:"type"`
			Message struct {
				Parts []struct {
					FunctionCall *struct{ Name string } `json:"functionCall"`
				} `json:"parts"`
			} `json:"message"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Message.Parts {
			if p.FunctionCall == nil || r.Type != "assistant" {
				continue
			}
			calls++
			switch p.FunctionCall.Name {
			case "read_file", "write_file", "edit", "glob", "grep_search", "list_directory":
				fileCalls++
			}
		}
	}
	return
}

func readWithTalk(t *testing.T, b []byte) ([]transcript.Call, []transcript.Message, transcript.Stats) {
	t.Helper()
	r := transcript.NewReader(bytes.NewReader(b)).WithConversation()
	var calls []transcript.Call
	var said []transcript.Message
	for {
		c, err := r.Next()
		if err != nil {
			break
		}
		said = append(said, r.Messages(c)...)
		calls = append(calls, c)
	}
	return calls, append(said, r.Messages(transcript.Call{})...), r.Stats()
}

func TestQwenSampleCalls(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, qwenSample))
	if err != nil {
		t.Fatal(err)
	}
	wantCalls, wantFile := countQwenCalls(t, b)
	calls, said, st := readWithTalk(t, b)
	if st.Format != transcript.AgentQwen || st.Calls != wantCalls || st.FileCalls != wantFile || len(calls) != wantCalls || st.Cwd != "/home/u/proj" ||
		st.GitBranch != "main" || st.Orphans != 0 || st.Unknown != 0 || st.Pending != 0 {
		t.Fatalf("stats %+v, %d calls; counted %d, %d file calls", st, len(calls), wantCalls, wantFile)
	}
	tools := []string{}
	for _, c := range calls {
		tools = append(tools, c.AgentTool)
		if c.NoResult {
			t.Errorf("call %s has no result", c.ID)
		}
	}
	if strings.Join(tools, " ") != "grep_search read_file edit run_shell_command todo_write" || !calls[3].IsError || calls[2].Repox[0].Tool != "repo_edit" {
		t.Errorf("calls %v %+v", tools, calls)
	}
	kinds := map[transcript.MessageKind]int{}
	for _, m := range said {
		kinds[m.Kind]++
	}
	if kinds[transcript.MessageUser] != 1 || kinds[transcript.MessageThinking] != 1 || kinds[transcript.MessageAssistant] != 2 || kinds[transcript.MessageCompaction] != 1 {
		t.Errorf("conversation %v", kinds)
	}
}

// The sample replayed in a project as it was before the session: the
// search, the read and the edit ask the same questions now.
func TestQwenSampleReplay(t *testing.T) {
	root := gitRepo(t, qwenSampleRepo)
	b, err := os.ReadFile(repotest.Transcript(t, qwenSample))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format      qwen-code, session 5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37",
		"now   ok: src/greet.go — lines 1-5 of 5", "now   ok: edited src/greet.go: 1 replacement at line 4",
		"compacted   09:00:11", "no repox equivalent: a task-list tool",
		"5 calls: 3 with a repox equivalent, 2 without; 0 findings", "read 15 lines; skipped 0; 0 records of unknown types; 0 results without a call"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// Discovery under a fake HOME: projects/<the folder's name>/chats and
// those of folders inside it, matched on the recorded cwd; a linked chats
// folder is passed over, said.
func TestDiscoverQwenSessions(t *testing.T) {
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	b, err := os.ReadFile(repotest.Transcript(t, qwenSample))
	if err != nil {
		t.Fatal(err)
	}
	projects := filepath.Join(home, ".qwen", "projects")
	put := func(p, cwd string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(cwd)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(filepath.Join(projects, claudeProjectName(root), "chats", "a.jsonl"), root)
	put(filepath.Join(projects, claudeProjectName(root)+"-sub", "chats", "b.jsonl"), root+"/sub")
	put(filepath.Join(projects, claudeProjectName(root)+"-x", "chats", "c.jsonl"), root+"-x") // shares the name's start only
	put(filepath.Join(projects, "-elsewhere", "chats", "d.jsonl"), "/elsewhere")
	put(filepath.Join(elsewhere, "chats", "e.jsonl"), root)
	linked := filepath.Join(projects, claudeProjectName(root)+"-linked")
	os.MkdirAll(linked, 0o755)
	if err := os.Symlink(filepath.Join(elsewhere, "chats"), filepath.Join(linked, "chats")); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	d, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 2 {
		t.Fatalf("sessions %+v", d.Sessions)
	}
	for _, s := range d.Sessions {
		if s.Agent != transcript.AgentQwen || s.Calls != 5 || s.FileCalls != 3 || s.Title != "Greet with Hi" {
			t.Errorf("session %+v", s)
		}
	}
	passed := strings.Join(d.Passed, "\n")
	if !strings.Contains(passed, repoops.QuoteName(filepath.Join(linked, "chats"))+" was not read: a symbolic link") || len(d.Passed) != 1 {
		t.Errorf("passed over:\n%s", passed)
	}
}
