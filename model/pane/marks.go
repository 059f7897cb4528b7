package pane

import (
	"context"
	"slices"
	"strconv"
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

	// Replayed reads a file as the session left it, replayed (the
	// replay's scratch copy); nil while there is no replay to read.
	Replayed FileReader
}

// FileReader reads a file as repo_read_file shows it: a look session,
// or the replay's copy of the repository.
type FileReader interface {
	ReadFile(ctx context.Context, a repoops.ReadArgs) (*repoops.ReadResult, error)
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
	// Forgotten: of Read and Edited, the lines last seen before the
	// session's latest compaction, no longer in the model's context;
	// CompactedAt is the call after that compaction (the replay's
	// FileSeen, never worked out here).
	Forgotten   []Lines
	CompactedAt int
	// Disk is the marks on the file as it is on disk, when its text is
	// not the one the replay left (nil: it is, or not compared yet).
	Disk *DiskMarks
}

// DiskMarks is what the agent did with a file, on the lines of the file
// as it is on disk: a line is marked only where its text is the one the
// mark is about.
type DiskMarks struct {
	Read, Edited, EditedUnread, Forgotten []Lines
	// NotOnDisk are the disk lines where an edit of the session would
	// stand, its text not on disk; Missing counts the edited lines and
	// Edits the runs of them.
	NotOnDisk      []int
	Missing, Edits int
	// Why: the marks could not be checked against the disk (then the
	// replay's marks are drawn, and Why is said).
	Why string
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
// whether n lies in the selected call's region. replayed: the viewer
// shows the file as the session left it; else the file on disk, where a
// line is marked only where its text is the replay's and the line where
// an edit is not on disk is marked ui.GutterNotOnDisk.
func (a *AgentMarks) LineMark(path string, n int, replayed bool) (mark string, region bool) {
	if a == nil {
		return "", false
	}
	p := repoops.DisplayPath(path)
	f, ok := a.Files[p]
	read, edited, unread, forgotten := f.Read, f.Edited, f.EditedUnread, f.Forgotten
	if d := f.Disk; ok && !replayed && d != nil && d.Why == "" {
		if slices.Contains(d.NotOnDisk, n) {
			return ui.GutterNotOnDisk, false
		}
		// the selected call's lines are the replay's: not drawn on
		// another text
		read, edited, unread, forgotten = d.Read, d.Edited, d.EditedUnread, d.Forgotten
		ok = false
	}
	switch {
	case inRanges(unread, n):
		mark = ui.GutterUnread
	case inRanges(forgotten, n):
		mark = ui.GutterForgotten // seen, but before the compaction
	case inRanges(edited, n):
		mark = ui.GutterEdited
	case inRanges(read, n):
		mark = ui.GutterRead
	}
	return mark, (ok || replayed) && a.RegionPath == p && inRanges(a.Region, n)
}

// NotOnDisk is the disk view's note on line n of raw path: "this edit is
// not on disk" where an edit of the session would stand.
func (a *AgentMarks) NotOnDisk(path string, n int) string {
	if a == nil {
		return ""
	}
	if d := a.Files[repoops.DisplayPath(path)].Disk; d != nil && d.Why == "" && slices.Contains(d.NotOnDisk, n) {
		return NotOnDiskNote
	}
	return ""
}

// ForgottenNote is the viewer's header note on raw path when some of its
// marked lines were last seen before the session's latest compaction
// ("": none); short is its narrow form.
func (a *AgentMarks) ForgottenNote(path string) (note, short string) {
	if a == nil {
		return "", ""
	}
	f := a.Files[repoops.DisplayPath(path)]
	if len(f.Forgotten) == 0 || f.CompactedAt == 0 {
		return "", ""
	}
	at := "#" + strconv.Itoa(f.CompactedAt)
	return ui.GutterForgotten + " read before the compaction at " + at + ": no longer in context", ui.GutterForgotten + " before compaction " + at
}

// NotOnDiskNote is said on the line where an edit is not on disk, and
// (counted) once in the viewer's header.
const NotOnDiskNote = "this edit is not on disk"

// DiskNote is the viewer's header note on raw path shown from disk ("":
// its marks stand as they are): how many of the session's edits are not
// on disk, or why the marks were not checked; short is its narrow form.
func (a *AgentMarks) DiskNote(path string) (note, short string) {
	if a == nil {
		return "", ""
	}
	d := a.Files[repoops.DisplayPath(path)].Disk
	switch {
	case d == nil:
		return "", ""
	case d.Why != "":
		return d.Why, "marks not checked"
	case d.Edits == 1:
		return NotOnDiskNote, "edit not on disk"
	case d.Edits > 1:
		n := repoops.Commas(d.Edits)
		return n + " edits are not on disk", n + " edits not on disk"
	}
	return "", ""
}

func inRanges(rs []Lines, n int) bool {
	for _, r := range rs {
		if n >= r.From && n <= r.To {
			return true
		}
	}
	return false
}
