package model

import (
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The split's bounds and step, in percent of the width.
const (
	SplitMin  = 10
	SplitMax  = 90
	splitStep = 5
)

// settingsSaver writes the settings file off the update loop. Every save
// writes the newest settings, whichever command runs last, so two quick
// changes never leave the older one on disk; Flush writes what no command
// has written yet (the program may quit before its commands run).
type settingsSaver struct {
	mu      sync.Mutex
	path    string
	latest  Settings
	ver     int // bumped per change
	written int // the ver on disk
	err     error
}

// set records s as the newest settings and returns the command that writes
// them; nil when there is no settings file to write (tests, no folder).
func (w *settingsSaver) set(s Settings) tea.Cmd {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.latest = s
	w.ver++
	if w.path == "" {
		return nil
	}
	return func() tea.Msg {
		if err := w.Flush(); err != nil {
			return noticeMsg{Text: "the settings could not be saved: " + err.Error()}
		}
		return nil
	}
}

// Flush writes the newest settings unless they are on disk already.
func (w *settingsSaver) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.path == "" || w.written == w.ver {
		return w.err
	}
	w.err = SaveSettings(w.path, w.latest)
	if w.err == nil {
		w.written = w.ver
	}
	return w.err
}

// changeSettings applies f to the live settings and saves them.
func (m *Model) changeSettings(f func(*Settings)) tea.Cmd {
	f(&m.cfg.Settings)
	return m.saver.set(m.cfg.Settings)
}

// SaveSettings writes settings changed in this run that are not on disk
// yet; Run calls it after the program ends.
func (m *Model) SaveSettings() error { return m.saver.Flush() }

// splitPercent is the tree's share of the width now, in percent.
func (m *Model) splitPercent() int {
	if p := m.cfg.Settings.Split; p > 0 {
		return p
	}
	if m.width <= 0 {
		return 33
	}
	treeW, _ := ui.LayoutSplit(m.width, 0)
	return (treeW*100 + m.width/2) / m.width
}

// stepSplit widens (d > 0) or narrows the tree by one step and remembers
// it; at a bound, or where the panes' minimum widths stop it, it says so.
func (m *Model) stepSplit(d int) tea.Cmd {
	before, _ := ui.LayoutSplit(m.width, m.cfg.Settings.Split)
	next := min(max(m.splitPercent()+d*splitStep, SplitMin), SplitMax)
	after, _ := ui.LayoutSplit(m.width, next)
	if after == before {
		side := "narrowest"
		if d > 0 {
			side = "widest"
		}
		return m.flash("the tree is at its " + side + " (" + repoops.Commas(before) + " columns) — " + m.Keys.Global.SplitReset.Help().Key + " resets the split")
	}
	save := m.changeSettings(func(s *Settings) { s.Split = next })
	m.layout()
	return tea.Batch(save, m.flash("split: the tree takes "+repoops.Commas(next)+"% of the width ("+repoops.Commas(after)+" columns), remembered"))
}

// resetSplit puts the split back to a third and remembers that.
func (m *Model) resetSplit() tea.Cmd {
	save := m.changeSettings(func(s *Settings) { s.Split = 0 })
	m.layout()
	return tea.Batch(save, m.flash("split: back to a third of the width, remembered"))
}
