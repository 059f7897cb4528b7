package model

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// sessionsPane lists the agent sessions recorded for the repository and,
// once one is chosen, follows its transcript: each call as it arrives,
// replayed in order (replay.Replayer, one Step per message), then beside
// now for the selected one. It opens over the viewer; tab hides it and
// keeps the session chosen (the tree's and viewer's marks stay), c shows
// it again, esc closes it and stops following.
type sessionsPane struct {
	c             *common
	width, height int
	env           func() replay.Env
	dir           string // the explored repository, absolute

	gen     int // jobLoad: bumped by each listing and each choice of session
	gateGen int // jobGate: the agent's gate of the open file

	// the list
	loading bool
	list    []replay.SessionInfo
	listErr string
	lcur    int    // the cursor, among the sessions the filter shows
	lquery  string // the list's filter (/): words every shown session has
	ltyping bool   // the filter prompt is open: keys are typed into it

	// the chosen session (chosen nil: the list is shown)
	chosen      *replay.SessionInfo
	run         *replayRun
	starting    bool
	runErr      string
	ended       string
	stats       replay.Stats
	calls       []sessionCall
	next        int                     // first call not replayed yet
	stepping    bool                    // a Step is in flight
	resetNext   bool                    // the next Step starts the replay afresh (transcript replaced)
	cur         int                     // the selected call
	top         int                     // the timeline's first line on screen (sessions_timeline.go)
	tail        []replay.Message        // what was said after the last call
	thinking    bool                    // thinking unfolded (t)
	wrap        bool                    // messages and findings wrapped (w)
	exact       bool                    // the selected call's exact texts instead of then/now (a: sessions_exact.go)
	kind        replay.FlagKind         // only calls with this finding ("": all; kindAny: any)
	changes     *sessionChanges         // the session's diff shown instead of the call (D; sessions_changes.go)
	tallies     map[string]sessionTally // the list's findings column, by tallyKey (sessions_tally.go)
	tallying    string                  // the tallyKey being counted ("": none)
	tallyCancel context.CancelFunc
	cquery      string            // the calls' search (/ in the calls view): words every shown call has
	ctyping     bool              // the calls' search prompt is open: keys are typed into it
	against     string            // what the calls are replayed against, worded for the title
	start       *replay.StartInfo // what preparing the replay did
	follow      bool              // the cursor follows the newest call until the person moves
	diffAt      int               // the one call whose then/now is laid out (-1: none)
	dtop        int               // then/now scroll

	seen     map[string][]replay.FileSeen // per repox session id ("" for one-session transcripts)
	marks    *agentMarks
	gatePath string // the viewer's file the agent's gate is for
	gate     *agentGateMsg

	hiding, done bool
}

// sessionCall is one call of the followed transcript; step is nil until
// it has been replayed.
type sessionCall struct {
	call      replay.Call
	said      []replay.Message // the conversation shown before it
	step      *replay.Step
	then, now []ui.DiffLine
	// diff is the change the call made, as the transcript recorded it
	// (replay.CallDiff), taken when it arrives: the replay drops the
	// parsed result it comes from
	diff []string
	hay  string // the searchable text, lower-cased (callHay)
}

func newSessionsPane(c *common, env func() replay.Env) *sessionsPane {
	return &sessionsPane{c: c, env: env, dir: c.Repo.Dir(), seen: map[string][]replay.FileSeen{}, diffAt: -1}
}

func (p *sessionsPane) ID() paneID        { return paneSessions }
func (p *sessionsPane) Title() string     { return "Sessions" }
func (p *sessionsPane) SetSize(w, h int)  { p.width, p.height = w, h; p.clamp() }
func (p *sessionsPane) Size() (int, int)  { return p.width, p.height }
func (p *sessionsPane) Area() overlayArea { return areaViewer }
func (p *sessionsPane) Done() bool        { return p.done }
func (p *sessionsPane) Loading() bool     { return p.loading || p.starting || p.stepping }
func (p *sessionsPane) Agent() *agentState {
	return nil
}
func (p *sessionsPane) AgentCall() (string, any, string) {
	return "", nil, "the sessions pane already shows the agent's text beside repox's"
}
func (p *sessionsPane) ShortHelp() []key.Binding {
	if p.chosen == nil {
		return p.listHelp()
	}
	return p.c.Keys.Sessions.CallsHelp()
}
func (p *sessionsPane) FullHelp() [][]key.Binding { return p.c.Keys.Sessions.FullHelp() }

