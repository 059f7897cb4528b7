package model

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// horizon is what a default repo_tree from the root lists: the edge of what
// an agent sees without asking further. Rows outside it are drawn dimmed.
type horizon struct {
	listed map[string]repoops.EntryState // raw path -> what the listing shows of it
}

// horizonMsg carries the horizon; it travels in a paneMsg stamped with the
// tree generation it was computed for.
type horizonMsg struct {
	h   *horizon
	err error
}

// computeHorizon runs the default repo_tree once. It goes through the
// session's Tree, so it is the tool's own breadth-first choice, caps
// included, not a re-implementation of it.
func computeHorizon(ctx context.Context, s *repoops.Session, gen int) tea.Cmd {
	return envelop(paneTree, jobLoad, gen, func() tea.Msg {
		res, err := s.Tree(ctx, repoops.TreeArgs{})
		if err != nil {
			return horizonMsg{err: err}
		}
		h := &horizon{listed: make(map[string]repoops.EntryState, len(res.Entries))}
		for _, e := range res.Entries {
			h.listed[e.Raw] = e.State
		}
		return horizonMsg{h: h}
	})
}

// mark says whether path is beyond the horizon, or on its edge (listed,
// contents not listed). Unknown until the horizon arrives: nothing is dimmed.
func (h *horizon) mark(path string) (beyond, edge bool) {
	if h == nil || path == "" {
		return false, false
	}
	st, ok := h.listed[path]
	if !ok {
		return true, false
	}
	return false, st.HidesContents()
}
