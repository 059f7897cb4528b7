package tree

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// horizon is what a default repo_tree from the root lists: the edge of what
// an agent sees without asking further. Rows outside it are drawn dimmed,
// and the tree's bottom line names the call (legend).
type horizon struct {
	listed map[string]repoops.TreeEntry // raw path -> how the listing shows it

	call                 string // the call, as an agent writes it: repo_tree {}
	maxEntries, maxDepth int    // from the result, not from a copied constant
	truncated            bool
	// cutIn is the folder the entry cap fell inside (raw; "" is the root)
	// when truncated: the rule goes among its children, before the first
	// one not listed. cut says there is such a folder.
	cutIn string
	cut   bool
}

// horizonMsg carries the horizon; it travels in a pane.Msg stamped with the
// tree generation it was computed for.
type horizonMsg struct {
	h   *horizon
	err error
}

// computeHorizon runs the default repo_tree once. It goes through the
// session's Tree, so it is the tool's own breadth-first choice, caps
// included, not a re-implementation of it.
func computeHorizon(ctx context.Context, s *repoops.Session, gen int) tea.Cmd {
	return pane.Envelop(pane.Tree, pane.JobLoad, gen, func() tea.Msg {
		args := repoops.TreeArgs{}
		res, err := s.Tree(ctx, args)
		if err != nil {
			return horizonMsg{err: err}
		}
		return horizonMsg{h: newHorizon(repoops.CallText(repoops.ToolTree, args), res)}
	})
}

func newHorizon(call string, res *repoops.TreeResult) *horizon {
	h := &horizon{listed: make(map[string]repoops.TreeEntry, len(res.Entries)), call: call,
		maxEntries: res.MaxEntries, maxDepth: res.MaxDepth, truncated: res.Truncated}
	top := 0
	for _, e := range res.Entries {
		h.listed[e.Raw] = e
		if e.State == repoops.EntryPartlyListed {
			h.cutIn, h.cut = e.Raw, true
		}
		if e.Depth == 1 {
			top++
		}
	}
	if h.truncated && !h.cut && top == len(res.Entries) {
		h.cut = true // the root itself holds more than the cap
	}
	return h
}

// mark says whether path is beyond the horizon, or on its edge (listed,
// contents not listed). Unknown until the horizon arrives: nothing is dimmed.
func (h *horizon) mark(path string) (beyond, edge bool) {
	if h == nil || path == "" {
		return false, false
	}
	e, ok := h.listed[path]
	if !ok {
		return true, false
	}
	return false, e.State.HidesContents()
}

// partly is how much of folder path's contents the listing shows when the
// entry cap cut it (total 0 otherwise).
func (h *horizon) partly(path string) (listed, total int) {
	if h == nil {
		return 0, 0
	}
	if e, ok := h.listed[path]; ok && e.State == repoops.EntryPartlyListed {
		return e.Listed, e.Total
	}
	return 0, 0
}

// legend says which request the dimming is relative to, in the tool's own
// numbers, longest first: the first that fits the pane is shown.
func (h *horizon) legend() []string {
	if h == nil {
		return nil
	}
	n, d := repoops.Commas(h.maxEntries), repoops.Commas(h.maxDepth)
	return []string{
		"◦ dim = not in " + h.call + " (" + n + " entries, depth " + d + ")",
		"◦ not in " + h.call + " (" + n + " entries, depth " + d + ")",
		"◦ not in " + h.call + " (" + n + ", depth " + d + ")",
		"◦ not in " + h.call,
	}
}

// edgeNote says, for a folder on the horizon's edge (⋯ or ◑), what the
// default listing showed of it and the call that lists the rest; "" for
// any other path.
func (h *horizon) edgeNote(path string) string {
	if h == nil {
		return ""
	}
	e, ok := h.listed[path]
	if !ok || !e.State.HidesContents() {
		return ""
	}
	next := repoops.CallText(repoops.ToolTree, repoops.TreeArgs{Path: repoops.DisplayPath(path)})
	if e.State == repoops.EntryPartlyListed {
		return "◑ " + h.call + " lists " + repoops.Commas(e.Listed) + " of " + repoops.Commas(e.Total) + " here (entry cap) — " + next + " lists the rest"
	}
	return ui.GlyphEdge + " " + h.call + " stops at depth " + repoops.Commas(h.maxDepth) + " here, " + repoops.MarkNotListed + " — " + next + " lists them"
}

// ruleText is the text of the rule where the entry cap falls.
func (h *horizon) ruleText() (long, short string) {
	n := repoops.Commas(h.maxEntries)
	return h.call + " stops here: " + n + " entries", "stops: " + n + " entries"
}

// reachStart is the first call an agent makes, from what the root listing
// showed it, toward path beyond the horizon: repo_tree on the deepest
// ancestor that listing shows with its contents not (fully) listed. ok is
// false when no ancestor is such a folder (an ignored entry, say).
func (h *horizon) reachStart(path string) (repoops.TreeArgs, bool) {
	if h == nil {
		return repoops.TreeArgs{}, false
	}
	for p := parentOf(path); p != ""; p = parentOf(p) {
		if e, ok := h.listed[p]; ok {
			if e.State.HidesContents() || e.Kind == repoops.KindSymlink {
				return repoops.TreeArgs{Path: repoops.DisplayPath(p)}, true
			}
			return repoops.TreeArgs{}, false
		}
	}
	return repoops.TreeArgs{}, false // at the top: only the root's own cut leaves it out
}

// parentOf is the folder holding path ("" for the root).
func parentOf(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[:i]
	}
	return ""
}