func (p *sessionsPane) Generation(j job) int {
	if j == jobGate {
		return p.gateGen
	}
	return p.gen
}

// Status is the file the selected call touched.
func (p *sessionsPane) Status() statusFields {
	if sc := p.selected(); sc != nil && sc.step != nil && sc.step.Path != "" {
		return statusFields{Path: repoops.DisplayPath(sc.step.Path)}
	}
	return statusFields{}
}

// show readies the pane to be pushed: the list is read afresh unless a
// session is chosen.
func (p *sessionsPane) show() tea.Cmd {
	p.done, p.hiding = false, false
	if p.chosen != nil {
		return nil
	}
	p.gen++
	p.stopTally()
	p.loading = true
	return discoverSessions(p.c.Ctx, p.dir, p.env, p.gen)
}

// Close runs when the pane is popped: hidden (tab), the session stays
// chosen and followed; closed (esc), following stops and the copies go.
func (p *sessionsPane) Close() tea.Cmd {
	if p.hiding {
		p.hiding = false
		return nil
	}
	return p.stop()
}

// stop ends following the chosen session and forgets it.
func (p *sessionsPane) stop() tea.Cmd {
	var cmd tea.Cmd
	if p.run != nil {
		cmd = p.run.closeCmd()
	}
	p.gen++
	p.gateGen++
	p.stopTally()
	p.run, p.chosen, p.marks, p.gate = nil, nil, nil, nil
	p.c.Marks = nil
	p.calls, p.next, p.stepping, p.starting, p.diffAt, p.tail = nil, 0, false, false, -1, nil
	p.seen = map[string][]replay.FileSeen{}
	p.runErr, p.ended, p.gatePath, p.against, p.start, p.kind = "", "", "", "", nil, ""
	p.cquery, p.ctyping, p.changes = "", false, nil
	return cmd
}

// choose starts following a session.
func (p *sessionsPane) choose(si replay.SessionInfo) tea.Cmd {
	stop := p.stop()
	p.chosen = &si
	p.starting, p.follow = true, true
	p.cur, p.top, p.dtop = 0, 0, 0
	p.marks = &agentMarks{Label: sessionLabel(si)}
	p.c.Marks = p.marks
	filter := ""
	if si.Agent == replay.AgentRepox {
		filter = si.ID
	}
	return tea.Batch(stop, startFollow(p.c.Ctx, si.Path, filter, si.Cwd, p.dir, p.gen))
}

// sessionLabel says whose session the marks and the gate are.
func sessionLabel(si replay.SessionInfo) string {
	id := si.ID
	if id == "" {
		id = strings.TrimSuffix(filepath.Base(si.Path), filepath.Ext(si.Path))
	}
	if len(id) > 12 {
		id = id[:8] + "…"
	}
	return "agent session " + id
}

func (p *sessionsPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.MouseClickMsg:
		return p.click(msg.Y)
	case tea.MouseWheelMsg:
		return p.wheel(wheelDelta(msg.Button))
	case sessionsListMsg:
		p.loading = false
		p.list, p.listErr = msg.list, ""
		if msg.err != nil {
			p.listErr = msg.err.Error()
		}
		p.clampList()
		return p.nextTally()
	case sessionTallyMsg:
		return p.onTally(msg)
	case sessionChangesMsg:
		return p.onChanges(msg)
	case followStartedMsg:
		p.starting = false
		if msg.err != nil {
			p.runErr = msg.err.Error()
			return nil
		}
		p.run = msg.run
		p.against = "the tree now"
		if p.run.against == replay.AgainstStart {
			p.against = "start state"
		}
		return p.run.wait(p.gen)
	case followUpdateMsg:
		return p.onUpdate(msg)
	case stepMsg:
		return p.onStep(msg)
	case agentGateMsg:
		if msg.path == p.gatePath && msg.ok {
			g := msg
			p.gate = &g
		}
		return nil
	}
	return nil
}

