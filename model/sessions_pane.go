package model

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// paneSessions is the sessions pane's id. It is kept apart from the ids
// in pane.go so that panes written in parallel do not take the same one.
const paneSessions paneID = 40

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
	lcur    int

	// the chosen session (chosen nil: the list is shown)
	chosen    *replay.SessionInfo
	run       *replayRun
	starting  bool
	runErr    string
	ended     string
	stats     replay.Stats
	calls     []sessionCall
	next      int  // first call not replayed yet
	stepping  bool // a Step is in flight
	resetNext bool // the next Step starts the replay afresh (transcript replaced)
	cur, top  int
	follow    bool // the cursor follows the newest call until the person moves
	dtop      int  // then/now scroll

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
	step      *replay.Step
	then, now []ui.DiffLine
}

func newSessionsPane(c *common, env func() replay.Env) *sessionsPane {
	return &sessionsPane{c: c, env: env, dir: c.repo.Dir(), seen: map[string][]replay.FileSeen{}}
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
		return p.c.keys.Sessions.ListHelp()
	}
	return p.c.keys.Sessions.CallsHelp()
}
func (p *sessionsPane) FullHelp() [][]key.Binding { return p.c.keys.Sessions.FullHelp() }

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
	p.loading = true
	return discoverSessions(p.c.ctx, p.dir, p.env, p.gen)
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
	p.run, p.chosen, p.marks, p.gate = nil, nil, nil, nil
	p.c.agent = nil
	p.calls, p.next, p.stepping, p.starting = nil, 0, false, false
	p.seen = map[string][]replay.FileSeen{}
	p.runErr, p.ended, p.gatePath = "", "", ""
	return cmd
}

// choose starts following a session.
func (p *sessionsPane) choose(si replay.SessionInfo) tea.Cmd {
	stop := p.stop()
	p.chosen = &si
	p.starting, p.follow = true, true
	p.cur, p.top, p.dtop = 0, 0, 0
	p.marks = &agentMarks{label: sessionLabel(si)}
	p.c.agent = p.marks
	filter := ""
	if si.Agent == replay.AgentRepox {
		filter = si.ID
	}
	return tea.Batch(stop, startFollow(p.c.ctx, si.Path, filter, si.Cwd, p.dir, p.gen))
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
		p.lcur = min(p.lcur, max(len(p.list)-1, 0))
		return nil
	case followStartedMsg:
		p.starting = false
		if msg.err != nil {
			p.runErr = msg.err.Error()
			return nil
		}
		p.run = msg.run
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
		p.calls, p.next, p.cur, p.top = nil, 0, 0, 0
		p.resetNext, p.follow = true, true
		p.seen = map[string][]replay.FileSeen{}
	}
	p.stats = u.Stats
	if p.chosen.ID == "" && u.Stats.SessionID != "" && u.Stats.Format != replay.AgentRepox {
		p.chosen.ID = u.Stats.SessionID
		p.marks.label = sessionLabel(*p.chosen)
	}
	if p.chosen.Agent == "" {
		p.chosen.Agent = u.Stats.Format
	}
	for _, c := range u.Calls {
		if p.run.filter != "" && c.Session != p.run.filter {
			continue
		}
		p.calls = append(p.calls, sessionCall{call: c})
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
	return p.run.step(p.gen, i, p.calls[i].call, reset, p.next == len(p.calls), p.gatePath)
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
	sc := &p.calls[msg.i]
	st := msg.step
	sc.step, sc.then, sc.now = &st, msg.then, msg.now
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
	p.marks.setFiles(p.seen[key])
	if key != "" && p.chosen != nil && p.chosen.Agent == replay.AgentRepox {
		p.marks.label = "agent session " + key
	}
}

