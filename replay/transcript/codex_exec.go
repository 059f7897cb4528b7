package transcript

import (
	"encoding/json"
	"strings"
)

// Codex's unified exec: exec_command runs a command for at most
// yield_time_ms; a command still running then answers with only the
// framing ("Process running with session ID N", "Output:" and what it
// printed so far), and the rest of its output comes in the results of
// later write_stdin {session_id: N} calls, the last one saying "Process
// exited with code …". Taking the first answer for the command's output
// made a read of a file look like a read of its first lines — or of
// nothing — and gave false changed-since-read and edit-unread findings.
// So the exec_command call waits, its text growing, until its process
// exits (or the turn ends, or the transcript does), and is then completed
// with the output of all its chunks; each write_stdin is listed as a call
// of its own that has no repox equivalent.

type unifiedExec struct {
	stdin   map[string]string   // write_stdin call id → its session id
	running map[string]*execRun // session id → the exec_command still running
}

type execRun struct {
	id string // the exec_command's call id
	// text is the results as the agent was shown them, joined by
	// newlines; body their output, framing removed. Each poll appends to
	// them: re-joining every chunk on every poll was quadratic (a 28 MB
	// rollout took 128 s to report, issue 43 item 7).
	text, body strings.Builder
}

// called notes a write_stdin call and says what it is.
func (u *unifiedExec) called(c *Call) {
	if c.AgentTool != "write_stdin" {
		return
	}
	var a struct {
		SessionID json.RawMessage `json:"session_id"`
		Chars     string          `json:"chars"`
	}
	json.Unmarshal(c.AgentArgs, &a)
	sid := strings.Trim(string(a.SessionID), `"`)
	c.NoEquivalent = "reads more output of the command running as session " + sid + "; joined to the exec_command that started it"
	if a.Chars != "" {
		c.NoEquivalent = "writes to the input of the command running as session " + sid
	}
	if c.ID == "" || sid == "" {
		return
	}
	if u.stdin == nil {
		u.stdin = map[string]string{}
	}
	u.stdin[c.ID] = sid
}

// output takes a result that belongs to a running command; handled: the
// result was kept (an exec_command still running) and needs nothing more.
func (u *unifiedExec) output(s *stream, callID, text, root string) (handled bool) {
	if p, ok := s.byID[callID]; ok && p.AgentTool == "exec_command" {
		h := execHeader(text)
		if !h.framed || h.exited || h.session == "" {
			return false
		}
		if u.running == nil {
			u.running = map[string]*execRun{}
		}
		run := &execRun{id: callID}
		run.text.WriteString(text)
		run.body.WriteString(h.body)
		u.running[h.session] = run
		p.Text = text
		s.progress(callID)
		return true
	}
	sid, ok := u.stdin[callID]
	if !ok {
		return false
	}
	delete(u.stdin, callID)
	run := u.running[sid]
	if run == nil {
		return false
	}
	h := execHeader(text)
	run.text.WriteByte('\n')
	run.text.WriteString(text)
	run.body.WriteString(h.body)
	full := run.text.String() // a view of the builder's bytes, not a copy
	if p, ok := s.byID[run.id]; ok {
		p.Text = full // what the agent has been shown so far
	}
	if h.framed && !h.exited {
		return false // still running
	}
	delete(u.running, sid)
	out := run.body.String()
	isErr := h.exited && h.code != 0
	s.result(run.id, func(c *Call) {
		c.Text, c.IsError = full, isErr
		if !isErr {
			c.Saw = shellSaw(c, out)
		}
	})
	return false
}
