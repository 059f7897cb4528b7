package transcript

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// TestAgent is an agent that exists only in the tests: its format is
// this one file and one registration (RegisterTestAgent, export_test.go),
// as a new agent's would be, so that a test shows discovery, detection,
// reading, titles and refusals all follow from registration alone
// (issue 40: a format that needs a change outside its own files means
// the registry is not finished).
//
// Its sessions live in TESTAGENT_HOME (default ~/.testagent)/sessions/
// <anything>.jsonl, one record a line: {"testagent":"start","session",
// "cwd","prompt","time"}, then {"testagent":"call","tool":"read","path",
// "text","time"} (a read, mapped onto repo_read_file) or any other tool
// (no equivalent). Its cousin, TestAgent Cloud, exports sessions in the
// same folder as {"testagent":"cloud-export",…}: known, never read.

// AgentTest is the test agent's Agent.
const AgentTest Agent = "testagent"

func registerTestAgent() {
	registerFormat(format{agent: AgentTest, shape: "a TestAgent session", title: "TestAgent", order: 90, sessionTitle: testAgentTitle,
		locate: locateTestAgent, where: testAgentWhere,
		probe: probeTestAgent, reader: func(s *stream) decoder { return &testAgentDecoder{s: s} }})
	registerFormat(format{shape: "a TestAgent Cloud export", order: 91, probe: probeTestAgentCloud})
}

func testAgentDir(e Env) string { return e.folder("TESTAGENT_HOME", ".testagent") }

func testAgentWhere(e Env, _ string) string { return filepath.Join(testAgentDir(e), "sessions") }

func locateTestAgent(f Finder) {
	dir := testAgentWhere(f.Env(), f.Dir())
	for _, e := range f.ListIfAny("TestAgent's sessions folder", dir) {
		p := filepath.Join(dir, e.Name())
		if !f.Done() && strings.HasSuffix(e.Name(), ".jsonl") && f.File(p, e) {
			f.Add(Candidate{Agent: AgentTest, Path: p})
		}
	}
}

func probeTestAgent(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		switch l.str("testagent") {
		case "start":
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, `a "testagent" start record`)}
		case "":
			return Answer{}
		}
		return Answer{Verdict: Unsure}
	})
}

func probeTestAgentCloud(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		if l.str("testagent") == "cloud-export" {
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, `a "testagent" cloud-export record`)}
		}
		return Answer{}
	})
}

type testAgentLine struct {
	Kind    string    `json:"testagent"`
	Session string    `json:"session"`
	Cwd     string    `json:"cwd"`
	Prompt  string    `json:"prompt"`
	Tool    string    `json:"tool"`
	Path    string    `json:"path"`
	Text    string    `json:"text"`
	Time    time.Time `json:"time"`
}

type testAgentDecoder struct{ s *stream }

func (d *testAgentDecoder) line(b []byte, n int, st *Stats) {
	var l testAgentLine
	if json.Unmarshal(b, &l) != nil {
		st.skip("line %d is not a TestAgent record", n)
		return
	}
	switch l.Kind {
	case "start":
		st.SessionID, st.Cwd = l.Session, l.Cwd
		st.at(l.Time)
	case "call":
		c := Call{Time: l.Time, Agent: AgentTest, AgentTool: l.Tool, AgentArgs: RawJSON(map[string]string{"path": l.Path}), Text: l.Text}
		if rel, err := filepath.Rel(st.Cwd, l.Path); l.Tool == "read" && err == nil && !strings.HasPrefix(rel, "..") {
			c.Repox = []ToolCall{{Tool: repoops.ToolRead, Args: RawJSON(map[string]string{"path": rel})}}
		} else {
			c.NoEquivalent = "TestAgent's " + strconv.Quote(l.Tool) + " has no repox equivalent"
		}
		d.s.add(c, true)
	default:
		st.Unknown++
	}
}

// testAgentTitle: the start record's prompt.
func testAgentTitle(head []byte) string {
	var out string
	headLines(head, func(b []byte) bool {
		var l testAgentLine
		if json.Unmarshal(b, &l) == nil && l.Kind == "start" {
			out = l.Prompt
		}
		return out != ""
	})
	return out
}
