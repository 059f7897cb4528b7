package preview

import (
	"bytes"
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// Undo, as lazygit's z: every write this explorer makes (the edit
// preview's repo_edit and repo_insert) goes on a log with the file as it
// was; u takes the newest write not yet undone back by writing that
// content again — through repo_write in the explorer's session, so the
// same gate decides: the edit kept what was seen, and a file changed
// on disk since is refused, not overwritten. U shows the log. A write that
// created a file cannot be undone by a tool (none deletes), and u says so.

// Write is one write on the log.
type Write struct {
	at     time.Time
	path   string // repo-relative raw path
	call   string // as repoops.CallText
	diff   string // the change, as planned and applied
	answer string // the tool's first line
	create bool   // the write created the file
	before []byte // the whole file before it (BOM included); nil for a create
	undone bool   // taken back by a later undo
	undo   bool   // this write is an undo
}

// Writes is the log of this explorer's writes, oldest first; the root
// keeps one for u and U.
type Writes struct{ entries []Write }

// Record adds a write the tool took (a refusal wrote nothing).
func (l *Writes) Record(w Write, res repoops.Result) {
	if res.IsError || w.path == "" {
		return
	}
	w.at = time.Now()
	w.answer, _, _ = strings.Cut(res.Text, "\n")
	l.entries = append(l.entries, w)
}

// last is the newest write that is not an undo and not yet undone.
func (l *Writes) last() (int, bool) {
	for i := len(l.entries) - 1; i >= 0; i-- {
		if e := l.entries[i]; !e.undo && !e.undone {
			return i, true
		}
	}
	return -1, false
}

// UndoneMsg is an undo's answer, for the root to hand to Undone.
type UndoneMsg struct {
	of    int // the entry undone
	write Write
	res   repoops.Result
	exact bool // the file now holds exactly its bytes from before
}

// Undo is u: the command that takes the newest write back, or, when there
// is none to take back, why.
func (l *Writes) Undo(c *pane.Common) (tea.Cmd, string) {
	i, ok := l.last()
	if !ok {
		return nil, "nothing to undo: this explorer has made no write (or each is undone already) · U lists them"
	}
	e := l.entries[i]
	if e.create {
		return nil, "the last write created " + repoops.QuoteName(repoops.DisplayPath(e.path)) + ": no repox tool deletes a file — remove it yourself to undo it"
	}
	// repo_write keeps the file's BOM itself: the content goes without it.
	content := bytes.TrimPrefix(e.before, []byte("\xef\xbb\xbf"))
	args := repoops.WriteArgs{Path: repoops.DisplayPath(e.path), Content: string(content)}
	w := Write{path: e.path, call: repoops.CallText(repoops.ToolWrite, repoops.WriteArgs{Path: args.Path, Content: "…"}), undo: true}
	ctx, s, look, before := c.Ctx, c.Session, c.Look, e.before
	return func() tea.Msg {
		res := pane.CallJSON(ctx, s, repoops.ToolWrite, args)
		return UndoneMsg{of: i, write: w, res: res, exact: !res.IsError && sameContent(ctx, look, e.path, before)}
	}, ""
}

// sameContent compares the file with want, byte for byte: the look
// session's plan of a write (which writes nothing and records no read)
// holds the whole file as it is.
func sameContent(ctx context.Context, look *repoops.Session, path string, want []byte) bool {
	p, err := look.Plan(ctx, repoops.WriteArgs{Path: repoops.DisplayPath(path)})
	return err == nil && p.Before != nil && bytes.Equal(p.Before, want)
}

// Undone takes an undo's answer onto the log: what the status line says,
// and whether the file was written (the viewer reads it again).
func (l *Writes) Undone(msg UndoneMsg) (say string, wrote bool) {
	first, _, _ := strings.Cut(msg.res.Text, "\n")
	if msg.res.IsError {
		return "undo refused, nothing written: " + first, false
	}
	l.Record(msg.write, msg.res)
	l.entries[msg.of].undone = true
	say = "undone: " + repoops.DisplayPath(msg.write.path) + " is as before " + l.entries[msg.of].call
	if !msg.exact {
		say = "undone, but " + repoops.DisplayPath(msg.write.path) + " differs from before in its bytes (line endings?) — compare with git diff"
	}
	return say, true
}
