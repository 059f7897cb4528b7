package model

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/help"
	"github.com/repoxhq/repox/model/preview"
	"github.com/repoxhq/repox/model/tour"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Update routes a message: sizes and colours to the layout and every pane,
// keys to the top overlay or else the focused pane, the mouse to the pane
// under it, and each envelope to the pane it is addressed to, unless it is
// stale. The spinner runs while anything loads.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	if m.watch != nil {
		if w := m.syncWatch(); w != nil {
			cmd = tea.Batch(cmd, w)
		}
	}
	if m.sessions != nil {
		cmd = tea.Batch(cmd, m.sessions.SyncViewer(m.viewer.Path(), m.viewer.Version()))
	}
	// the replayed view (R) ends with its replay: the file from disk again
	cmd = tea.Batch(cmd, m.viewer.DropReplayed())
	if !m.spinning && m.loading() {
		cmd = tea.Batch(cmd, m.startSpinner())
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m.viewer.EnsureLoaded()
	case tea.BackgroundColorMsg:
		return m.onBackground(msg)
	case tea.KeyPressMsg:
		return m.onKeyPress(msg)
	case tea.MouseClickMsg:
		cmd := m.onClick(msg.Mouse())
		m.layout()
		return cmd
	case tea.MouseWheelMsg:
		return m.onWheel(msg.Mouse())
	case tea.MouseMotionMsg:
		m.onDrag(msg.X)
		return nil
	case tea.MouseReleaseMsg:
		return m.endDrag()
	case paneMsg:
		return m.deliver(msg)
	case noticeMsg:
		return m.flash(msg.Text)
	case watchReadyMsg:
		m.watch = msg.d
		return msg.d.next()
	case diskMsg:
		if m.watch == nil {
			return nil
		}
		return m.onDisk(msg)
	case reloadedMsg:
		return m.onReloaded()
	case editorDoneMsg:
		return m.onEditorDone(msg)
	case preview.UndoneMsg:
		return m.onUndone(msg)
	case preview.AppliedMsg:
		return m.onApplied(msg)
	case tea.ClipboardMsg:
		return m.onClipboard(msg)
	case copyTimeoutMsg:
		return m.onCopyTimeout(msg)
	case copyCallMsg:
		return m.copyText(copyCallText(msg.Call, msg.Res.Text), "the call and its "+repoops.SizeText(len(msg.Res.Text))+" of model text")
	case spinMsg:
		return m.onSpin()
	case agentFollowMsg:
		return m.onAgentFollow(msg)
	case typingEndMsg:
		if msg.gen == m.typedGen {
			m.typed = ""
		}
		return nil
	case tour.GoMsg:
		return m.goStep(msg.Step)
	case tea.ResumeMsg:
		return tea.Batch(m.checkGate(), m.flash("resumed"))
	case clearMsg:
		if msg.gen == m.msgGen {
			m.message = ""
		}
		return nil
	}
	return nil
}

// onBackground restyles for the terminal's background (unless the
// configuration fixes it dark or light) and tells every pane.
func (m *Model) onBackground(msg tea.BackgroundColorMsg) tea.Cmd {
	dark := msg.IsDark()
	switch m.cfg.Background {
	case "dark":
		dark = true
	case "light":
		dark = false
	}
	m.Styles = ui.NewThemedStyles(dark, m.cfg.NoColor, m.cfg.Theme)
	return m.broadcast(msg)
}

// onKeyPress clears the message (it is about the key that made it),
// handles the key and lays the screen out again.
func (m *Model) onKeyPress(msg tea.KeyPressMsg) tea.Cmd {
	m.message = ""
	if msg.Code == tea.KeyEscape && msg.Mod == tea.ModAlt {
		// Esc Esc typed quickly arrives as one ESC ESC sequence, which
		// reads as Escape with Alt held: it is two presses of esc.
		esc := tea.KeyPressMsg{Code: tea.KeyEscape}
		return tea.Batch(m.update(esc), m.update(esc))
	}
	cmd := m.onKey(msg)
	m.layout()
	return cmd
}

