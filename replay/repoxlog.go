package replay

import (
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
	if repoxTool(w.Tool) {
		c.Repox = []ToolCall{{Tool: w.Tool, Args: args}}
	} else {
		c.NoEquivalent = "not a repox tool"
	}
	if !w.IsError && repoxTool(w.Tool) {
		structured, _ := w.Structured.(json.RawMessage)
		c.Saw = repoxSaw(w.Tool, args, structured, w.Text)
	}
	d.s.add(c, true)
}
