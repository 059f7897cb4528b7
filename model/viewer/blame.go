package viewer

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Agent blame (b): a column before the line numbers saying who wrote
// each line of the file as it is now — the recorded session call whose
// change wrote it and still stands, or the commit git blames — and enter
// on a line a session wrote opens the sessions pane at that call. The
// root answers (Common.Blame, replay/blame) in the background; the blame
// is of one version of the file: reading the file again, or another,
// drops it.

// blameState is the viewer's blame: asked for (blaming), or shown.
type blameState struct {
	blaming bool              // asked, not answered yet
	gutter  *pane.BlameGutter // shown (nil: none)
	cells   int               // the widest label, capped: measured once, on arrival
}

// maxBlameCells bounds the column: the file's text keeps the rest.
const maxBlameCells = 22

// blameWidth is the cells of the blame column (0: not shown); a narrow
// pane gets none, the text keeping its room.
func (v *Pane) blameWidth() int {
	g := v.blame.gutter
	if g == nil || g.Err != "" || g.Path != v.path || v.width < 50 || v.showsReplayed() {
		return 0
	}
	return v.blame.cells
}

// toggleBlame is b: ask for the blame of the open file, or hide it.
func (v *Pane) toggleBlame() tea.Cmd {
	switch {
	case v.blame.gutter != nil || v.blame.blaming:
		v.blame = blameState{}
		return nil
	case v.path == "" || v.total <= 0:
		return pane.Notice("open a file first: b says who wrote each of its lines")
	case v.showsReplayed():
		return pane.Notice("blame is of the file on disk: R shows it, then b")
	case v.c.Blame == nil:
		return nil
	}
	v.blame.blaming = true
	return v.c.Blame(v.path, v.gen)
}

// onBlame keeps the blame that arrived for the file shown.
func (v *Pane) onBlame(msg pane.BlameMsg) tea.Cmd {
	if !v.blame.blaming || msg.Gutter.Path != v.path {
		return nil
	}
	g := msg.Gutter
	cells := 1
	for _, l := range g.Lines {
		cells = max(cells, ui.StringWidth(l.Label))
	}
	v.blame = blameState{gutter: &g, cells: min(cells, maxBlameCells)}
	if g.Err != "" {
		v.blame = blameState{}
		return pane.Notice("no blame: " + g.Err)
	}
	return nil
}

// dropBlame forgets the blame: another file or another version is read.
func (v *Pane) dropBlame() { v.blame = blameState{} }

// blameOf is line n's answer ("" and nil when none is shown).
func (v *Pane) blameOf(n int) (label string, call *pane.CallRef) {
	if v.blameWidth() == 0 || n < 1 || n > len(v.blame.gutter.Lines) {
		return "", nil
	}
	l := v.blame.gutter.Lines[n-1]
	return l.Label, l.Call
}

// openBlamed is enter with the blame shown: the sessions pane at the call
// that wrote the cursor's line; false when enter is not the blame's.
func (v *Pane) openBlamed() (tea.Cmd, bool) {
	if v.blameWidth() == 0 {
		return nil, false
	}
	_, call := v.blameOf(v.cursor)
	if call == nil {
		return pane.Notice("line " + repoops.Commas(v.cursor) + " was not written by a recorded session"), true
	}
	if v.c.OpenCall == nil {
		return nil, true
	}
	return v.c.OpenCall(*call), true
}

// blameTitle is the header's word on the blame ("": none).
func (v *Pane) blameTitle() string {
	switch {
	case v.blame.blaming:
		return v.c.SpinFrame() + " blaming…"
	case v.blameWidth() > 0:
		return strings.TrimSpace("blame: " + v.blame.gutter.Summary)
	}
	return ""
}

// BlameShown reports the blame column drawn (tests; the header says it).
func (v *Pane) BlameShown() bool { return v.blameWidth() > 0 }
