package viewer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The viewer's side of the pane contract.

func (v *Pane) ID() pane.ID               { return pane.Viewer }
func (v *Pane) Title() string             { return "Viewer" }
func (v *Pane) Size() (int, int)          { return v.width, v.height }
func (v *Pane) ShortHelp() []key.Binding  { return v.c.Keys.Viewer.ShortHelp() }
func (v *Pane) FullHelp() [][]key.Binding { return v.c.Keys.Viewer.FullHelp() }
func (v *Pane) Agent() *pane.AgentState   { return &v.agent }
func (v *Pane) Loading() bool             { return v.req != nil || v.search.scan.running }

// Generation: windows belong to the open file (bumped per open and
// Reload), gate verdicts to the newest check.
func (v *Pane) Generation(j pane.Job) int {
	switch j {
	case pane.JobGate:
		return v.gateSeq
	case pane.JobScan:
		return v.search.scan.gen
	}
	return v.gen
}

// AgentCall is the repo_read_file call for the visible window.
func (v *Pane) AgentCall() (string, any, string) {
	if v.path == "" {
		return "", nil, "open a file first: agent view shows the read for it"
	}
	return repoops.ToolRead, v.Call(), ""
}

// Status is the open file and cursor line, and the gate.
func (v *Pane) Status() pane.Status {
	var f pane.Status
	if v.path != "" {
		f.Path = repoops.DisplayPath(v.path)
		if v.total > 0 {
			f.Path += ":" + repoops.Commas(v.cursor)
		}
	}
	f.Gate, f.GateText, f.GateTiny = v.GateStatus()
	if v.path != "" {
		f.GateFile = repoops.DisplayPath(v.path)
	}
	return f
}

func (v *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return v.key(msg)
	case tea.MouseClickMsg:
		if msg.Y == 0 || v.total <= 0 {
			return nil
		}
		if r := v.rowAtY(msg.Y - 1); r >= 0 {
			if n := v.lineAt(r); n > 0 && n <= v.total {
				v.cursor = n
			}
		}
		return nil
	case tea.MouseWheelMsg:
		v.scroll(pane.WheelDelta(msg.Button))
		return v.EnsureLoaded()
	case tea.BackgroundColorMsg:
		v.styled = nil
		return nil
	case pane.ReloadMsg:
		return v.Reload()
	case windowMsg:
		return v.onWindow(msg)
	case hiddenMsg:
		v.hidden = hiddenNote(msg)
		return nil
	case gateMsg:
		v.onGate(msg)
		return nil
	case scanMsg:
		return v.onScan(msg)
	case pane.AgentRanMsg:
		return v.CheckGate() // the agent view's read is a read too
	case pane.BlameMsg:
		return v.onBlame(msg)
	}
	return nil
}

// key handles a key; a move off the cursor line forgets how far along a
// tall wrapped line the view was.
func (v *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	at := v.cursor
	cmd := v.keyMove(msg)
	if v.cursor != at {
		v.skipLine = 0
	}
	return cmd
}

func (v *Pane) keyMove(msg tea.KeyPressMsg) tea.Cmd {
	k := v.c.Keys.Viewer
	if cmd, done := v.motionKey(msg); done {
		return cmd
	}
	n, counted := v.takeCount()
	switch {
	case key.Matches(msg, k.Search):
		if v.total <= 0 {
			return pane.Notice("nothing to search: open a file with lines first")
		}
		v.openPrompt()
		return nil
	case key.Matches(msg, k.Next):
		return v.nextMatchN(true, n)
	case key.Matches(msg, k.Prev):
		return v.nextMatchN(false, n)
	case key.Matches(msg, k.Select):
		v.toggleSelect()
		return nil
	case key.Matches(msg, k.Replayed):
		return v.toggleReplayed()
	case key.Matches(msg, k.Blame):
		return v.toggleBlame()
	case key.Matches(msg, k.BlameOpen):
		cmd, _ := v.openBlamed()
		return cmd
	case key.Matches(msg, k.Cancel):
		if v.search.scan.running {
			v.stopScan("esc") // the first esc stops the scan, keeping what it found
			return nil
		}
		v.sel = 0
		v.search.reset()
		v.styled = nil
		return nil
	case key.Matches(msg, k.Left):
		if v.alongLine(-n, 0) {
			return nil
		}
		v.hscroll = max(v.hscroll-hStep*n, 0)
		return nil
	case key.Matches(msg, k.Right):
		if v.wrap {
			return v.alongOrSay(n, 0)
		}
		v.hscroll += hStep * n
		v.clampHScroll()
		return nil
	}
	d, top, bottom := pane.NavStep(k.Nav, msg, v.body())
	d *= n
	switch {
	case (top || bottom) && counted:
		return v.goToLine(n)
	case top:
		v.cursor = 1
		v.showCursor()
	case bottom:
		v.cursor = v.total
		v.showCursor()
	case key.Matches(msg, k.Up, k.Down):
		v.moveCursor(d)
	case d != 0:
		// Pages move the view and the cursor together, like a pager.
		v.top += d
		v.cursor += d
		v.cursor = min(max(v.cursor, 1), max(v.total, 1))
		v.clampTop()
		v.showCursor()
	}
	return v.EnsureLoaded()
}

