package sessions

import (
	"bytes"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay/report"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// What the chosen session changed (D in the calls view): every file its
// file tools wrote, from its start state to its end, as the one unified
// diff `repox replay --changes` prints (replay.WriteChanges), with what
// the diff leaves out named above it. y copies the patch. It is made in
// the background from the transcript, in scratch copies; the working
// tree is never changed.

// sessionChanges is the changes view's state.
type sessionChanges struct {
	loading bool
	patch   string   // the unified diff ("": the session changed no file)
	notes   []string // what the diff leaves out
	err     string
}

// sessionChangesMsg is the diff of the chosen session.
type sessionChangesMsg struct {
	patch string
	notes []string
	err   error
}

// toggleChanges shows the session's changes, or goes back to then/now.
func (p *Pane) toggleChanges() tea.Cmd {
	if p.changes != nil {
		p.changes = nil
		p.dtop = 0
		return nil
	}
	si := p.chosen
	p.changes = &sessionChanges{loading: true}
	p.dtop = 0
	root := p.root()
	session := ""
	if si.Agent == transcript.AgentRepox {
		session = si.ID
	}
	ctx, path := p.c.Ctx, si.Path
	return pane.Envelop(pane.Sessions, pane.JobLoad, p.gen, func() tea.Msg {
		var out, notes bytes.Buffer
		err := report.WriteChanges(ctx, report.ChangesOptions{Transcript: path, Root: root, Session: session}, &out, &notes)
		var ns []string
		for _, l := range strings.Split(strings.TrimSpace(notes.String()), "\n") {
			if l = strings.TrimPrefix(l, "repox replay: "); l != "" {
				ns = append(ns, l)
			}
		}
		return sessionChangesMsg{patch: out.String(), notes: ns, err: err}
	})
}

// root is the folder the chosen session is replayed against.
func (p *Pane) root() string {
	if p.run != nil {
		return p.run.root
	}
	return p.dir
}

func (p *Pane) onChanges(msg sessionChangesMsg) tea.Cmd {
	if p.changes == nil {
		return nil
	}
	p.changes = &sessionChanges{patch: msg.patch, notes: msg.notes}
	if msg.err != nil {
		p.changes.err = msg.err.Error()
	}
	return nil
}

// copyPatch copies the session's diff.
func (p *Pane) copyPatch() tea.Cmd {
	if p.changes == nil || p.changes.patch == "" || p.c.Copy == nil {
		return nil
	}
	patch := p.changes.patch
	what := "the session's diff (" + repoops.Plural(strings.Count(patch, "\n"), "line", "lines") + ")"
	if shown, changed := repoops.ControlsVisible(patch); changed {
		// never put a transcript's control bytes on the clipboard, where a
		// paste into a terminal would run them: copy what the screen shows
		patch = shown
		what += " as the screen shows it: it holds control characters, so not the exact patch — repox replay --changes FILE > session.diff writes that"
	}
	return p.c.Copy(patch, what)
}

// changesView fills the part under the calls with the session's diff.
func (p *Pane) changesView(v *ui.SessionsView, h int) {
	ch := p.changes
	v.Header = "what this session changed (D: back to the call)"
	room := max(h-1-v.ListRows-1, 0)
	switch {
	case ch.loading:
		v.Flags = []ui.FlagLine{{Text: "replaying the session from its start state…", Note: true}}
		return
	case ch.err != "":
		v.Flags = []ui.FlagLine{{Text: "! " + ch.err}}
		return
	}
	for _, n := range ch.notes {
		for _, l := range ui.SessionsWrap("· "+n, max(p.width-2, 10)) {
			v.Flags = append(v.Flags, ui.FlagLine{Text: l, Note: true})
		}
	}
	room = max(room-len(v.Flags)-1, 0)
	if ch.patch == "" {
		v.Flags = append(v.Flags, ui.FlagLine{Text: "its file tools changed no file", Note: true})
		return
	}
	lines := strings.Split(strings.TrimSuffix(ch.patch, "\n"), "\n")
	p.dtop = min(p.dtop, max(len(lines)-room, 0))
	v.DiffTitle = repoops.Plural(strings.Count(ch.patch, "diff --git "), "file", "files") + ", " + repoops.Plural(len(lines), "line", "lines") + " of diff (y copies it, J/K scroll)"
	v.Diff = lines[p.dtop:min(p.dtop+room, len(lines))]
}
