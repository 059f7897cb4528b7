package viewer

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// A file an ignore rule hides can still be opened (repox FILE:LINE, the
// filter with ignored entries shown, a link): the viewer's header then says
// that no listing tool shows it, though a read by its exact path works, as
// repoops answers it (Repo.Hidden), never by ignore rules of the model's own.

// HiddenNote is the header's note on such a file.
const HiddenNote = "ignored: repo_find, repo_grep and repo_tree never list it; a read by exact path works"

// The same note for narrower headers.
const (
	hiddenNoteShort = "ignored: no listing tool shows it"
	hiddenNoteTiny  = "ignored: never listed"
)

// shortNotes is notes with the long ones in a shorter form: level 1 the
// short one, 2 the tiniest.
func shortNotes(notes []string, level int) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		if n == HiddenNote {
			n = hiddenNoteShort
			if level >= 2 {
				n = hiddenNoteTiny
			}
		}
		out[i] = n
	}
	return out
}

// hiddenNote is what the check found for path.
type hiddenNote struct {
	path   string
	hidden bool
}

// hiddenMsg is the check's answer; it travels in a pane.Msg stamped with the
// viewer generation of the open it was made for.
type hiddenMsg hiddenNote

// checkHidden asks repoops, off the update loop, whether path is hidden.
func checkHidden(ctx context.Context, repo *repoops.Repo, gen int, path string) tea.Cmd {
	return pane.Envelop(pane.Viewer, pane.JobHidden, gen, func() tea.Msg {
		if ctx.Err() != nil {
			return hiddenMsg{path: path}
		}
		h, err := repo.Hidden(path)
		return hiddenMsg{path: path, hidden: err == nil && h}
	})
}

// notes is the header note for the file open now.
func (h hiddenNote) notes(open string) []string {
	if h.hidden && h.path == open && open != "" {
		return []string{HiddenNote}
	}
	return nil
}