// selectCall marks the selected call's region and jumps the tree and the
// viewer to it.
func (p *sessionsPane) selectCall() tea.Cmd {
	p.dtop = 0
	sc := p.selected()
	if sc == nil || sc.step == nil || p.marks == nil {
		return nil
	}
	p.refreshMarks()
	st := sc.step
	p.marks.regionPath, p.marks.region = st.Path, st.Lines
	path, line := st.Path, 0
	if len(st.Lines) > 0 {
		line = st.Lines[0].From
	}
	if path == "" && changed(st) {
		// a change the replay could not apply (a live agent's edit is
		// already in the tree): still show the file it changed
		path = argPath(st.Call.Repox[0].Args)
	}
	if path == "" || p.c.jump == nil {
		return nil
	}
	return p.c.jump(path, line, changed(st))
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

// syncViewer follows the viewer's open file: the agent's gate is asked
// for it whenever it changes.
func (p *sessionsPane) syncViewer(path string) tea.Cmd {
	if p.run == nil || path == p.gatePath {
		return nil
	}
	p.gatePath, p.gate = path, nil
	if path == "" || p.stepping {
		return nil // the step in flight is followed by a new ask (onStep)
	}
	return p.askGate()
}

func (p *sessionsPane) askGate() tea.Cmd {
	p.gateGen++
	return p.run.agentGate(p.gateGen, p.sessionKey(), p.gatePath)
}

// gateStatus words the agent's gate for the open file, labelled with the
// session it is from.
func (p *sessionsPane) gateStatus(path string) (text, tiny string) {
	if p == nil || p.marks == nil || path == "" || path != p.gatePath {
		return "", ""
	}
	if p.gate == nil {
		return p.marks.label + ": edit gate …", "agent gate …"
	}
	var word string
	switch v := p.gate.verdict; v.Cause {
	case repoops.GateAllowed:
		word = "open (full read, unchanged)"
	case repoops.GateNeverRead:
		word = "shut (never read)"
	case repoops.GatePartialRead:
		word = "shut (partial read)"
	default:
		word = "shut (" + v.Cause.String() + ")"
	}
	tinyWord, _, _ := strings.Cut(word, " ")
	return p.marks.label + ": edit gate " + word, "agent gate " + tinyWord
}

func (p *sessionsPane) selected() *sessionCall {
	if p.chosen == nil || p.cur < 0 || p.cur >= len(p.calls) {
		return nil
	}
	return &p.calls[p.cur]
}

// listRows is how many rows the calls list gets.
func (p *sessionsPane) listRows() int { return max(3, (p.height-1)/3) }

func (p *sessionsPane) clamp() {
	if p.chosen == nil {
		return
	}
	n, rows := len(p.calls), p.listRows()
	p.cur = min(max(p.cur, 0), max(n-1, 0))
	if p.cur < p.top {
		p.top = p.cur
	}
	if p.cur >= p.top+rows {
		p.top = p.cur - rows + 1
	}
	p.top = max(min(p.top, n-rows), 0)
}

func (p *sessionsPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.keys.Sessions
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Hide):
		p.hiding, p.done = true, true
		return nil
	}
	if p.chosen == nil {
		if key.Matches(msg, k.Open) && p.lcur < len(p.list) {
			return p.choose(p.list[p.lcur])
		}
		d, top, bottom := navStep(k.Nav, msg, max((p.height-1)/ui.SessionRowLines, 1))
		switch {
		case top:
			p.lcur = 0
		case bottom:
			p.lcur = len(p.list) - 1
		default:
			p.lcur += d
		}
		p.lcur = min(max(p.lcur, 0), max(len(p.list)-1, 0))
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		cmd := p.stop()
		p.loading = true
		return tea.Batch(cmd, discoverSessions(p.c.ctx, p.dir, p.env, p.gen))
	case key.Matches(msg, k.DiffDown):
		p.dtop++
		return nil
	case key.Matches(msg, k.DiffUp):
		p.dtop = max(p.dtop-1, 0)
		return nil
	}
	d, top, bottom := navStep(k.Nav, msg, p.listRows())
	old := p.cur
	switch {
	case top:
		p.cur, p.follow = 0, false
	case bottom:
		p.cur, p.follow = len(p.calls)-1, true // back to following the newest
	case d != 0:
		p.cur += d
		p.follow = false
	default:
		return nil
	}
	p.clamp()
	if p.cur != old {
		return p.selectCall()
	}
	return nil
}

