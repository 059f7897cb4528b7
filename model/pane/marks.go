package pane

import (
	"strings"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// AgentMarks is what the agent of the chosen session saw, for the tree's
// and the viewer's marks: the sessions pane keeps it up to date (from the
// replay's horizon, which it converts) and shares it through Common.Marks
// (nil while no session is chosen). The contract knows plain line ranges
// only, no replay type.
type AgentMarks struct {
	Label string               // "agent session 3f2a…": whose marks these are
	Files map[string]FileMarks // by repo-relative path, as the tree names files

	// the selected call's file and lines (read, or produced by its edit)
	RegionPath string
	Region     []Lines
}

// Lines is a range of line numbers, From and To included.
type Lines struct{ From, To int }

// FileMarks is what the agent did with one file: the lines it was shown,
// whether a listing named it, the lines its edits produced (and of those
// the ones that replaced lines it had not been shown), whether it wrote
// the file whole.
type FileMarks struct {
	Read, Edited, EditedUnread []Lines
	Listed, Written            bool
}

// SetFiles replaces the files' marks; a folder's path may end in "/".
func (a *AgentMarks) SetFiles(fs map[string]FileMarks) {
	a.Files = make(map[string]FileMarks, len(fs))
	for p, f := range fs {
		a.Files[strings.TrimSuffix(p, "/")] = f
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

func inRanges(rs []Lines, n int) bool {
	for _, r := range rs {
		if n >= r.From && n <= r.To {
			return true
		}
	}
	return false
}
