package tree

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The tree's side of the pane contract.

func (t *Pane) ID() pane.ID      { return pane.Tree }
func (t *Pane) Title() string    { return "Tree" }
func (t *Pane) Size() (int, int) { return t.width, t.height }
func (t *Pane) ShortHelp() []key.Binding {
	if t.filter != nil {
		return t.c.Keys.TreeFilter.ShortHelp()
	}
	return t.c.Keys.Tree.ShortHelp()
}
func (t *Pane) FullHelp() [][]key.Binding { return t.c.Keys.Tree.FullHelp() }
func (t *Pane) Agent() *pane.AgentState   { return &t.agent }
func (t *Pane) Loading() bool             { return t.anyLoading() }

// Generation: every listing and the horizon belong to one tree generation,
// bumped by a reload; the rest timer, the reach and the filter count their own.
func (t *Pane) Generation(j pane.Job) int {
	switch j {
	case pane.JobRest:
		return t.restSeq
	case pane.JobReach:
		return t.reach.gen
	case pane.JobFilterList, pane.JobFilter:
		return t.filterGen(j)
	}
	return t.gen
}

// AgentCall is the repo_tree call for the selected folder (a file's folder).
func (t *Pane) AgentCall() (string, any, string) {
	return repoops.ToolTree, t.call(), ""
}

func (t *Pane) call() repoops.TreeArgs {
	n := t.selected()
	for n != nil && !n.isDir() {
		n = n.parent
	}
	if n == nil || n.path == "" {
		return repoops.TreeArgs{}
	}
	return repoops.TreeArgs{Path: repoops.DisplayPath(n.path)}
}

// Status is the selected path and whether it lies beyond the horizon.
func (t *Pane) Status() pane.Status {
	var f pane.Status
	if n := t.selected(); n != nil {
		f.Path = repoops.DisplayPath(n.path)
		if n.kind == repoops.KindDir && n.path != "" {
			f.Path += "/"
		}
		f.Beyond, _ = t.horizon.mark(n.path)
		if n.isIgnored {
			f.Beyond = false
			f.Reach = ignoredNote
		} else if f.Beyond && t.reach.path == n.path {
			f.Reach = t.reach.text
		} else if note := t.horizon.edgeNote(n.path); note != "" {
			f.Reach = note
		}
	}
	return f
}

// ignoredNote is what the status line says of an ignored entry.
const ignoredNote = "ignored: repo_tree, repo_find and repo_grep never list it; repo_read_file by exact path reads it"

func (t *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return t.key(msg)
	case tea.MouseClickMsg:
		if msg.Y == 0 {
			return nil
		}
		i := t.offset + msg.Y - 1
		rows := t.shown()
		if i >= len(rows) || i >= t.offset+t.visible() || rows[i].rule {
			return nil
		}
		if i == t.cursor {
			if t.filter != nil {
				return nil
			}
			return t.activate(t.selected())
		}
		t.cursor = i
		t.clamp()
		return t.moved()
	case tea.MouseWheelMsg:
		t.scroll(pane.WheelDelta(msg.Button))
		return nil
	case pane.ReloadMsg:
		return t.reload()
	case dirLoadedMsg:
		var cmd tea.Cmd
		t.onTree(func() { cmd = t.onDirLoaded(msg) })
		return cmd
	case horizonMsg:
		t.horizonWaiting = false
		if msg.err == nil {
			t.horizon = msg.h
			t.reach = reachState{gen: t.reach.gen + 1}
			t.onTree(t.rebuild)
		}
		return nil
	case gitMarksMsg:
		t.gitWaiting = false
		t.git = msg.marks
		t.relistChanged()
		return nil
	case restMsg:
		return t.onRest()
	case reachMsg:
		t.reach.path, t.reach.text, t.reach.cancel = msg.path, msg.text, nil
		return nil
	case filterListMsg:
		return t.onFilterList(msg)
	case filterPassMsg:
		return t.onFilterPass(msg)
	}
	return nil
}