// hStep is the columns h and l scroll.
const hStep = 8

// View draws the viewer at w×h.
func (v *Pane) View(w, h int, focused bool) string {
	vv := ui.ViewerView{Focused: focused, HScroll: v.hscroll, Wrap: v.wrap, Footer: v.search.footer()}
	shown := ui.MiddleCut(repoops.DisplayPath(v.path), w-1)
	switch {
	case v.path == "":
		vv.Title = "viewer"
		vv.Message = "Select a file in the tree and press enter (or l) to read it the way repo_read_file shows it."
	case v.refusal != "":
		vv.Title = shown
		if v.replayedNote()[0] != "" {
			vv.Title = v.titleNoted(w, "")
		}
		vv.Message, vv.IsRefusal = v.refusal, true
	case v.empty != "":
		vv.Title = shown
		vv.Message = v.empty
	case v.total < 0:
		vv.Title = v.title(w, v.c.SpinFrame()+" reading…")
	default:
		first, last := v.visibleRange()
		rest := "lines " + repoops.Commas(first) + "-" + repoops.Commas(last) + " of " + repoops.Commas(v.total)
		if r := v.rowOf(v.cursor); v.wrap && v.lineAt(v.top) == v.cursor && v.span(r) > v.body() {
			// A wrapped line taller than the screen: which of its rows show.
			skip := v.topSkip()
			rest += " · rows " + repoops.Commas(skip+1) + "-" + repoops.Commas(skip+v.body()) + " of " + repoops.Commas(v.span(r)) + " (l, $)"
		}
		if v.req != nil {
			rest += "  " + v.c.SpinFrame()
		}
		if b := v.blameTitle(); b != "" {
			rest += " · " + b
		}
		vv.Title = v.titleNoted(w, rest) // the note said once
		vv.Gutter = ui.GutterWidth(v.total)
		vv.RuleText, vv.RuleShort = v.ruleText()
		vv.PendingMsg = "reading…"
		vv.Rows = v.rowsView()
		vv.Marks = v.c.Marks != nil
		vv.Blame = v.blameWidth()
	}
	return v.c.Styles.RenderViewer(vv, w, h)
}

// title is the header: the path (its middle cut when it must, never the
// file name), then rest, then the tool's notes on the file when they fit.
func (v *Pane) title(w int, rest string) string {
	path := repoops.DisplayPath(v.path)
	notes := strings.Join(v.fileNotes(), " · ")
	if notes != "" {
		notes = "  · " + notes
	}
	room := w - 1 - ui.StringWidth(rest) - 2
	// The file name first, then the notes, then the middle of the path.
	name := path[strings.LastIndexByte(path, '/')+1:]
	for short := 1; short <= 3 && min(ui.StringWidth(path), ui.StringWidth(name)+2)+ui.StringWidth(notes) > room; short++ {
		notes = ""
		if ns := shortNotes(v.fileNotes(), short); short < 3 && len(ns) > 0 {
			notes = "  · " + strings.Join(ns, " · ")
		}
	}
	return ui.MiddleCut(path, max(room-ui.StringWidth(notes), 1)) + "  " + rest + notes
}

// rowsView describes the on-screen rows, styling each line once per
// styles, search and match change (the cache), not per frame.
func (v *Pane) rowsView() []ui.ViewerRow {
	if v.styled == nil {
		v.styled = map[int]string{}
	}
	body := v.body()
	rows := make([]ui.ViewerRow, 0, body)
	for r, used := v.top, 0; used < body && r < v.rows(); r++ {
		used += v.shown(r)
		n := v.lineAt(r)
		if n == 0 {
			rows = append(rows, ui.ViewerRow{Kind: ui.RowRule})
			continue
		}
		l, ok := v.find(n)
		if !ok {
			rows = append(rows, ui.ViewerRow{Kind: ui.RowPending, N: n})
			continue
		}
		s, ok := v.styled[n]
		if !ok {
			cur := -1
			if n == v.search.line {
				cur = v.search.index
			}
			s = v.c.Styles.CodeLine(l.tokens, matchesIn(l.text, v.search.query), cur, l.cut)
			v.styled[n] = s
		}
		seen, region := v.c.Marks.LineMark(v.path, n, v.showsReplayed())
		blamed, by := v.blameOf(n)
		skip := 0
		if r == v.top {
			skip = v.topSkip()
		}
		rows = append(rows, ui.ViewerRow{Kind: ui.RowLine, N: n, Styled: s, Cursor: n == v.cursor, Selected: v.selected(n), Seen: seen, Region: region, Skip: skip, Note: v.lineNote(n), Blame: blamed, BySession: by != nil})
	}
	return rows
}

// Call is the repo_read_file call for the visible window: from the first
// line on screen, with the tool's default limit, the read an agent makes
// to see this place.
func (v *Pane) Call() repoops.ReadArgs {
	off, lim := 1, defaultLimit
	if v.total > 0 {
		off, _ = v.visibleRange()
	}
	return repoops.ReadArgs{Path: repoops.DisplayPath(v.path), Offset: &off, Limit: &lim}
}
