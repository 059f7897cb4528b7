package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// repoxDecoder reads repox's own call log: repoops.CallRecord lines, as
// `repox call --batch` prints them and `repox mcp --log` appends them.
// Each record is a complete call.
type repoxDecoder struct{ s *stream }

func (d *repoxDecoder) line(b []byte, n int, st *Stats) {
	w, err := repoops.UnmarshalCallRecord(b)
	switch {
	case errors.Is(err, repoops.ErrCallRecordNoTool):
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " names no tool"
		return
	case err != nil:
		st.skip("line %d %s", n, strings.TrimPrefix(err.Error(), repoops.ErrNotACallRecord.Error()+": "))
		return
	}
	if st.SessionID == "" {
		st.SessionID = w.Session
	}
	args := w.Args
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	c := Call{Time: w.Time.UTC(), Agent: AgentRepox, Session: w.Session, AgentTool: w.Tool, AgentArgs: args, Text: w.Text, IsError: w.IsError}
	if w.Time.IsZero() {
		c.Time = time.Time{}
	}
	cutArgs, cutResult := logCutOf(b)
	switch {
	case !repoxTool(w.Tool):
		c.NoEquivalent = "not a repox tool"
	case cutArgs:
		// the arguments in the log are not the ones the call ran with (a
		// repo_write's content cut to 4 KiB): re-running them would write
		// or ask something else
		c.NoEquivalent = LogCutArgs
	default:
		c.Repox = []ToolCall{{Tool: w.Tool, Args: args}}
	}
	if !w.IsError && repoxTool(w.Tool) && !cutArgs && !cutResult {
		structured, _ := w.Structured.(json.RawMessage)
		c.Saw = repoxSaw(w.Tool, args, structured, w.Text)
	}
	d.s.add(c, true)
}

// LogCutArgs is what a call-log record whose arguments `repox mcp --log`
// cut says instead of being replayed.
const LogCutArgs = "the log cut this call's arguments; not replayed"

// logCutOf says whether the call log cut this record's arguments, or its
// text or structured result (mcpserver cuts a line over 1 MiB and adds a
// "logCut" object with the whole sizes).
func logCutOf(line []byte) (args, result bool) {
	if !bytes.Contains(line, []byte(`"logCut"`)) {
		return false, false
	}
	var rec struct {
		Cut *struct {
			Args       int `json:"args"`
			Text       int `json:"text"`
			Structured int `json:"structured"`
		} `json:"logCut"`
	}
	if json.Unmarshal(line, &rec) != nil || rec.Cut == nil {
		return false, false
	}
	return rec.Cut.Args > 0, rec.Cut.Text > 0 || rec.Cut.Structured > 0
}
