package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"time"
)

// claudeDecoder reads Claude Code session files: one record per line; a
// call is an assistant content block {type:"tool_use", id, name, input},
// its result a later user record's {type:"tool_result", tool_use_id,
// content, is_error}, often with a structured toolUseResult. Pairing is on
// the id, never by position.
type claudeDecoder struct {
	s       *stream
	seenUse map[string]bool // tool_use ids already queued (a message split over lines may repeat blocks)
}

type ccLine struct {
	Type          string     `json:"type"`
	Cwd           string     `json:"cwd"`
	GitBranch     string     `json:"gitBranch"`
	SessionID     string     `json:"sessionId"`
	AgentID       string     `json:"agentId"`
	IsSidechain   bool       `json:"isSidechain"`
	Timestamp     string     `json:"timestamp"`
	Message       *ccMessage `json:"message"`
	ToolUseResult rawRef     `json:"toolUseResult"` // decoded when needed (claude_lazy.go)
}

type ccMessage struct {
	ID      string `json:"id"`
	Role    string `json:"role"`
	Content rawRef `json:"content"` // blocks, decoded within a budget (messageBlocks)
}

// toolMarkers: a line without one of these holds no call or result; once
// the session's id, folder and start are known it is not decoded at all
// (most of a transcript's bytes are text, thinking and progress records).
var toolMarkers = [][]byte{[]byte(`"tool_use"`), []byte(`"tool_result"`), []byte(`"tool_use_id"`)}

func hasToolMarker(b []byte) bool {
	for _, m := range toolMarkers {
		if bytes.Contains(b, m) {
			return true
		}
	}
	return false
}

type ccBlock struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   rawRef          `json:"content"` // a string or a list of blocks: decoded when needed (blockText)
	IsError   bool            `json:"is_error"`
}

func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

func (d *claudeDecoder) line(b []byte, n int, st *Stats) {
	if d.s.convo.on {
		claudeConversation(d.s, b) // before the line's calls: its text came first
	}
	if claudeCompaction(b) {
		d.s.compacted(0)
	}
	if st.SessionID != "" && st.Cwd != "" && !st.Started.IsZero() && !hasToolMarker(b) {
		d.headOnly(b, n, st)
		return
	}
	// One decoding pass per line. Values of another shape than the
	// fields (a prompt's content is a string, an error's toolUseResult is
	// a string) are left empty: json reports them as type errors after
	// decoding everything else.
	var l ccLine
	if err := json.Unmarshal(b, &l); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			st.skip("line %d is not JSON: %v", n, err)
			return
		}
	}
	if !claudeTypes[l.Type] {
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " has record type " + strconv.Quote(l.Type) + ", which this reader does not know"
		return
	}
	if st.SessionID == "" && l.SessionID != "" {
		st.SessionID = l.SessionID
	}
	if l.Cwd != "" && st.Cwd == "" {
		st.Cwd = l.Cwd
	}
	if l.GitBranch != "" && st.GitBranch == "" {
		st.GitBranch = l.GitBranch
	}
	ts := parseTime(l.Timestamp)
	if st.Started.IsZero() && !ts.IsZero() {
		st.Started = ts
	}
	st.at(ts)
	if l.Message == nil || (l.Type != "user" && l.Type != "assistant") {
		return
	}
	d.lineBlocks(&l, ts, n, st)
}

// headOnly is line's fast path, split from it because most lines take it:
// once the session's id, folder and start are known, a line with no call
// or result needs only its record type (to count unknown ones) and time.
func (d *claudeDecoder) headOnly(b []byte, n int, st *Stats) {
	// no call or result here: only its record type is needed, to count
	// unknown ones; a light decode that keeps no strings
	var head struct {
		Type        string `json:"type"`
		IsSidechain bool   `json:"isSidechain"`
		Timestamp   string `json:"timestamp"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		st.skip("line %d is not JSON: %v", n, err)
	} else if !claudeTypes[head.Type] {
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " has record type " + strconv.Quote(head.Type) + ", which this reader does not know"
	} else {
		st.at(parseTime(head.Timestamp))
		if head.Type == "user" && !head.IsSidechain {
			d.s.userTurn() // a prompt: calls still unanswered will not be (pairing.go)
		}
	}
}

// lineBlocks adds a user or assistant line's calls and pairs its results:
// line's per-block step, split from its per-line bookkeeping (the
// session's id, folder, branch and times).
func (d *claudeDecoder) lineBlocks(l *ccLine, ts time.Time, n int, st *Stats) {
	blocks, left := messageBlocks(l.Message.Content)
	if left {
		st.skip("line %d: a message of more than %d content blocks; the rest were not read", n, maxMessageBlocks)
	}
	// paths map to the session's first folder (the root the replay
	// compares with); relative paths are taken from this line's folder,
	// which moves when the agent changes directory
	root, wd := st.Cwd, l.Cwd
	sub := ""
	if l.IsSidechain {
		sub = l.AgentID
	}
	results := 0
	for _, bl := range blocks {
		if bl.Type == "tool_result" {
			results++
		}
	}
	if l.Type == "user" && results == 0 && !l.IsSidechain {
		d.s.userTurn() // a prompt: calls still unanswered will not be (pairing.go)
	}
	for _, bl := range blocks {
		switch bl.Type {
		case "tool_use":
			if bl.ID == "" || d.seenUse[bl.ID] {
				continue
			}
			d.seenUse[bl.ID] = true
			c := Call{ID: bl.ID, Time: ts, Agent: AgentClaude, Subagent: sub, AgentTool: bl.Name, AgentArgs: bl.Input}
			mapClaude(&c, root, wd)
			d.s.add(c, false)
		case "tool_result":
			isErr := bl.IsError
			if d.s.summary {
				spawned := ""
				if results == 1 {
					spawned = agentIDOf(l.ToolUseResult)
				}
				d.s.result(bl.ToolUseID, func(c *Call) { c.IsError = isErr; c.spawned = taskAgent(c, spawned) }) // paired, not decoded
				continue
			}
			var tur *ccReadResult
			if results == 1 { // several results in one record: the structured one is ambiguous
				tur = structured(l.ToolUseResult)
			}
			text := blockText(bl.Content)
			d.s.result(bl.ToolUseID, func(c *Call) {
				c.Text, c.IsError = text, isErr
				if tur != nil && taskAgent(c, tur.AgentID) != "" {
					c.spawned = tur.AgentID // merged by a Reader WithSubagents (subagents.go)
					c.NoEquivalent = "a subagent task; its own calls are in " + st.SessionID + "/subagents/agent-" + tur.AgentID + ".jsonl beside this session's file"
				}
				if !isErr {
					c.Saw = claudeSaw(c, tur, root, wd)
				}
			})
		}
	}
}
