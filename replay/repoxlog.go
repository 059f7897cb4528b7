package replay

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// repoxDecoder reads repox's own call log: repoops.CallRecord lines, as
// `repox call --batch` prints them and `repox mcp --log` appends them.
// Each record is a complete call.
type repoxDecoder struct{ s *stream }

type repoxWire struct {
	V          *int            `json:"v"`
	Time       time.Time       `json:"time"`
	Session    string          `json:"session"`
	Tool       string          `json:"tool"`
	Args       json.RawMessage `json:"args"`
	IsError    bool            `json:"isError"`
	Text       string          `json:"text"`
	Structured json.RawMessage `json:"structured"`
}

func (d *repoxDecoder) line(b []byte, n int, st *Stats) {
	var w repoxWire
	if err := json.Unmarshal(b, &w); err != nil {
		st.skip("line %d is not JSON: %v", n, err)
		return
	}
	if w.Tool == "" {
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " names no tool"
		return
	}
	if w.V != nil && *w.V > repoops.CallRecordVersion {
		st.skip("line %d has record version %d; this repox reads up to %d", n, *w.V, repoops.CallRecordVersion)
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
	if !w.IsError {
		c.Saw = repoxSaw(w.Tool, args, w.Structured)
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
