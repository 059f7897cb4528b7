package sessions

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The sessions pane drawn: the list of sessions, then the chosen one's
// calls with then beside now.

// View draws the pane at w×h.
func (p *Pane) View(w, h int, focused bool) string {
	v := ui.SessionsView{Focused: focused, Cursor: -1}
	if p.chosen == nil {
		p.listView(&v)
	} else {
		p.callsView(&v, h-p.callPromptLines()-p.checkoutLines())
	}
	return p.c.Styles.RenderSessions(v, w, h)
}

func (p *Pane) listView(v *ui.SessionsView) {
	v.Title = "agent sessions for this repository"
	switch {
	case p.loading:
		v.Title += "  " + p.c.SpinFrame()
		v.Message = "looking for sessions…"
		return
	case p.listErr != "":
		v.Message = "could not list the sessions: " + p.listErr
		return
	case len(p.list) == 0:
		v.Message = "no agent sessions recorded for this repository. Looked in " + lookedIn(p.env(), p.dir) +
			". To follow a log kept elsewhere: repox replay FILE"
		return
	}
	shown := p.listShown()
	v.Title += "  " + repoops.Commas(len(p.list))
	if p.listPromptLines() > 0 {
		v.Title = "agent sessions matching the filter  " + repoops.Commas(len(shown)) + " of " + repoops.Commas(len(p.list))
		v.ListPrompt, v.ListTyping = "/ "+p.lquery, p.ltyping
	}
	if len(shown) == 0 {
		v.Message = "no session's title, transcript, agent or id has " + repoops.QuoteName(p.lquery) + " (esc clears the filter)"
		if p.grep.query == p.lquery {
			v.Message = "no session's title, transcript, agent, id, prompts, texts or calls have " + repoops.QuoteName(p.lquery) + " (esc clears the filter)"
		}
		return
	}
	top := p.listTop()
	home := p.env().Home
	for j := top; j < len(shown) && j < top+p.listCap(); j++ {
		s := p.list[shown[j]]
		state := "done"
		if s.Live {
			state = "live"
		}
		where := s.Path
		if home != "" && strings.HasPrefix(where, home+"/") {
			where = "~" + where[len(home):]
		}
		calls := repoops.Plural(s.Calls, "call", "calls")
		if s.FileCalls != s.Calls {
			calls += " (" + repoops.Commas(s.FileCalls) + " file)"
		}
		// a subagent's calls are its session's: never a row of their own
		v.Sessions = append(v.Sessions, ui.SessionRow{Agent: string(s.Agent), ID: s.ID, Title: s.Title, Started: stamp(newestOf(s), "2006-01-02 15:04"),
			Span: sessionSpan(s), Calls: calls, State: state, Where: where, Findings: p.tallyText(s), Checkout: p.tallyCheckout(tallyKey(s))})
	}
	v.Cursor = p.lcur - top
}