// click selects the session or the call under the pointer (row y of the
// pane; 0 is the title).
func (p *sessionsPane) click(y int) tea.Cmd {
	if y <= 0 {
		return nil
	}
	if p.chosen == nil {
		rows := max((p.height-1)/ui.SessionRowLines, 1)
		top := max(p.lcur-rows+1, 0)
		if i := top + (y-1)/ui.SessionRowLines; i < len(p.list) {
			p.lcur = i
		}
		return nil
	}
	if y > p.listRows() {
		return nil
	}
	i := p.top + y - 1
	if i >= len(p.calls) || i == p.cur {
		return nil
	}
	p.cur, p.follow = i, i == len(p.calls)-1
	return p.selectCall()
}

// wheel scrolls the calls (or the list) by d rows; the cursor goes along.
func (p *sessionsPane) wheel(d int) tea.Cmd {
	if d == 0 {
		return nil
	}
	if p.chosen == nil {
		p.lcur = min(max(p.lcur+d, 0), max(len(p.list)-1, 0))
		return nil
	}
	old := p.cur
	p.cur += d
	p.follow = false
	p.clamp()
	if p.cur == len(p.calls)-1 {
		p.follow = true
	}
	if p.cur != old {
		return p.selectCall()
	}
	return nil
}

// View draws the pane at w×h.
func (p *sessionsPane) View(w, h int, focused bool) string {
	v := ui.SessionsView{Focused: focused, Cursor: -1}
	if p.chosen == nil {
		p.listView(&v)
	} else {
		p.callsView(&v, h)
	}
	return p.c.styles.RenderSessions(v, w, h)
}

func (p *sessionsPane) listView(v *ui.SessionsView) {
	v.Title = "agent sessions for this repository"
	switch {
	case p.loading:
		v.Title += "  " + p.c.spinFrame()
		v.Message = "looking for sessions…"
		return
	case p.listErr != "":
		v.Message = "could not list the sessions: " + p.listErr
		return
	case len(p.list) == 0:
		env := p.env()
		v.Message = "no agent sessions recorded for this repository. Looked in " + filepath.Join(env.ClaudeConfigDir, "projects") +
			" (Claude Code), " + filepath.Join(env.CodexHome, "sessions") + " (Codex) and " + env.RepoxLogDir() +
			" (repox mcp --log). To follow a log kept elsewhere: repox replay FILE"
		return
	}
	v.Title += "  " + repoops.Commas(len(p.list))
	rows := max((p.height-1)/ui.SessionRowLines, 1)
	top := max(p.lcur-rows+1, 0)
	home := p.env().Home
	for i := top; i < len(p.list) && i < top+rows; i++ {
		s := p.list[i]
		agent := string(s.Agent)
		if s.Subagent {
			agent += "*"
		}
		state := "done"
		if s.Live {
			state = "live"
		}
		where := s.Path
		if home != "" && strings.HasPrefix(where, home+"/") {
			where = "~" + where[len(home):]
		}
		v.Sessions = append(v.Sessions, ui.SessionRow{Agent: agent, ID: s.ID, Started: stamp(newestOf(s), "2006-01-02 15:04"),
			Calls: repoops.Plural(s.Calls, "call", "calls") + ", " + repoops.Commas(s.FileCalls) + " file", State: state, Where: where})
	}
	v.Cursor = p.lcur - top
}

func newestOf(s replay.SessionInfo) time.Time {
	if !s.Started.IsZero() {
		return s.Started
	}
	return s.Modified
}

func stamp(t time.Time, layout string) string {
	if t.IsZero() {
		return strings.Repeat("-", len(layout))
	}
	return t.UTC().Format(layout)
}

