package tree

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// dirLoadedMsg is one folder's listing; it travels in a pane.Msg stamped
// with the tree generation that asked.
type dirLoadedMsg struct {
	path    string
	listing *repoops.DirListing
	err     error
	links   map[string]linkInfo // the listing's symlinks (ignored ones too)
	// early: the root listed before the index was read (loadRootEarly),
	// or that listing failed; the exact listing is asked for next.
	early bool
}

// linkInfo is a symlink's target and whether it leads to a folder.
type linkInfo struct {
	target string
	toDir  bool
}

// loadDir lists one folder through the core, off the update loop.
func (t *Pane) loadDir(path string) tea.Cmd { return t.listCmd(path, false) }

// loadRootEarly lists the root without waiting for the index, whose read
// grows with the repository (repoops.ListRootEarly): the first rows come
// from the root folder alone, and onDirLoaded lists it again exactly.
func (t *Pane) loadRootEarly() tea.Cmd { return t.listCmd("", true) }

func (t *Pane) listCmd(path string, early bool) tea.Cmd {
	ctx, repo, list := t.c.Ctx, t.c.Repo, t.list
	if list == nil {
		list = repo.ListDir
	}
	return pane.Envelop(pane.Tree, pane.JobLoad, t.gen, func() tea.Msg {
		if err := ctx.Err(); err != nil {
			return dirLoadedMsg{path: path, err: err}
		}
		var l *repoops.DirListing
		var err error
		if early {
			l, err = repo.ListRootEarly()
		} else {
			l, err = list(path)
		}
		msg := dirLoadedMsg{path: path, listing: l, err: err, early: early && (err != nil || l.Early)}
		if err == nil {
			for _, es := range [][]repoops.DirEntry{l.Entries, l.Ignored} {
				for _, e := range es {
					if e.Kind != repoops.KindSymlink {
						continue
					}
					if target, toDir, err := repo.LinkTarget(e.Path); err == nil {
						if msg.links == nil {
							msg.links = map[string]linkInfo{}
						}
						msg.links[e.Path] = linkInfo{target, toDir}
					}
				}
			}
		}
		return msg
	})
}

// expand opens folder n: at once when it is loaded, else after its listing
// arrives (the row spins meanwhile). It returns the load to run, if any.
func (t *Pane) expand(n *node) tea.Cmd {
	if !n.isDir() {
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
	return t.loadDir(n.path)
}

// collapse closes n, or moves to its parent when n is not an open folder.
func (t *Pane) collapse(n *node) {
	if n.isDir() && n.expanded && n.parent != nil {
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

// onDirLoaded installs a listing of the current generation (the root
// dropped those from before a reload).
func (t *Pane) onDirLoaded(msg dirLoadedMsg) tea.Cmd {
	if msg.early {
		return t.onRootEarly(msg)
	}
	delete(t.pending, msg.path)
	var after tea.Cmd
	if msg.path == "" {
		after = t.rootLanded()
	}
	n := t.nodes[msg.path]
	if n == nil {
		return after
	}
	if msg.err != nil {
		n.loading, n.loaded, n.err = false, false, msg.err.Error()
		n.children = nil
		t.rebuild()
		return after
	}
	t.install(n, msg)
	var cmds []tea.Cmd
	// A reload re-expands what was open, one folder at a time as each arrives.
	for _, c := range append(n.children[:len(n.children):len(n.children)], n.hidden...) {
		if t.wantOpen[c.path] {
			delete(t.wantOpen, c.path)
			c.expanded, c.loaded, c.loading = true, false, true
			t.pending[c.path] = true
			cmds = append(cmds, t.loadDir(c.path))
		}
	}
	if c := t.revealStep(n); c != nil {
		if c.isDir() && !c.expanded {
			c.expanded, c.loading = true, true
			t.pending[c.path] = true
			cmds = append(cmds, t.loadDir(c.path))
		}
	}
	t.rebuild()
	return tea.Batch(append(cmds, after)...)
}

// install puts a listing's entries under n, symlinks with their targets.
func (t *Pane) install(n *node, msg dirLoadedMsg) {
	t.setChildren(n, msg.listing)
	for _, c := range append(n.children[:len(n.children):len(n.children)], n.hidden...) {
		if li, ok := msg.links[c.path]; ok {
			c.target, c.linkDir = li.target, li.toDir
		}
	}
}

// onRootEarly shows the root's early rows at once — nothing in them that
// the exact listing could contradict, but a folder that is in fact a
// submodule not checked out — with the root still loading (its spinner
// and "loading…" say the listing is not settled; what the index decides
// is left out), and asks for the exact listing, after which the horizon
// and the git marks are asked for as before. A failed early listing just
// makes way for the exact one, whose error is the one shown.
func (t *Pane) onRootEarly(msg dirLoadedMsg) tea.Cmd {
	n := t.root
	if !t.pending[""] || n.loaded {
		return nil // a listing of the root has already landed
	}
	if msg.err == nil {
		t.install(n, msg)
		n.loading = true
		t.rebuild()
	}
	// The exact listing parses the whole index, a core's worth of work at
	// a million files: it waits two frames, so the early rows reach the
	// screen first (as the horizon and git marks wait in rootLanded).
	exact := t.loadDir("")
	return func() tea.Msg {
		time.Sleep(askAfterRootDelay)
		return exact()
	}
}

// revealStep finds, among n's children, the next one on the way to
// t.reveal. Reaching the target selects it and ends the reveal.
func (t *Pane) revealStep(n *node) *node {
	if t.reveal == "" {
		return nil
	}
	for _, c := range t.ordered(n) {
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

// openDirs are the folders whose listing is on screen: the root and every
// open folder under open folders.
func (t *Pane) openDirs() []string {
	var out []string
	var walk func(n *node)
	walk = func(n *node) {
		if n.kind != repoops.KindDir || !n.expanded {
			return
		}
		out = append(out, n.path)
		for _, c := range n.children {
			walk(c)
		}
	}
	walk(t.root)
	return out
}

// relist lists folders again after a change on disk, in place: their rows
// stay (no spinner) until the new listing lands, open subfolders stay open
// and the cursor stays on its entry. The horizon is computed again.
func (t *Pane) relist(dirs []string) tea.Cmd {
	var cmds []tea.Cmd
	for _, p := range dirs {
		if n := t.nodes[p]; n != nil && n.expanded && n.loaded {
			cmds = append(cmds, t.loadDir(p))
		}
	}
	if len(cmds) == 0 {
		return nil
	}
	return tea.Batch(append(cmds, t.askHorizon(), t.refreshGit())...)
}

// reloadTree starts a new generation: every open folder is listed again and
// re-expanded, and the horizon is recomputed.
func (t *Pane) reload() tea.Cmd {
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
	t.whenRootLands()
	return t.loadDir("")
}
