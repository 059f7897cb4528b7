package transcript

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The real Aider histories kept in testdata: aider's own (diff edit
// format) and mozgoslav's (whole edit format, thinking, no edit).
const (
	aiderSample     = "aider/aider-ai-aider/chat-history.EXCERPT.md"
	aiderMozgoslav  = "aider/mozgoslav/aider.chat.history.EXCERPT.md"
	aiderRepoSample = "aider/utils.py"
)

// The real history: each SEARCH/REPLACE block one call, counted without
// the reader, paired with its "Applied edit to" line; every run said.
func TestAiderSampleCalls(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, aiderSample))
	if err != nil {
		t.Fatal(err)
	}
	blocks := len(regexp.MustCompile(`(?m)^<<<<<<< SEARCH$`).FindAll(b, -1))
	applied := len(regexp.MustCompile(`(?m)^> Applied edit to `).FindAll(b, -1))
	runs := len(regexp.MustCompile(`(?m)^# aider chat started at `).FindAll(b, -1))
	added := len(regexp.MustCompile(`(?m)^> Added \S+ to the chat`).FindAll(b, -1))
	calls, said, st := readWithTalk(t, b)
	if st.Format != AgentAider || st.Calls != blocks+added || st.FileCalls != blocks+added || len(calls) != blocks+added || applied != blocks || added != 1 ||
		st.Skipped != 0 || st.Unknown != 0 || st.Pending != 0 || st.Cwd != "" || !st.Started.IsZero() {
		t.Fatalf("stats %+v, %d calls; counted %d blocks, %d applied", st, len(calls), blocks, applied)
	}
	if c := calls[0]; c.AgentTool != "/add" || c.Repox[0].Tool != "repo_read_file" || c.Approx == "" {
		t.Errorf("the file added to the chat: %+v", c)
	}
	c := calls[1]
	a := repoxArgs(t, c, 0)
	if c.AgentTool != "SEARCH/REPLACE" || c.Repox[0].Tool != "repo_edit" || a["path"] != aiderRepoSample || c.Text != "Applied edit to aider/utils.py" || c.NoResult || c.IsError ||
		!strings.HasPrefix(a["old_string"].(string), "def run_install(cmd):\n    print()\n") || !strings.HasSuffix(a["new_string"].(string), "    return False, output\n") ||
		!c.Time.IsZero() {
		t.Errorf("the edit: %+v %v", c, a)
	}
	kinds := map[MessageKind]int{}
	for _, m := range said {
		kinds[m.Kind]++
	}
	if kinds[MessageCompaction] != runs-1 || kinds[MessageUser] != 5 || kinds[MessageAssistant] != 2 || said[1].Text != "Use the Spinner instead of the inlined custom spinner" {
		t.Errorf("conversation %v, second %+v", kinds, said[1])
	}
	if st.Passed["aider output line"] == 0 {
		t.Errorf("passed %v", st.Passed)
	}
	if got := SessionTitle(AgentAider, b); got != "Use the Spinner instead of the inlined custom spinner" {
		t.Errorf("title %q", got)
	}
	// mozgoslav's: no edit, thinking folded, aider's questions answered
	b, err = os.ReadFile(repotest.Transcript(t, aiderMozgoslav))
	if err != nil {
		t.Fatal(err)
	}
	calls, said, st = readWithTalk(t, b)
	kinds = map[MessageKind]int{}
	for _, m := range said {
		kinds[m.Kind]++
	}
	if st.Format != AgentAider || len(calls) != 0 || kinds[MessageThinking] != 3 || kinds[MessageUser] != 4 || st.Passed["aider question answered"] != 6 {
		t.Errorf("mozgoslav: %d calls, %v, %+v", len(calls), kinds, st)
	}
	for _, m := range said {
		if strings.Contains(m.Text, "thinking-content-") {
			t.Errorf("a thinking tag left in %+v", m)
		}
	}
}