// onUpdate takes the calls the transcript grew by and queues their replay.
func (p *sessionsPane) onUpdate(msg followUpdateMsg) tea.Cmd {
	if msg.closed {
		p.ended = "following stopped"
		if msg.err != nil {
			p.ended += ": " + msg.err.Error()
		}
		return nil
	}
	u := msg.upd
	if u.Reset {
		p.calls, p.next, p.cur, p.top, p.diffAt, p.tail = nil, 0, 0, 0, -1, nil
		p.resetNext, p.follow = true, true
		p.seen = map[string][]replay.FileSeen{}
	}
	p.stats = u.Stats
	if p.chosen.ID == "" && u.Stats.SessionID != "" && u.Stats.Format != replay.AgentRepox {
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
	return tea.Batch(p.run.wait(p.gen), p.pump())
}

// pump starts the replay of the next call unless one is in flight: a
// chain, one Step per message, so the Replayer is used in order.
func (p *sessionsPane) pump() tea.Cmd {
	if p.stepping || p.run == nil || p.next >= len(p.calls) {
		return nil
	}
	i := p.next
	p.next++
	p.stepping = true
	reset := p.resetNext
	p.resetNext = false
	return p.run.step(p.gen, i, p.calls[i].call, reset, p.next == len(p.calls), i == p.cur, p.gatePath)
}

func (p *sessionsPane) onStep(msg stepMsg) tea.Cmd {
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
	sc.step, sc.then, sc.now = &st, nil, nil
	sc.slim()
	if msg.i == p.cur && msg.then != nil {
		sc.then, sc.now = msg.then, msg.now // selectCall below holds them
	}
	var cmds []tea.Cmd
	if msg.snap {
		p.seen[msg.sessionKey] = msg.seen
		if msg.gatePath == p.gatePath && p.gatePath != "" {
			p.gate = &agentGateMsg{path: msg.gatePath, session: msg.sessionKey, verdict: msg.gate, ok: true}
		} else if p.gatePath != "" {
			cmds = append(cmds, p.askGate())
		}
		p.refreshMarks()
	}
	if msg.i == p.cur {
		cmds = append(cmds, p.selectCall())
	}
	return tea.Batch(append(cmds, p.pump())...)
}

// sessionKey is the repox session whose horizon and gate are shown: the
// selected call's.
func (p *sessionsPane) sessionKey() string {
	if sc := p.selected(); sc != nil {
		return sc.call.Session
	}
	return ""
}

func (p *sessionsPane) refreshMarks() {
	if p.marks == nil {
		return
	}
	key := p.sessionKey()
	p.marks.SetFiles(p.seen[key])
	if key != "" && p.chosen != nil && p.chosen.Agent == replay.AgentRepox {
		p.marks.Label = "agent session " + key
	}
}

// selectCall marks the selected call's region and jumps the tree and the
// viewer to it.
func (p *sessionsPane) selectCall() tea.Cmd {
	p.dtop = 0
	p.holdDiff()
	sc := p.selected()
	if sc == nil || sc.step == nil || p.marks == nil {
		return nil
	}
	p.refreshMarks()
	st := sc.step
	p.marks.RegionPath, p.marks.Region = st.Path, st.Lines
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
		case "repo_edit", "repo_insert", "repo_write":
			return true
		}
	}
	return false
}

func (p *sessionsPane) selected() *sessionCall {
	if p.chosen == nil || p.cur < 0 || p.cur >= len(p.calls) {
		return nil
	}
	return &p.calls[p.cur]
}
