package viewer

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The file as the session left it (R): while a session is chosen in the
// sessions pane, the viewer shows either the file on disk (its marks only
// on lines whose text is the replay's, and where an edit of the session
// is not on disk, said so) or the file as the replay of the session left
// it, read from the replay's scratch copy, with the replay's marks. The
// windows, the search and the rule all read through the one reader.

// reader is where the open file is read from: the replay's copy in the
// replayed view, else the look session (the disk, recording nothing).
func (v *Pane) reader() pane.FileReader {
	if v.showsReplayed() {
		return v.c.Marks.Replayed
	}
	return v.c.Look
}

// showsReplayed: the replayed view is on and there is a replay to read.
func (v *Pane) showsReplayed() bool {
	return v.replayed && v.c.Marks != nil && v.c.Marks.Replayed != nil
}

// Replayed reports the replayed view (R) on.
func (v *Pane) Replayed() bool { return v.replayed }

// toggleReplayed is R: the file on disk or as the session left it, read
// afresh at the same line.
func (v *Pane) toggleReplayed() tea.Cmd {
	if !v.replayed && (v.c.Marks == nil || v.c.Marks.Replayed == nil) {
		return pane.Notice("no session is replayed: c opens the sessions pane, enter follows a session — then R shows a file as it left it")
	}
	v.replayed = !v.replayed
	return v.Reload()
}

// DropReplayed leaves the replayed view when its replay is gone (the
// session closed or another chosen): the file is read from disk again.
func (v *Pane) DropReplayed() tea.Cmd {
	if !v.replayed || v.showsReplayed() {
		return nil
	}
	v.replayed = false
	return v.Reload()
}

// replayedNote is the header's notes, in the order they are tried: both
// in full, the one on which text is shown short, both short, and that one
// alone (the gutter's ╎ still marks the lines no longer in context). Each is "" when
// there is nothing to say: a file on disk with its marks as they are, or
// no session chosen.
func (v *Pane) replayedNote() []string {
	note, short := v.textNote()
	// which marked lines are no longer in the model's context (the
	// replay's, pane.AgentMarks.ForgottenNote), after which text it is
	n, s := v.c.Marks.ForgottenNote(v.path)
	join := func(a, b string) string { return strings.TrimPrefix(strings.TrimSuffix(a+" · "+b, " · "), " · ") }
	return []string{join(note, n), join(short, n), join(short, s), short}
}

// textNote is replayedNote's part on which text is shown.
func (v *Pane) textNote() (note, short string) {
	switch {
	case v.c.Marks == nil:
		return "", ""
	case v.showsReplayed():
		return "as the session left it, replayed (R: on disk)", "replayed (R)"
	}
	if n, s := v.c.Marks.DiskNote(v.path); n != "" {
		return n + " (R: replayed)", s + " (R)"
	}
	return "", ""
}

// titleNoted is the header with rest and the notes said once: the
// longest form that leaves the file's name room beside it, else the
// shortest.
func (v *Pane) titleNoted(w int, rest string) string {
	notes := v.replayedNote()
	if notes[0] == "" {
		return v.title(w, rest)
	}
	path := repoops.DisplayPath(v.path)
	name := path[strings.LastIndexByte(path, '/')+1:]
	for _, note := range notes {
		full := strings.TrimPrefix(rest+" · "+note, " · ")
		if w-1-ui.StringWidth(full)-2 >= ui.StringWidth(name)+2 {
			return v.title(w, full)
		}
	}
	return v.title(w, strings.TrimPrefix(rest+" · "+notes[len(notes)-1], " · "))
}

// lineNote is the note drawn after line n: on disk, where an edit of the
// session would stand but is not on disk.
func (v *Pane) lineNote(n int) string {
	if v.showsReplayed() {
		return ""
	}
	return v.c.Marks.NotOnDisk(v.path, n)
}