// A hand-made history with what the real ones lack: a new file, a block
// that failed to match, a block whose path leads out, a whole-file reply,
// commands run.
func TestAiderEditsAndCommands(t *testing.T) {
	body := "\n# aider chat started at 2026-01-02 03:04:05\n\n" +
		"> Model: gpt-4o with diff edit format  \n\n" +
		"#### add a greeter and fix main  \n\n" +
		"Here:\n\ngreet.py\n```python\n<<<<<<< SEARCH\n=======\ndef greet():\n    return \"hi\"\n>>>>>>> REPLACE\n```\n\n" +
		"main.py\n```python\n<<<<<<< SEARCH\n# > not a quote\n#### not a prompt\n...\n=======\nprint(greet())\n>>>>>>> REPLACE\n```\n\n" +
		"../etc/passwd\n```\n<<<<<<< SEARCH\nroot\n=======\nme\n>>>>>>> REPLACE\n```\n\n" +
		"> Applied edit to greet.py  \n" +
		"> The LLM did not conform to the edit format.  \n" +
		"> # 1 SEARCH/REPLACE block failed to match!  \n\n" +
		"#### /run pytest -q  \n\n" +
		"> Running pytest -q  \n" +
		"> Add command output to the chat? (Y)es/(N)o [Yes]: n  \n\n" +
		"# aider chat started at 2026-01-02 04:00:00\n\n" +
		"> Model: gpt-4o-mini with whole edit format  \n\n" +
		"#### write hello.txt  \n\n" +
		"hello.txt\n```\nhello\n```\n\n" +
		"> Applied edit to hello.txt  \n\n" +
		"#### run it  \n\n" +
		"```bash\ncat hello.txt\n```\n\n" +
		"> Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: y  \n" +
		"> Running cat hello.txt  \n"
	calls, said, st := readWithTalk(t, []byte(body))
	var got []string
	for _, c := range calls {
		s := c.AgentTool + " "
		if c.IsFileTool() {
			s += c.Repox[0].Tool
		} else {
			s += "-"
		}
		if c.IsError {
			s += " error"
		}
		if c.NoResult {
			s += " noresult"
		}
		got = append(got, s)
	}
	want := []string{"SEARCH/REPLACE repo_write", "SEARCH/REPLACE repo_edit error", "SEARCH/REPLACE - error", "/run - noresult",
		"whole file repo_write", "run - noresult"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") || st.Orphans != 0 {
		t.Fatalf("calls %v\nwant  %v\n%+v", got, want, st)
	}
	if a := repoxArgs(t, calls[0], 0); a["path"] != "greet.py" || a["content"] != "def greet():\n    return \"hi\"\n" || calls[0].Approx == "" {
		t.Errorf("the new file: %v %q", a, calls[0].Approx)
	}
	if a := repoxArgs(t, calls[1], 0); a["old_string"] != "# > not a quote\n#### not a prompt\n...\n" || !strings.Contains(calls[1].Approx, "...") {
		t.Errorf("the block with quoted lines: %v", a)
	}
	if !strings.Contains(calls[2].NoEquivalent, "outside the repository") {
		t.Errorf("../etc/passwd: %+v", calls[2])
	}
	if a := repoxArgs(t, calls[4], 0); a["path"] != "hello.txt" || a["content"] != "hello\n" || calls[4].Text != "Applied edit to hello.txt" {
		t.Errorf("the whole file: %v %+v", a, calls[4])
	}
	if !strings.Contains(calls[3].NoEquivalent, "not in the chat history") || !strings.Contains(string(calls[5].AgentArgs), "cat hello.txt") {
		t.Errorf("commands: %+v %+v", calls[3], calls[5])
	}
	turns := 0
	for _, m := range said {
		if m.Kind == MessageUser {
			turns++
		}
	}
	if turns != 4 {
		t.Errorf("%d prompts: %+v", turns, said)
	}
}

// The probe takes aider's run line with its date and time, anywhere in
// the head; Markdown that only looks like it is no transcript.
func TestAiderProbe(t *testing.T) {
	for _, c := range []struct {
		body string
		yes  bool
	}{
		{"# aider chat started at 2026-01-02 03:04:05\n", true},
		{"-*- mode: fundamental -*-\n> Tokens: 1k sent\n\n# aider chat started at 2024-08-05 19:33:02\n", true},
		{"# aider chat started at some point\n#### hi\n", false},
		{"# README\n\n#### not a prompt\n> a quote\n", false},
		{"```\n# aider chat started at 2026-01-02 03:04:05 and more\n```\n", false},
	} {
		_, f, a := headOf([]byte(c.body))
		if (f != nil && f.agent == AgentAider) != c.yes {
			t.Errorf("%q: %+v %+v", c.body, f, a)
		}
	}
	_, st, err := ReadAll(strings.NewReader("# README\n\nSome text.\n"))
	if err == nil || st.Format != "" || !strings.Contains(err.Error(), `its first line is not JSON (it starts "# README")`) {
		t.Errorf("a README: %v %+v", err, st)
	}
}

// Aider's history was refused by name before it had a reader: its one
// registration makes it read.
func TestAiderIsOneRegistration(t *testing.T) {
	body := "\n# aider chat started at 2026-01-02 03:04:05\n\n> /home/u/.local/bin/aider a.go\n> Aider v0.86.1\n\n#### fix a.go\n\n" +
		"a.go\n```go\n<<<<<<< SEARCH\npackage a\n=======\npackage b\n>>>>>>> REPLACE\n```\n\n> Applied edit to a.go  \n"
	// a block cut short (aider stopped mid-reply) ends at the next run
	cut := "# aider chat started at 2026-01-02 03:04:05\n\n#### fix a.go\n\na.go\n```go\n<<<<<<< SEARCH\npackage a\n" +
		"\n# aider chat started at 2026-01-02 03:10:00\n\n#### /run make\n"
	calls, said, _ := readWithTalk(t, []byte(cut))
	if len(calls) != 1 || calls[0].AgentTool != "/run" || len(said) != 4 || said[2].Kind != MessageCompaction {
		t.Errorf("a block cut short: %+v %+v", calls, said)
	}
	checkOneRegistration(t, AgentAider, ".aider.chat.history.md", body, "Aider", 1)
}
