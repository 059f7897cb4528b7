package pane

import (
	"strings"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// AgentMarks is what the agent of the chosen session saw, for the tree's
// and the viewer's marks: the sessions pane keeps it up to date and shares
// it through Common.Marks (nil while no session is chosen).
type AgentMarks struct {
	Label string                     // "agent session 3f2a…": whose marks these are
	Files map[string]replay.FileSeen // by repo-relative path, as the tree names files

	// the selected call's file and lines (read, or produced by its edit)
	RegionPath string
	Region     []replay.LineRange
}

func (a *AgentMarks) SetFiles(fs []replay.FileSeen) {
	a.Files = make(map[string]replay.FileSeen, len(fs))
	for _, f := range fs {
		a.Files[strings.TrimSuffix(f.Path, "/")] = f
	}
}

// TreeMark is a tree row's mark for raw path.
func (a *AgentMarks) TreeMark(path string) string {
	if a == nil || path == "" {
		return ""
	}
	f, ok := a.Files[repoops.DisplayPath(path)]
	if !ok {
		return ""
	}
	switch {
	case len(f.EditedUnread) > 0:
		return ui.SeenEditedUnread
	case len(f.Edited) > 0 || f.Written:
		return ui.SeenEdited
	case len(f.Read) > 0:
		return ui.SeenRead
	case f.Listed:
		return ui.SeenListed
	}
	return ""
}

// LineMark is the viewer gutter's mark for line n of raw path, and
// whether n lies in the selected call's region.
func (a *AgentMarks) LineMark(path string, n int) (mark string, region bool) {
	if a == nil {
		return "", false
	}
	p := repoops.DisplayPath(path)
	if f, ok := a.Files[p]; ok {
		switch {
		case inRanges(f.EditedUnread, n):
			mark = ui.GutterUnread
		case inRanges(f.Edited, n):
			mark = ui.GutterEdited
		case inRanges(f.Read, n):
			mark = ui.GutterRead
		}
	}
	return mark, a.RegionPath == p && inRanges(a.Region, n)
}

func inRanges(rs []replay.LineRange, n int) bool {
	for _, r := range rs {
		if n >= r.From && n <= r.To {
			return true
		}
	}
	return false
}
