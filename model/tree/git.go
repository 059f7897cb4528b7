package tree

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// gitMarksMsg is the tree's git status marks: raw path -> mark.
type gitMarksMsg struct{ marks map[string]string }

// gitMarks runs one repo_git status through the look session (which records
// no read) and turns its typed changes into the tree's marks: one run per
// refresh (start, reload, a change on disk). Outside a git repository the
// tool refuses and the tree shows no marks.
func gitMarks(ctx context.Context, look *repoops.Session, gen int) tea.Cmd {
	return pane.Envelop(pane.Tree, pane.JobLoad, gen, func() tea.Msg {
		if !look.Repo().IsGit() {
			return gitMarksMsg{}
		}
		res, err := look.Git(ctx, repoops.GitArgs{Cmd: "status"})
		if err != nil {
			return gitMarksMsg{}
		}
		return gitMarksMsg{marks: marksOf(res.Changes)}
	})
}

// refreshGit runs repo_git status again (a file changed on disk).
func (t *Pane) refreshGit() tea.Cmd {
	t.gitWaiting = true
	return gitMarks(t.c.Ctx, t.c.Look, t.gen)
}

// askHorizon runs the default repo_tree again for the dimming.
func (t *Pane) askHorizon() tea.Cmd {
	t.horizonWaiting = true
	return computeHorizon(t.c.Ctx, t.c.Look, t.gen)
}

// whenRootLands defers the horizon and the git marks until the root's
// listing has landed: on a two-core machine `git status` (a whole-tree walk,
// 0.4 s of CPU on a 92k-file repository) and the horizon's repo_tree ran
// beside the root listing and slowed the first rows, which are what the
// person waits for. Both still count as waited for (settled stays false).
func (t *Pane) whenRootLands() {
	t.askAfterRoot, t.horizonWaiting, t.gitWaiting = true, true, true
}

// rootLanded starts what whenRootLands deferred, a little later still:
// the root's rows reach the screen at the renderer's next frame, and a
// git process starting meanwhile takes a core from that frame.
func (t *Pane) rootLanded() tea.Cmd {
	if !t.askAfterRoot {
		return nil
	}
	t.askAfterRoot = false
	asks := tea.Batch(t.askHorizon(), t.refreshGit())
	return func() tea.Msg {
		time.Sleep(askAfterRootDelay)
		return asks()
	}
}

// askAfterRootDelay is two of the renderer's frames (see pane.ProgramFPS).
const askAfterRootDelay = 2 * time.Second / pane.ProgramFPS

// settled reports that nothing the tree asked for is still out: listings,
// the horizon and the git marks (tests wait on it before drawing).
func (t *Pane) settled() bool {
	return !t.anyLoading() && !t.gitWaiting && !t.horizonWaiting
}

// marksOf gives each changed path its mark and each folder above one the
// "changes inside" mark.
func marksOf(changes []repoops.GitChange) map[string]string {
	marks := make(map[string]string, len(changes))
	for _, c := range changes {
		var m string
		switch {
		case c.Untracked():
			m = ui.GitUntracked
		case c.Staged() && c.Modified():
			m = ui.GitStaged + ui.GitModified
		case c.Staged():
			m = ui.GitStaged
		default:
			m = ui.GitModified
		}
		marks[c.Path] = m
		for d := parentOf(c.Path); d != ""; d = parentOf(d) {
			if _, ok := marks[d]; ok {
				break
			}
			marks[d] = ui.GitInside
		}
	}
	return marks
}
