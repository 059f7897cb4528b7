package sessions

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Pane lists the agent sessions recorded for the repository and,
// once one is chosen, follows its transcript: each call as it arrives,
// replayed in order (replay.Replayer, one Step per message), then beside
// now for the selected one. It opens over the viewer; tab hides it and
// keeps the session chosen (the tree's and viewer's marks stay), c shows
// it again, esc closes it and stops following.
type Pane struct {
	c             *pane.Common
	seq           pane.Sequence // the first key of g g
	width, height int
	env           func() discover.Env
	dir           string   // the explored repository, absolute
	also          []string // transcripts listed besides those found in the agents' folders

	gen     int // pane.JobLoad: bumped by each listing and each choice of session
	gateGen int // pane.JobGate: the agent's gate of the open file

	// the list
	loading bool
	list    []discover.SessionInfo
	listErr string
	lcur    int    // the cursor, among the sessions the filter shows
	lquery  string // the list's filter (/): words every shown session has
	ltyping bool   // the filter prompt is open: keys are typed into it

	// the chosen session (chosen nil: the list is shown)
	chosen      *discover.SessionInfo
	run         *replayRun
	starting    bool
	runErr      string
	ended       string
	stats       transcript.Stats
	calls       []sessionCall
	next        int                     // first call not replayed yet
	stepping    bool                    // a Step is in flight
	resetNext   bool                    // the next Step starts the replay afresh (transcript replaced)
	cur         int                     // the selected call
	top         int                     // the timeline's first line on screen (timeline.go)
	tail        []transcript.Message    // what was said after the last call
	thinking    bool                    // thinking unfolded (t)
	wrap        bool                    // messages and findings wrapped (w)
	exact       bool                    // the selected call's exact texts instead of then/now (a: exact.go)
	kind        replay.FlagKind         // only calls with this finding ("": all; kindAny: any)
	counts      replay.Counts           // the replayed calls, counted as the report counts them (replay.Counts.Add)
	changes     *sessionChanges         // the session's diff shown instead of the call (D; changes.go)
	tallies     map[string]sessionTally // the list's findings column, by tallyKey (tally.go)
	tallying    string                  // the tallyKey being counted ("": none)
	tallyCancel context.CancelFunc
	// tallyDone is closed when the count in flight has ended, its scratch
	// copy removed (nil: none started). Shutdown waits for it.
	tallyDone chan struct{}
	cquery    string            // the calls' search (/ in the calls view): words every shown call has
	ctyping   bool              // the calls' search prompt is open: keys are typed into it
	against   string            // what the calls are replayed against, worded for the title
	start     *replay.StartInfo // what preparing the replay did
	follow    bool              // the cursor follows the newest call until the person moves
	grew      time.Time         // when the followed transcript last grew while followed (live.go)
	atFinding bool              // the cursor goes to the first call with a finding as it is replayed
	diffAt    int               // the one call whose then/now is laid out (-1: none)
	dtop      int               // then/now scroll

	seen        map[string][]replay.FileSeen // per repox session id ("" for one-session transcripts)
	marks       *pane.AgentMarks
	gatePath    string // the viewer's file the agent's gate is for
	viewVersion int    // the version of it the viewer read (ondisk.go)
	gate        *agentGateMsg

	hiding, done bool

	grep grepState // the kept list filter searched inside the sessions (grep.go)
	hitq string    // the list's search that opened the session: n and N walk its hits (hits.go)
}

// sessionCall is one call of the followed transcript; step is nil until
// it has been replayed.
type sessionCall struct {
	call      transcript.Call
	said      []transcript.Message // the conversation shown before it
	step      *replay.Step
	then, now []ui.DiffLine
	// diff is the change the call made, as the transcript recorded it
	// (replay.CallDiff), taken when it arrives: the replay drops the
	// parsed result it comes from
	diff []string
	hay  string // the searchable text, lower-cased (callHay)
}

// New is the sessions pane over the repository of c; env says where the
// agents keep their transcripts (replay.EnvFromOS).
func New(c *pane.Common, env func() discover.Env) *Pane {
	return &Pane{c: c, env: env, dir: c.Repo.Dir(), seen: map[string][]replay.FileSeen{}, diffAt: -1}
}

func (p *Pane) ID() pane.ID      { return pane.Sessions }
func (p *Pane) Title() string    { return "Sessions" }
func (p *Pane) SetSize(w, h int) { p.width, p.height = w, h; p.clamp() }
func (p *Pane) Size() (int, int) { return p.width, p.height }
func (p *Pane) Area() pane.Area  { return pane.AreaViewer }
func (p *Pane) Done() bool       { return p.done }
func (p *Pane) Loading() bool    { return p.loading || p.starting || p.stepping }
func (p *Pane) Agent() *pane.AgentState {
	return nil
}
func (p *Pane) AgentCall() (string, any, string) {
	return "", nil, "the sessions pane already shows the agent's text beside repox's"
}
func (p *Pane) ShortHelp() []key.Binding {
	if p.chosen == nil {
		return p.listHelp()
	}
	return p.c.Keys.Sessions.CallsHelp()
}
func (p *Pane) FullHelp() [][]key.Binding { return p.c.Keys.Sessions.FullHelp() }

