package sessions

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Following the chosen session: the calls the transcript grows by, replayed
// one Step at a time, in order; the selected call's marks and jump.

// onUpdate takes the calls the transcript grew by and queues their replay.
func (p *Pane) onUpdate(msg followUpdateMsg) tea.Cmd {
	if msg.closed {
		p.ended = "following stopped"
		if msg.err != nil {
			p.ended += ": " + msg.err.Error()
		}
		return nil
	}
	u := msg.upd
	if u.Stats.NotTranscript != "" {
		// refused as the report refuses it: a file of an agent repox does
		// not read is never followed as another agent's, at "no calls yet"
		p.runErr, p.stats = u.Stats.NotTranscript, u.Stats
		return p.run.closeCmd()
	}
	if u.Reset {
		p.calls, p.next, p.cur, p.top, p.diffAt, p.tail = nil, 0, 0, 0, -1, nil
		p.resetNext, p.follow = true, true
		p.seen = map[string][]replay.FileSeen{}
		p.counts = replay.Counts{}
	}
	p.stats = u.Stats
	if u.Grew {
		p.grew = p.now() // a sign of life where records have no times (live.go)
	}
	if p.chosen.ID == "" && u.Stats.SessionID != "" && u.Stats.Format != transcript.AgentRepox {
		p.chosen.ID = u.Stats.SessionID
		p.marks.Label = sessionLabel(*p.chosen)
	}
	if p.chosen.Agent == "" {
		p.chosen.Agent = u.Stats.Format
	}
	for i, c := range u.Calls {
		if u.Said != nil {
			p.tail = append(p.tail, u.Said[i]...)
		}
		if p.run.filter != "" && c.Session != p.run.filter {
			continue
		}
		p.calls = append(p.calls, sessionCall{call: c, said: p.tail, diff: replay.CallDiff(c)})
		p.tail = nil
	}
	if u.Said != nil {
		p.tail = append(p.tail, u.Said[len(u.Calls)]...)
	}
	if p.follow && len(p.calls) > 0 {
		p.cur = len(p.calls) - 1
		p.clamp()
	}
	p.landOnHit()
	return tea.Batch(p.run.wait(p.gen), p.pump())
}

// pump starts the replay of the next call unless one is in flight: a
// chain, one Step per message, so the Replayer is used in order.
func (p *Pane) pump() tea.Cmd {
	if p.stepping || p.run == nil || p.next >= len(p.calls) {
		return nil
	}
	i := p.next
	p.next++
	p.stepping = true
	reset := p.resetNext
	p.resetNext = false
	return p.run.step(p.gen, i, p.calls[i].call, reset, p.next == len(p.calls), i == p.cur, p.view(), p.stats.GitBranch)
}

func (p *Pane) onStep(msg stepMsg) tea.Cmd {
	p.stepping = false
	if msg.err != nil {
		p.runErr = msg.err.Error()
		return nil
	}
	if msg.i >= len(p.calls) {
		return p.pump()
	}
	if msg.start != nil && p.start == nil {
		p.start = msg.start
	}
	sc := &p.calls[msg.i]
	st := msg.step
	if sc.step == nil {
		p.counts.Add(st)
	}
	sc.step, sc.then, sc.now = &st, nil, nil
	sc.slim()
	if msg.i == p.cur && msg.then != nil {
		sc.then, sc.now = msg.then, msg.now // selectCall below holds them
	}
	var cmds []tea.Cmd
	if msg.snap {
		p.seen[msg.sessionKey] = msg.seen
		if msg.view == p.view() && p.gatePath != "" {
			p.gate = &agentGateMsg{view: msg.view, session: msg.sessionKey, verdict: msg.gate, disk: msg.disk, ok: true}
		} else if p.gatePath != "" {
			cmds = append(cmds, p.askGate())
		}
		p.refreshMarks()
	}
	if p.atFinding && p.follow && len(st.Flags) > 0 {
		p.atFinding, p.follow = false, false
		p.cur = msg.i
		p.clamp()
	}
	if msg.i == p.cur {
		cmds = append(cmds, p.selectCall())
	}
	return tea.Batch(append(cmds, p.pump())...)
}

// sessionKey is the repox session whose horizon and gate are shown: the
// selected call's.
func (p *Pane) sessionKey() string {
	if sc := p.selected(); sc != nil {
		return sc.call.Session
	}
	return ""
}

func (p *Pane) refreshMarks() {
	if p.marks == nil {
		return
	}
	key := p.sessionKey()
	p.marks.SetFiles(fileMarks(p.seen[key]))
	p.attachDisk(key)
	if p.run != nil {
		p.marks.Replayed = replayedReader{run: p.run, key: key}
	}
	if key != "" && p.chosen != nil && p.chosen.Agent == transcript.AgentRepox {
		p.marks.Label = "agent session " + key
	}
}

// selectCall marks the selected call's region and jumps the tree and the
// viewer to it.
func (p *Pane) selectCall() tea.Cmd {
	p.dtop = 0
	p.holdDiff()
	sc := p.selected()
	if sc == nil || sc.step == nil || p.marks == nil {
		return nil
	}
	p.refreshMarks()
	st := sc.step
	p.marks.RegionPath, p.marks.Region = st.Path, lines(st.Lines)
	path, line := st.Path, 0
	if len(st.Lines) > 0 {
		line = st.Lines[0].From
	}
	if path == "" && changed(st) {
		// a change the replay could not apply (a live agent's edit is
		// already in the tree): still show the file it changed
		path = argPath(st.Call.Repox[0].Args)
	}
	if path == "" || p.c.Jump == nil {
		return nil
	}
	return p.c.Jump(path, line, changed(st))
}

// argPath is the path argument of a repox call.
func argPath(args json.RawMessage) string {
	var a struct {
		Path string `json:"path"`
	}
	json.Unmarshal(args, &a)
	return a.Path
}

// changed: the step is a change the agent made that landed (a live
// agent's edit is on disk now: the viewer reads the file again).
func changed(st *replay.Step) bool {
	if st.Call.IsError {
		return false
	}
	for _, tc := range st.Call.Repox {
		switch tc.Tool {
		case repoops.ToolEdit, repoops.ToolInsert, repoops.ToolWrite:
			return true
		}
	}
	return false
}

func (p *Pane) selected() *sessionCall {
	if p.chosen == nil || p.cur < 0 || p.cur >= len(p.calls) {
		return nil
	}
	return &p.calls[p.cur]
}

// fileMarks is the replay's horizon as the pane contract's marks.
func fileMarks(fs []replay.FileSeen) map[string]pane.FileMarks {
	out := make(map[string]pane.FileMarks, len(fs))
	for _, f := range fs {
		out[f.Path] = pane.FileMarks{Read: lines(f.Read), Edited: lines(f.Edited), EditedUnread: lines(f.EditedUnread), Listed: f.Listed, Written: f.Written,
			Forgotten: lines(f.Forgotten), CompactedAt: f.CompactedAt}
	}
	return out
}

// lines is the replay's line ranges as the contract's.
func lines(rs []replay.LineRange) []pane.Lines {
	if rs == nil {
		return nil
	}
	out := make([]pane.Lines, len(rs))
	for i, r := range rs {
		out[i] = pane.Lines{From: r.From, To: r.To}
	}
	return out
}
