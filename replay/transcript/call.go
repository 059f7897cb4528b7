// Package replay turns agent transcripts (repox's own call log, Claude Code
// session files, Codex rollouts, Gemini CLI sessions) into one stream of calls, maps each file
// tool call to the repox tool that asks the same question, re-runs the
// mapped calls in a scratch copy of the repository (never the person's
// working tree) and says, call by call, what the agent was shown then
// beside what repox shows now, and what the agent saw of each file.
//
// This face reads files outside the repository: the transcripts, under
// ~/.claude, ~/.codex, ~/.gemini and repox's state folder, or wherever the person
// points it. It never writes there.
package transcript

import (
	"encoding/json"
	"time"
)

// Agent names the program whose transcript a call came from.
type Agent string

const (
	AgentRepox  Agent = "repox"
	AgentClaude Agent = "claude-code"
	AgentCodex  Agent = "codex"
	AgentGemini Agent = "gemini-cli"
)

// ToolCall is one repox tool call: a tool name and its JSON arguments.
type ToolCall struct {
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
	// All: a replace-all edit; the re-run sets expected_count to the number
	// of occurrences in the scratch copy at that point.
	All bool `json:"all,omitempty"`
	// Tolerant: a Codex patch hunk, whose old lines Codex finds by its
	// tolerant passes (patch_seek.go): when old_string is not in the file
	// as written, the re-run seeks its lines the same way.
	Tolerant bool `json:"tolerant,omitempty"`
}

// Call is one tool call of an agent, as its transcript recorded it, with
// the repox call(s) that ask the same question.
type Call struct {
	Seq      int       `json:"seq"` // 1-based, in the order the agent made the calls
	ID       string    `json:"id,omitempty"`
	Time     time.Time `json:"time"`
	Agent    Agent     `json:"agent"`
	Subagent string    `json:"subagent,omitempty"` // Claude Code subagent id, "" for the main agent
	// Parent is the id of the Task call that started the subagent whose
	// call this is, when the subagent's own transcript was merged in.
	Parent string `json:"parent,omitempty"`
	// Session is the repox session id of a call-log record: one log (such
	// as `repox mcp --log`'s) holds the calls of many sessions, each with
	// its own gate. Empty for Claude Code and Codex (one session a file).
	Session   string          `json:"session,omitempty"`
	AgentTool string          `json:"agentTool"`
	AgentArgs json.RawMessage `json:"agentArgs"`

	// Repox holds the mapped calls (usually one; MultiEdit and multi-file
	// patches map to several). Empty when NoEquivalent says why.
	Repox        []ToolCall `json:"repox,omitempty"`
	NoEquivalent string     `json:"noEquivalent,omitempty"`
	// Approx says how the mapped call differs from the agent's request
	// (a regex searched as a fixed string, a filter repox does not have);
	// empty when the request is the same. Then/now differences are only
	// reported as findings for exact mappings.
	Approx string `json:"approx,omitempty"`

	Text     string `json:"text"` // exactly what the agent was shown
	IsError  bool   `json:"isError"`
	NoResult bool   `json:"noResult,omitempty"` // the transcript has no result (interrupted, or still running)
	// ResultPending: a NoResult call the transcript ends before answering
	// (without it, the session went on past the call: interrupted);
	// LastRecord is then the time of the transcript's latest record (zero:
	// its records have no times), which tells a live session's running
	// call from one stopped there (replay.NoResultText)
	ResultPending bool      `json:"resultPending,omitempty"`
	LastRecord    time.Time `json:"lastRecord,omitzero"`
	// NoResultWhy says why a call has no result when it is not that it
	// was interrupted or still runs ("Cursor does not record tool results")
	NoResultWhy string `json:"noResultWhy,omitempty"`
	// ResultUnrecorded: the call ran to its end and showed the agent its
	// answer, but the format keeps no results (Cursor CLI; the file an
	// Aider /add sends the model, which its history does not keep): the replay
	// takes repox's answer as what the agent saw, so that a read's lines
	// count as seen and an edit after it is not taken for an unread one
	ResultUnrecorded bool `json:"resultUnrecorded,omitempty"`

	// Compactions is how many times the session's context had been
	// compacted when the call was made (counted from the transcript's
	// start; a merged subagent's call takes its Task call's count): a call
	// whose count is higher than an earlier call's was made after the
	// earlier one's result left the context. KeptCalls: of the calls made
	// before the latest of those compactions, how many its context kept
	// (Pi keeps its latest entries whole; 0 for the others).
	Compactions int `json:"compactions,omitempty"`
	KeptCalls   int `json:"keptCalls,omitempty"`

	// Saw is what the result told the agent, parsed: read lines, listed
	// paths, cut markers. Nil when there is nothing to parse.
	Saw *Saw `json:"saw,omitempty"`

	Shell *shellPlan // how a mapped shell command's output is to be read
	// spawned: the agentId of the subagent this Task call started (its
	// transcript is merged by a Reader WithSubagents).
	spawned string
	// own: the call's number in its own transcript, before subagent calls
	// were merged in (Seq); the conversation is placed by it.
	own int
}

// Saw is the part of a result the findings are built on.
type Saw struct {
	// A read: the file and the lines shown, prefixes stripped.
	Path       string    `json:"path,omitempty"` // repo-relative (relative to the session's folder)
	Lines      []SawLine `json:"lines,omitempty"`
	TotalLines int       `json:"totalLines,omitempty"` // 0 when the agent was not told
	// A listing or search: the repo-relative paths shown.
	Paths []string `json:"paths,omitempty"`
	// Cut: the agent's result was cut; Counted: and it said how much was left out.
	Cut     bool `json:"cut,omitempty"`
	Counted bool `json:"counted,omitempty"`
	// Limit is the agent tool's cap that applied (Glob's 100, grep_files' limit).
	Limit int `json:"limit,omitempty"`
	// An edit: the SHA-256 and line count of the whole file as the agent's
	// tool found it before the change (Claude Code's originalFile), line
	// endings as LF.
	BeforeSHA   string `json:"beforeSha256,omitempty"`
	BeforeLines int    `json:"beforeLines,omitempty"`
	// AfterSHA: the same for the file as the change left it (line endings
	// as LF), when the transcript tells; AfterLines: its line count (a
	// repox log's lines_after). Following a live session, the file on disk
	// may already be that.
	AfterSHA   string `json:"afterSha256,omitempty"`
	AfterLines int    `json:"afterLines,omitempty"`

	// Prior: what a change's result says of the file before it (its whole
	// content, that it was created, the patch), to rebuild the session's
	// start state (rerun_start.go).
	Prior *PriorFile
}

// SawLine is one line the agent was shown.
type SawLine struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

// IsFileTool reports whether the call maps to at least one repox tool.
func (c Call) IsFileTool() bool { return len(c.Repox) > 0 }

func RawJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}