func (p *Pane) Generation(j pane.Job) int {
	if j == pane.JobGate {
		return p.gateGen
	}
	return p.gen
}

// Status is the file the selected call touched.
func (p *Pane) Status() pane.Status {
	if sc := p.selected(); sc != nil && sc.step != nil && sc.step.Path != "" {
		return pane.Status{Path: repoops.DisplayPath(sc.step.Path)}
	}
	return pane.Status{}
}

// Show readies the pane to be pushed: the list is read afresh unless a
// session is chosen.
func (p *Pane) Show() tea.Cmd {
	p.done, p.hiding = false, false
	if p.chosen != nil {
		return nil
	}
	p.gen++
	p.stopTally()
	p.loading = true
	return discoverSessions(p.c.Ctx, p.dir, p.also, p.env, p.gen)
}

// Close runs when the pane is popped: hidden (tab), the session stays
// chosen and followed; closed (esc), following stops and the copies go.
func (p *Pane) Close() tea.Cmd {
	if p.hiding {
		p.hiding = false
		return nil
	}
	return p.stop()
}

// stop ends following the chosen session and forgets it.
func (p *Pane) stop() tea.Cmd {
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
	p.atFinding = false
	p.cquery, p.ctyping, p.changes = "", false, nil
	p.counts = replay.Counts{}
	return cmd
}

// Choose starts following a session (si: a listed one, or a transcript
// named on the command line).
func (p *Pane) Choose(si discover.SessionInfo) tea.Cmd {
	stop := p.stop()
	p.chosen = &si
	p.starting, p.follow = true, true
	p.grew = time.Time{}
	p.cur, p.top, p.dtop = 0, 0, 0
	p.hitq = "" // a session opened from a search hit sets it after (listKey)
	p.marks = &pane.AgentMarks{Label: sessionLabel(si)}
	p.c.Marks = p.marks
	filter := ""
	if si.Agent == transcript.AgentRepox {
		filter = si.ID
	}
	return tea.Batch(stop, startFollow(p.c.Ctx, si.Path, filter, si.Cwd, p.dir, p.now, p.gen))
}

// AlsoList adds a transcript to the list that lives where no agent keeps
// its sessions (the demo's, in its ignored build/ folder).
func (p *Pane) AlsoList(path string) { p.also = append(p.also, path) }

// ChooseAtFinding is Choose for showing a finished session's point: the
// cursor lands on the first call the replay finds something in (and stays
// on the newest when none has any) unless the person moves first.
func (p *Pane) ChooseAtFinding(si discover.SessionInfo) tea.Cmd {
	cmd := p.Choose(si)
	p.atFinding = true
	return cmd
}

// ChooseAtCall is Choose landing on call seq as it arrives (agent
// blame's enter: the call that wrote a line).
func (p *Pane) ChooseAtCall(si discover.SessionInfo, seq int) tea.Cmd {
	cmd := p.Choose(si)
	p.grep.at = seq
	return cmd
}

// sessionLabel says whose session the marks and the gate are.
func sessionLabel(si discover.SessionInfo) string {
	id := si.ID
	if id == "" {
		id = strings.TrimSuffix(filepath.Base(si.Path), filepath.Ext(si.Path))
	}
	if len(id) > 12 {
		id = id[:8] + "…"
	}
	return "agent session " + id
}

func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.MouseClickMsg:
		return p.click(msg.Y)
	case tea.MouseWheelMsg:
		return p.wheel(pane.WheelDelta(msg.Button))
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
	case grepHitsMsg:
		return p.onGrepHits(msg)
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
		if msg.view == p.view() && msg.ok {
			g := msg
			p.gate = &g
			p.refreshMarks() // its marks on disk
		}
		return nil
	}
	return nil
}

// OpensHelp: ? opens the help over the pane, except while the list's
// filter is typed (there it is a character).
func (p *Pane) OpensHelp() bool { return !p.ltyping }

// Shutdown stops following the chosen session and removes the replay's
// scratch copies at once (the program is ending).
func (p *Pane) Shutdown() {
	if p.run != nil {
		p.run.close()
	}
	// A count in flight is replaying in a scratch copy (up to the copy's
	// bound, 512 MiB): cancel it and wait until it has removed the copy,
	// so quitting, or SIGHUP and SIGTERM (which end the program the same
	// way), leaves nothing in $TMPDIR. Bounded: a copy stops between files.
	done := p.tallyDone
	p.stopTally()
	if done != nil {
		select {
		case <-done:
		case <-time.After(shutdownWait):
		}
	}
}

// shutdownWait bounds how long Shutdown waits for a cancelled count.
const shutdownWait = 10 * time.Second