// onReloaded follows a reload of the repository: every pane reloads, the
// file set is listed again and each pane's agent view is refreshed.
func (m *Model) onReloaded() tea.Cmd {
	cmds := []tea.Cmd{m.broadcast(reloadMsg{}), m.invalidateFiles()}
	for _, p := range m.panes() {
		cmds = append(cmds, m.refreshAgent(p))
	}
	return tea.Batch(append(cmds, m.flash("reloaded"))...)
}

// onEditorDone is the return from the external editor: the viewed file
// is reloaded when it was the one edited.
func (m *Model) onEditorDone(msg editorDoneMsg) tea.Cmd {
	if msg.err != nil {
		return m.flash("editor: " + msg.err.Error())
	}
	if msg.path != m.viewer.Path() {
		return m.flash("back from the editor")
	}
	return tea.Batch(m.reloadFile(), m.flash("back from the editor; "+repoops.DisplayPath(msg.path)+" reloaded"))
}

// deliver hands an envelope's message to its pane. This is the one place
// where stale results are dropped: the pane is gone, or it has started
// another generation of that kind of job since.
func (m *Model) deliver(env paneMsg) tea.Cmd {
	if env.To == paneFiles {
		return m.onFiles(env)
	}
	p := m.pane(env.To)
	if p == nil || env.Gen != m.generation(p, env.Job) {
		return nil
	}
	if am, ok := env.Msg.(agentMsg); ok {
		p.Agent().Apply(am.res)
		return nil
	}
	return p.Update(env.Msg)
}

// generation is p's current generation for job j. The agent view's is
// kept here, for every pane alike: the call of the view now on screen.
func (m *Model) generation(p pane, j job) int {
	if j == jobAgent {
		a := p.Agent()
		if a == nil || !a.On {
			return -1
		}
		return a.Gen
	}
	return p.Generation(j)
}

// pane finds a pane by id: one the root holds (the tree, the viewer, the
// sessions pane shown or hidden, whose follow goes on), or an open overlay.
func (m *Model) pane(id paneID) pane {
	for _, p := range m.held {
		if p.ID() == id {
			return p
		}
	}
	if o := m.Overlays.Find(id); o != nil {
		return o
	}
	return nil
}

// hold keeps p for good: envelopes reach it whether or not it is shown.
func (m *Model) hold(p pane) {
	for i, q := range m.held {
		if q.ID() == p.ID() {
			m.held[i] = p
			return
		}
	}
	m.held = append(m.held, p)
}

// agentOn reports p's agent view on.
func agentOn(p pane) bool {
	a := p.Agent()
	return a != nil && a.On
}

// panes are the panes of the focus ring, in its order.
func (m *Model) panes() []pane {
	out := make([]pane, 0, len(m.ring.order))
	for _, id := range m.ring.order {
		if p := m.pane(id); p != nil {
			out = append(out, p)
		}
	}
	return out
}

func (m *Model) focused() pane { return m.pane(m.focus) }

// broadcast sends msg to every pane of the ring.
func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for _, p := range m.panes() {
		cmds = append(cmds, p.Update(msg))
	}
	return tea.Batch(cmds...)
}

// openFile shows path in the viewer with the cursor at line (1 if 0).
func (m *Model) openFile(path string, line int) tea.Cmd {
	cmd := m.viewer.Open(path, line)
	return tea.Batch(cmd, m.viewer.CheckHidden())
}

// showFile is common.open: line 0 keeps the place in a file already open.
func (m *Model) showFile(path string, line int) tea.Cmd {
	if line == 0 && path == m.viewer.Path() {
		return nil
	}
	return m.openFile(path, line)
}

func (m *Model) reloadFile() tea.Cmd { return m.viewer.Reload() }

func (m *Model) checkGate() tea.Cmd { return m.viewer.CheckGate() }

func (m *Model) gateStatus() (ui.GateState, string, string) { return m.viewer.GateStatus() }

func (m *Model) viewerCall() repoops.ReadArgs { return m.viewer.Call() }

