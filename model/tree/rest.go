package tree

import (
	"strings"

	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// Where the tree cursor rests, things follow it, once it has rested for
// treeRestPause: the viewer shows the file under it (preview on move,
// without taking focus), and for a row beyond the horizon the calls an
// agent needs to reach it are worked out (off the update loop).
const treeRestPause = 120 * time.Millisecond

// restMsg says the cursor has rested since move restSeq.
type restMsg struct{}

// moved starts the rest timer for the cursor's new place.
func (t *Pane) moved() tea.Cmd {
	t.restSeq++
	if t.after == nil {
		return nil
	}
	seq := t.restSeq
	return t.after(treeRestPause, func(time.Time) tea.Msg {
		return pane.Msg{To: pane.Tree, Job: pane.JobRest, Gen: seq, Msg: restMsg{}}
	})
}

// onRest runs what follows the cursor where it rests.
func (t *Pane) onRest() tea.Cmd {
	n := t.selected()
	if n == nil {
		return nil
	}
	var cmds []tea.Cmd
	if t.preview && !t.agent.On && previewable(n) {
		cmds = append(cmds, t.c.Open(n.path, 0))
	}
	if beyond, _ := t.horizon.mark(n.path); beyond && !n.isIgnored && t.reach.path != n.path {
		cmds = append(cmds, t.startReach(n.path))
	}
	return tea.Batch(cmds...)
}

// previewable: a file the viewer can show (a link to a file included).
func previewable(n *node) bool {
	switch n.kind {
	case repoops.KindFile:
		return true
	case repoops.KindSymlink:
		return !n.linkDir && n.target != ""
	}
	return false
}

// reachState is the reach of the last row beyond the horizon the cursor
// rested on: text says which calls an agent makes to see it listed.
type reachState struct {
	gen    int
	path   string
	text   string
	cancel func()
}

// reachMsg is the worked-out reach of path.
type reachMsg struct{ path, text string }

// startReach works out, off the update loop, the calls an agent needs to
// see path listed: the first repo_tree on the deepest folder the root
// listing shows, then again from the deepest folder each answer shows, the
// way an agent walks down, until path is listed, or no call gets nearer.
func (t *Pane) startReach(path string) tea.Cmd {
	if t.reach.cancel != nil {
		t.reach.cancel()
	}
	t.reach.gen++
	t.reach.path, t.reach.text = path, ""
	ctx, cancel := context.WithCancel(t.c.Ctx)
	t.reach.cancel = cancel
	h, look := t.horizon, t.c.Look
	return pane.Envelop(pane.Tree, pane.JobReach, t.reach.gen, func() tea.Msg {
		defer cancel()
		return reachMsg{path: path, text: reachText(ctx, look, h, path)}
	})
}

// reachText walks down the way an agent would and says what it took.
func reachText(ctx context.Context, look *repoops.Session, h *horizon, path string) string {
	args, ok := h.reachStart(path)
	if !ok {
		if parentOf(path) == "" && h.cut {
			return "no repo_tree lists it: the " + repoops.Commas(h.maxEntries) + "-entry cap cuts its folder — repo_find finds it"
		}
		return ""
	}
	var calls []string
	for range repoops.TreeMaxDepth * 64 {
		calls = append(calls, repoops.CallText(repoops.ToolTree, args))
		res, err := look.Tree(ctx, args)
		if err != nil {
			return ""
		}
		var next string
		found := false
		for _, e := range res.Entries {
			if e.Raw == path {
				found = true
				break
			}
			if (e.State.HidesContents() || e.Kind == repoops.KindSymlink) && isUnder(path, e.Raw) && len(e.Raw) > len(next) {
				next = e.Raw
			}
		}
		if found {
			return "reach: " + reachCalls(calls)
		}
		if next == "" {
			return "no repo_tree lists it: the " + repoops.Commas(res.MaxEntries) + "-entry cap cuts " + repoops.DisplayPath(parentOf(path)) + " — repo_find finds it"
		}
		args = repoops.TreeArgs{Path: repoops.DisplayPath(next)}
	}
	return ""
}

// reachCalls names the calls in order; past reachNamed of them, the
// first and the last, with how many go between.
func reachCalls(calls []string) string {
	if len(calls) > reachNamed {
		between := repoops.Plural(len(calls)-2, "call", "calls")
		calls = []string{calls[0], between + " more like it", calls[len(calls)-1]}
	}
	return strings.Join(calls, ", then ")
}

// reachNamed is how many calls a reach names before it counts them.
const reachNamed = 4

// isUnder says path lies inside folder dir.
func isUnder(path, dir string) bool {
	return len(path) > len(dir) && path[len(dir)] == '/' && path[:len(dir)] == dir
}