func (t *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := t.c.Keys.Tree
	if cmd, done := t.countKey(msg); done {
		return cmd
	}
	n, counted := max(t.count, 1), t.count > 0
	t.count = 0
	switch {
	case key.Matches(msg, k.ChangedOnly):
		return t.toggleChanged()
	case t.changed != nil && (key.Matches(msg, k.Expand) || key.Matches(msg, k.Collapse)):
		return t.changedKey(key.Matches(msg, k.Expand))
	case key.Matches(msg, k.Expand):
		return t.activate(t.selected())
	case key.Matches(msg, k.Collapse):
		if n := t.selected(); n != nil {
			t.collapse(n)
		}
		return t.moved()
	case key.Matches(msg, k.Filter):
		t.changed = nil // the filter searches the whole file set
		return t.openFilter()
	case key.Matches(msg, k.ShowIgnored):
		t.showIgnored = !t.showIgnored
		t.rebuild()
		return t.say("ignored entries " + onOff(t.showIgnored))
	case key.Matches(msg, k.FoldersFirst):
		t.foldersFirst = !t.foldersFirst
		t.rebuild()
		on := t.foldersFirst
		return tea.Batch(t.say("folders first "+onOff(on)), t.remember(func(s *pane.Settings) { s.FoldersFirst = on }))
	case key.Matches(msg, k.Preview):
		t.preview = !t.preview
		on := t.preview
		return tea.Batch(t.say("preview on move "+onOff(on)), t.remember(func(s *pane.Settings) { s.NoPreview = !on }))
	}
	d, top, bottom := pane.NavStep(k.Nav, msg, t.visible())
	before := t.cursor
	switch {
	case counted && (top || bottom):
		t.cursor = min(n, len(t.rows)) - 1 // 20G, 20gg: row 20, as vim's line 20
		t.clampDir(-1)
	case top:
		t.cursor = 0
		t.clamp()
	case bottom:
		t.cursor = len(t.rows) - 1
		t.clampDir(-1)
	default:
		t.move(d * n)
	}
	if t.cursor != before {
		return t.moved()
	}
	return nil
}

func onOff(on bool) string {
	if on {
		return "shown"
	}
	return "off"
}

// remember saves a changed setting, when the tree is part of a model.
func (t *Pane) remember(f func(*pane.Settings)) tea.Cmd {
	if t.setting == nil {
		return nil
	}
	return t.setting(f)
}

// say shows a short message in the status line.
func (t *Pane) say(s string) tea.Cmd {
	return pane.Notice(s)
}

// activate expands a folder or opens a file in the viewer.
func (t *Pane) activate(n *node) tea.Cmd {
	if n == nil {
		return nil
	}
	if n.isDir() {
		if n.expanded && n.loaded && n.parent != nil {
			return nil
		}
		return t.expand(n)
	}
	return t.c.Open(n.path, 0)
}

// View draws the tree at w×h.
func (t *Pane) View(w, h int, focused bool) string {
	rows, cur := t.rowsView()
	title := "tree"
	if n := len(t.shown()); n > 1 {
		title += "  " + repoops.Commas(t.cursor+1) + "/" + repoops.Commas(n)
	}
	if t.filter.showing() {
		title += "  filter"
	} else if t.changed != nil {
		title += "  changed"
	}
	v := ui.TreeView{Title: title, Rows: rows, Cursor: cur, Focused: focused, Spinner: t.c.SpinFrame(), Legend: t.legend(w)}
	if t.filter != nil {
		v.Footer = t.filter.footer(t.c.Files)
	} else if t.changed != nil {
		v.Footer = t.changed.footer()
	}
	return t.c.Styles.RenderTree(v, w, h)
}

// legend is the bottom line: which request the dimming is relative to, or,
// on a row beyond it, what an agent calls to reach that row.
func (t *Pane) legend(w int) string {
	if n := t.selected(); n != nil {
		f := t.Status()
		if f.Reach != "" {
			return "◦ " + f.Reach
		}
	}
	forms := t.horizon.legend()
	if len(forms) == 0 {
		return "◦ dim = not in a default repo_tree (computing…)"
	}
	for _, f := range forms {
		if ui.StringWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}