// resize lays the panes out for a new terminal size.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.layout()
}

// layout sizes the panes and overlays. The tree's agent view, whose lines
// are whole paths, takes the wide side while it has focus.
func (m *Model) layout() {
	treeW, viewW := ui.LayoutSplit(m.width, m.cfg.Settings.Split)
	if tw, vw := ui.LayoutSplit(m.width, tourSplit); m.tours.tour != nil && tw > treeW {
		treeW, viewW = tw, vw // the panel beside the console needs its room
	}
	if m.focus == paneTree && m.tree.Agent().On {
		treeW, viewW = viewW, treeW
	}
	body := max(m.height-2, 1)
	if w, h := m.tree.Size(); treeW != w || body != h {
		m.tree.SetSize(treeW, body)
	}
	if w, h := m.viewer.Size(); viewW != w || body != h {
		m.viewer.SetSize(viewW, body)
	}
	for _, o := range m.Overlays.Items {
		switch o.Area() {
		case areaBody:
			o.SetSize(m.width, m.height-2)
		case areaViewer:
			o.SetSize(viewW, body)
		}
	}
}

// pushOverlay opens o on top of the stack.
func (m *Model) pushOverlay(o overlay) {
	m.Overlays.Push(o)
	m.layout()
}

// popOverlay closes the top overlay.
func (m *Model) popOverlay() tea.Cmd {
	cmd := m.Overlays.Pop()
	m.layout()
	return cmd
}

// onKey handles one key press: the top overlay first (esc pops it), then
// global keys, then the focused pane (or its agent view).
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.Keys.Global.Suspend) {
		return m.suspend() // the terminal's key: whatever has the keys
	}
	if cmd, ok := m.tourKey(msg); ok {
		return cmd
	}
	if o := m.Overlays.Top(); o != nil {
		if key.Matches(msg, m.Keys.Overlay.Close) {
			if e, ok := o.(escaper); ok && e.Escape() {
				return nil
			}
			return m.popOverlay()
		}
		if opensHelp(o) && key.Matches(msg, m.Keys.Global.Help) {
			m.pushOverlay(help.NewShort(m.common, m.helpOver(o), helpOverFirst))
			return nil
		}
		cmd := o.Update(msg)
		if o.Done() && m.Overlays.Top() == o {
			cmd = tea.Batch(cmd, m.popOverlay())
		}
		return cmd
	}
	if cmd, done := m.guardTyping(msg); done {
		return cmd
	}
	p := m.focused()
	if kt, ok := p.(keyTaker); ok && !agentOn(p) && kt.TakesKey(msg) {
		return p.Update(msg) // the second key of zz, or 10j's 0
	}
	out, wait, seq := m.seq.Key(msg, m.Keys.Tree.Top) // g g: the movement every pane shares
	switch {
	case wait:
		return nil
	case seq:
		return m.toPane(p, out) // a completed sequence is the pane's, whatever its keys
	}
	if key.Matches(msg, m.Keys.Global.Bindings()...) {
		for _, q := range m.held {
			if pp, ok := q.(pendingPane); ok {
				pp.ClearPending() // a count typed before another command is dropped
			}
		}
	}
	for _, gk := range m.globals {
		if key.Matches(msg, gk.keys...) {
			return gk.run(msg)
		}
	}
	if cmd, unbound := m.unboundKey(p, msg); unbound {
		return cmd
	}
	return m.toPane(p, msg)
}

// toPane gives a key to the focused pane, or to its agent view when on.
func (m *Model) toPane(p pane, msg tea.KeyPressMsg) tea.Cmd {
	if a := p.Agent(); a != nil && a.On {
		return m.navAgent(p, msg)
	}
	return p.Update(msg)
}

// bindingDesc is the help text of the binding a key matched.
func bindingDesc(msg tea.KeyPressMsg, bs []key.Binding) string {
	for _, b := range bs {
		if key.Matches(msg, b) {
			return b.Help().Desc
		}
	}
	return ""
}
