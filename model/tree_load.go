package model

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// dirLoadedMsg is one folder's listing, for the tree generation that asked.
type dirLoadedMsg struct {
	gen     int
	path    string
	listing *repoops.DirListing
	err     error
}

// loadDir lists one folder through the core, off the update loop.
func loadDir(ctx context.Context, repo *repoops.Repo, gen int, path string) tea.Cmd {
	return func() tea.Msg {
		if err := ctx.Err(); err != nil {
			return dirLoadedMsg{gen: gen, path: path, err: err}
		}
		l, err := repo.ListDir(path)
		return dirLoadedMsg{gen: gen, path: path, listing: l, err: err}
	}
}

// expand opens folder n: at once when it is loaded, else after its listing
// arrives (the row spins meanwhile). It returns the load to run, if any.
func (m *Model) expand(n *node) tea.Cmd {
	t := &m.tree
	if n.kind != repoops.KindDir {
		return nil
	}
	n.expanded = true
	if n.loaded || n.loading {
		t.rebuild()
		return nil
	}
	n.loading = true
	t.pending[n.path] = true
	t.rebuild()
	return tea.Batch(loadDir(m.ctx, m.repo, t.gen, n.path), m.startSpinner())
}

// collapse closes n, or moves to its parent when n is not an open folder.
func (m *Model) collapse(n *node) {
	t := &m.tree
	if n.kind == repoops.KindDir && n.expanded && n.parent != nil {
		n.expanded = false
		t.rebuild()
		return
	}
	if n.parent == nil {
		return
	}
	for i, r := range t.rows {
		if r == n.parent {
			t.cursor = i
			break
		}
	}
	t.clamp()
}

// onDirLoaded installs a listing. Results for an older generation (before
// a reload) are dropped.
func (m *Model) onDirLoaded(msg dirLoadedMsg) tea.Cmd {
	t := &m.tree
	if msg.gen != t.gen {
		return nil
	}
	delete(t.pending, msg.path)
	n := t.nodes[msg.path]
	if n == nil {
		return nil
	}
	if msg.err != nil {
		n.loading, n.loaded, n.err = false, false, msg.err.Error()
		n.children = nil
		t.rebuild()
		return nil
	}
	t.setChildren(n, msg.listing)
	var cmds []tea.Cmd
	// A reload re-expands what was open, one folder at a time as each arrives.
	for _, c := range n.children {
		if t.wantOpen[c.path] {
			delete(t.wantOpen, c.path)
			c.expanded, c.loaded, c.loading = true, false, true
			t.pending[c.path] = true
			cmds = append(cmds, loadDir(m.ctx, m.repo, t.gen, c.path))
		}
	}
	if c := t.revealStep(n); c != nil {
		if c.kind == repoops.KindDir && !c.expanded {
			c.expanded, c.loading = true, true
			t.pending[c.path] = true
			cmds = append(cmds, loadDir(m.ctx, m.repo, t.gen, c.path))
		}
	}
	t.rebuild()
	return tea.Batch(cmds...)
}

// revealStep finds, among n's children, the next one on the way to
// t.reveal. Reaching the target selects it and ends the reveal.
func (t *treePane) revealStep(n *node) *node {
	if t.reveal == "" {
		return nil
	}
	for _, c := range n.children {
		if c.path == t.reveal {
			t.reveal = ""
			t.rebuild()
			for i, r := range t.rows {
				if r == c {
					t.cursor = i
				}
			}
			t.clamp()
			return nil
		}
		if strings.HasPrefix(t.reveal, c.path+"/") {
			return c
		}
	}
	return nil
}

// reloadTree starts a new generation: every open folder is listed again and
// re-expanded, and the horizon is recomputed.
func (m *Model) reloadTree() tea.Cmd {
	t := &m.tree
	t.gen++
	t.wantOpen = map[string]bool{}
	for p, n := range t.nodes {
		if n.expanded && p != "" {
			t.wantOpen[p] = true
		}
		// Everything is listed afresh: open folders now, closed ones when
		// next expanded. Children stay on screen until their listing lands.
		n.loading, n.loaded = false, false
	}
	t.pending = map[string]bool{"": true}
	t.root.loading, t.root.loaded = true, false
	t.horizon = nil
	return tea.Batch(loadDir(m.ctx, m.repo, t.gen, ""), computeHorizon(m.ctx, m.session, t.gen), m.startSpinner())
}
