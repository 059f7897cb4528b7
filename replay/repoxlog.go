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
	if structured, ok := w.Structured.(json.RawMessage); ok && !w.IsError {
		c.Saw = repoxSaw(w.Tool, args, structured)
	}
	d.s.add(c, true)
}

// repoxSaw reads what a repox result showed from its structured form.
func repoxSaw(tool string, args, structured json.RawMessage) *Saw {
	if len(structured) == 0 {
		return nil
	}
	switch tool {
	case "repo_read_file":
		var a struct {
			Path string `json:"path"`
		}
		json.Unmarshal(args, &a)
		var r struct {
			TotalLines int `json:"total_lines"`
			Lines      []struct {
				N    int    `json:"n"`
				Text string `json:"text"`
			} `json:"lines"`
		}
		if json.Unmarshal(structured, &r) != nil {
			return nil
		}
		saw := &Saw{Path: a.Path, TotalLines: r.TotalLines}
		for _, l := range r.Lines {
			saw.Lines = append(saw.Lines, SawLine{N: l.N, Text: l.Text})
		}
		return saw
	case "repo_find":
		var r struct {
			Matches []string `json:"matches"`
			Total   int      `json:"total"`
			Limit   int      `json:"limit"`
		}
		if json.Unmarshal(structured, &r) != nil {
			return nil
		}
		return &Saw{Paths: r.Matches, Cut: r.Total > len(r.Matches), Counted: true, Limit: r.Limit}
	}
	return nil
}