func newestOf(s discover.SessionInfo) time.Time {
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

func (p *Pane) callsView(v *ui.SessionsView, h int) {
	si := p.chosen
	v.Title = p.callsTitle()
	v.Checkout = p.checkoutLine()
	if p.callPromptLines() > 0 {
		v.ListPrompt, v.ListTyping = "/ "+p.cquery, p.ctyping
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
	p.callList(v, h)
	if p.changes != nil {
		p.changesView(v, h)
		return
	}
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
		p.replayingView(v, sc, h)
		return
	}
	if st := sc.step; st.Path != "" {
		v.Header += " " + repoops.DisplayPath(st.Path)
		if len(st.Lines) > 0 {
			v.Header += ":" + replay.Ranges(st.Lines)
		}
	}
	alone := p.flagLines(v, sc)
	room := max(h-1-v.ListRows-1-len(v.Flags)-1, 0)
	if rows := min(len(sc.diff), max(room/2, min(room-1, 3))); rows > 0 {
		// the change stays in view: up to half the room, scrolled with
		// then/now (J/K)
		v.DiffTitle = "change: " + repoops.Plural(len(sc.diff), "line", "lines") + " of diff"
		top := min(p.dtop, max(len(sc.diff)-rows, 0))
		if len(sc.diff) > rows {
			v.DiffTitle += "  " + repoops.Commas(top+1) + "-" + repoops.Commas(top+rows) + " (J/K scroll)"
		}
		v.Diff = sc.diff[top : top+rows]
		room = max(room-rows-1, 0)
	}
	then, now := sc.then, sc.now
	if p.exact {
		then, now = exactColumns(sc, p.width)
		v.ThenTitle = "then: exact text the agent got"
		v.NowTitle = "now: exact text of repox (a: back)"
	}
	if alone {
		v.NowTitle, now = "", nil // no repox call to set beside it: the agent's side alone
	}
	p.dtop = min(p.dtop, max(max(len(then), len(now), len(sc.diff))-room, 0))
	v.Then = window(then, p.dtop, room)
	v.Now = window(now, p.dtop, room)
}

// callsTitle is the calls view's title: whose session, how many calls,
// the search, the state, what the calls are re-run against and the
// finding filter — in that order, since the title may be cut at the
// pane's width.
func (p *Pane) callsTitle() string {
	title := p.marksLabel()
	if a := p.chosen.Agent; a != "" {
		// the agent's name says whose: "claude-code · session 7f3c2a10…"
		title = string(a) + " · " + strings.TrimPrefix(title, "agent ")
	}
	title += " · " + repoops.Plural(len(p.calls), "call", "calls")
	if q := p.queryTitle(); q != "" {
		title += " · " + q // while searching, before the state: the title may be cut
	}
	switch {
	case p.ended != "":
		title += " · " + p.ended
	case p.runErr != "":
		title += " · not followed" // the message says why
	default:
		title += " · " + p.liveWord()
	}
	if p.Loading() {
		title += "  " + p.c.SpinFrame()
	}
	// what the calls are re-run against, then the finding filter: the
	// title may be cut at the pane's width, so they come after the state
	if p.against != "" {
		title += " · against: " + p.against
	}
	if f := p.filterTitle(); f != "" {
		title += " · " + f
	}
	return title
}

// callList fills the list of calls (and the agent's messages between
// them) that fits in h rows, scrolled to keep the cursor in view; an
// empty list says why.
func (p *Pane) callList(v *ui.SessionsView, h int) {
	v.ListRows = min(p.listRows(), max(h-1, 0))
	tl := p.timeline(p.width)
	p.placeTop(tl, v.ListRows)
	for j := p.top; j < len(tl) && j < p.top+v.ListRows; j++ {
		l := tl[j]
		if l.call < 0 {
			v.Calls = append(v.Calls, ui.CallRow{MessageKind: string(l.kind), Message: l.text, MessageCont: l.cont})
			continue
		}
		if l.call == p.cur {
			v.Cursor = len(v.Calls)
		}
		v.Calls = append(v.Calls, callRow(p.calls[l.call], p.cwd()))
	}
	if len(v.Calls) == 0 {
		why := "no call has this finding yet (f: the next filter)"
		switch {
		case p.cquery != "" && p.kind != "":
			why = "no call with this finding has " + strconv.Quote(p.cquery) + " (esc clears the search, f the next filter)"
		case p.cquery != "":
			why = "no call has " + strconv.Quote(p.cquery) + " (esc clears the search)"
		}
		v.Calls = []ui.CallRow{{MessageKind: "note", Message: why}}
	}
}

// replayingView shows a call not replayed yet (the calls before it go
// first, in order): the agent's side can be shown already.
func (p *Pane) replayingView(v *ui.SessionsView, sc *sessionCall, h int) {
	v.Header += " (replaying…)"
	if sc.then == nil {
		for _, l := range splitText(sc.call.Text) {
			sc.then = append(sc.then, ui.DiffLine{Text: l})
		}
	}
	room := max(h-1-v.ListRows-1-1, 0)
	v.Then = window(sc.then, p.dtop, room)
	v.Now = []ui.DiffLine{{Text: "(replaying the " + repoops.Plural(p.cur-p.next+1, "call", "calls") + " before it first…)"}}
	if p.cur < p.next {
		v.Now = []ui.DiffLine{{Text: "(replaying…)"}}
	}
}

// flagLines adds the replayed call's findings: they wrap, never cut; three
// of them, four lines each (w: all of each), the rest counted; findings
// before notes, and notes dimmer. alone reports a call with no repox
// equivalent, which gets a note saying why.
func (p *Pane) flagLines(v *ui.SessionsView, sc *sessionCall) (alone bool) {
	flags := gradedFlags(sc.step.Flags)
	for i, f := range flags {
		if i == 3 {
			v.Flags = append(v.Flags, ui.FlagLine{Text: "(+" + strconv.Itoa(len(flags)-3) + " more: repox replay --report)", Note: true})
			break
		}
		note := f.Note()
		mark := "! "
		if note {
			mark = "· note, "
		}
		ls := ui.SessionsWrap(mark+string(f.Kind)+": "+f.Text, max(p.width-2, 10))
		if !p.wrap && len(ls) > 4 {
			ls = append(ls[:3], "  … (w shows all of it)")
		}
		for j, l := range ls {
			if j > 0 {
				l = "  " + l
			}
			v.Flags = append(v.Flags, ui.FlagLine{Text: l, Note: note})
		}
	}
	alone = len(sc.step.Now) == 0
	if alone {
		for j, l := range ui.SessionsWrap("· no repox equivalent: "+noCallWhy(sc), max(p.width-2, 10)) {
			if j > 0 {
				l = "  " + l
			}
			v.Flags = append(v.Flags, ui.FlagLine{Text: l, Note: true})
		}
	}
	return alone
}

func (p *Pane) marksLabel() string {
	if p.marks == nil {
		return ""
	}
	return p.marks.Label
}

func window(ls []ui.DiffLine, top, n int) []ui.DiffLine {
	if top >= len(ls) {
		return nil
	}
	return ls[top:min(top+n, len(ls))]
}

func callRow(sc sessionCall, cwd string) ui.CallRow {
	c := sc.call
	path, rest := callParts(c, cwd)
	r := ui.CallRow{Seq: c.Seq, Time: stamp(c.Time, "15:04:05"), Tool: c.AgentTool, Path: path, Args: rest,
		Refused: c.IsError, NoEq: !c.IsFileTool(), Pending: sc.step == nil, NoResult: c.NoResult, NoResultWord: replay.NoResultWord(c, time.Now()), Subagent: c.Subagent}
	if sc.step != nil {
		r.Flags, r.Notes = sc.step.Graded()
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

// gradedFlags are a step's flags with its findings first, then its notes,
// each in their order.
func gradedFlags(fs []replay.Flag) []replay.Flag {
	out := make([]replay.Flag, 0, len(fs))
	for _, note := range []bool{false, true} {
		for _, f := range fs {
			if f.Note() == note {
				out = append(out, f)
			}
		}
	}
	return out
}

// lookedIn names where each agent's sessions of dir are looked for, from
// the formats' registrations (transcript.Places): "path (Claude Code), …".
func lookedIn(env discover.Env, dir string) string {
	var out []string
	for _, pl := range transcript.Places(env, dir) {
		out = append(out, pl.Path+" ("+pl.Title+")")
	}
	return strings.Join(out, ", ")
}