func (p *sessionsPane) callsView(v *ui.SessionsView, h int) {
	si := p.chosen
	v.Title = p.marksLabel()
	if si.Agent != "" {
		v.Title = string(si.Agent) + " · " + v.Title
	}
	v.Title += " · " + repoops.Plural(len(p.calls), "call", "calls")
	switch {
	case p.ended != "":
		v.Title += " · " + p.ended
	case p.follow:
		v.Title += " · following"
	}
	if p.Loading() {
		v.Title += "  " + p.c.spinFrame()
	}
	switch {
	case p.runErr != "":
		v.Message = "could not follow " + si.Path + ": " + p.runErr
		return
	case p.starting:
		v.Message = "opening " + si.Path + "…"
		return
	case len(p.calls) == 0:
		v.Message = "no calls yet. Following " + si.Path + ": new calls appear here as the agent makes them."
		return
	}
	v.ListRows = min(p.listRows(), max(h-1, 0))
	end := min(p.top+v.ListRows, len(p.calls))
	for i := p.top; i < end; i++ {
		v.Calls = append(v.Calls, callRow(p.calls[i]))
	}
	v.Cursor = p.cur - p.top
	sc := p.selected()
	if sc == nil {
		return
	}
	c := sc.call
	v.Header = "#" + strconv.Itoa(c.Seq) + " " + stamp(c.Time, "15:04:05") + " " + c.AgentTool
	if len(c.Repox) > 0 && c.Repox[0].Tool != c.AgentTool {
		v.Header += " → " + c.Repox[0].Tool
	}
	v.ThenTitle = "then: what the agent was shown"
	v.NowTitle = "now: what repox shows"
	if sc.step == nil {
		// not replayed yet (the calls before it go first, in order): the
		// agent's side can be shown already
		v.Header += " (replaying…)"
		if sc.then == nil {
			for _, l := range splitText(c.Text) {
				sc.then = append(sc.then, ui.DiffLine{Text: l})
			}
		}
		room := max(h-1-v.ListRows-1-1, 0)
		v.Then = window(sc.then, p.dtop, room)
		v.Now = []ui.DiffLine{{Text: "(replaying the " + repoops.Plural(p.cur-p.next+1, "call", "calls") + " before it first…)"}}
		if p.cur < p.next {
			v.Now = []ui.DiffLine{{Text: "(replaying…)"}}
		}
		return
	}
	if st := sc.step; st.Path != "" {
		v.Header += " " + repoops.DisplayPath(st.Path)
		if len(st.Lines) > 0 {
			v.Header += ":" + replay.Ranges(st.Lines)
		}
	}
	for i, f := range sc.step.Flags {
		if i == 3 {
			v.Flags = append(v.Flags, "(+"+strconv.Itoa(len(sc.step.Flags)-3)+" more findings: repox replay --report)")
			break
		}
		v.Flags = append(v.Flags, string(f.Kind)+": "+f.Text)
	}
	room := max(h-1-v.ListRows-1-len(v.Flags)-1, 0)
	p.dtop = min(p.dtop, max(max(len(sc.then), len(sc.now))-room, 0))
	v.Then = window(sc.then, p.dtop, room)
	v.Now = window(sc.now, p.dtop, room)
}

func (p *sessionsPane) marksLabel() string {
	if p.marks == nil {
		return ""
	}
	return p.marks.label
}

func window(ls []ui.DiffLine, top, n int) []ui.DiffLine {
	if top >= len(ls) {
		return nil
	}
	return ls[top:min(top+n, len(ls))]
}

func callRow(sc sessionCall) ui.CallRow {
	c := sc.call
	r := ui.CallRow{Seq: c.Seq, Time: stamp(c.Time, "15:04:05"), Tool: c.AgentTool, Args: shortArgs(c.AgentArgs),
		Refused: c.IsError, NoEq: !c.IsFileTool(), Pending: sc.step == nil}
	if sc.step != nil {
		r.Flags = len(sc.step.Flags)
	}
	return r
}

// shortArgs is the arguments as one compact line.
func shortArgs(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	s := b.String()
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}
