package preview

import (
	"context"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Pane is the edit preview, an overlay over the viewer (`e` on an
// open file): the arguments of a repo_edit (old_string, new_string) or,
// toggled, of a repo_insert (after_line, content); the change the core
// plans for them right now (Session.Plan, which writes nothing and records
// no read), as a unified diff; and the verdict in the tool's own words.
// Nothing is written until ctrl+s and a confirmation, and then only
// through the tool (Session.Call), whose answer is shown as it is.
type Pane struct {
	pane.Base
	c    *pane.Common
	keys keymap.Preview
	// tick schedules the debounce (the root's, so tests never sleep).
	tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// after runs once a call of ours has run: the viewer re-checks its gate,
	// and reads the file again when it was written.
	after func(wrote bool) tea.Cmd

	ctx    context.Context
	cancel context.CancelFunc

	path   string // repo-relative raw path
	insert bool   // the insert form (after_line, content) instead of the edit form
	old    textarea.Model
	new    textarea.Model
	line   textinput.Model // after_line
	count  textinput.Model // expected_count ("" is the tool's default, 1)
	body   textarea.Model  // content
	field  int             // the focused field of the form shown
	from   string          // where the prefill came from ("line 7", "lines 4-9")
	warn   string          // a caveat about the prefill

	gen      int // bumped per change of the request: older plans are stale
	planning bool
	planned  *planMsg // the newest plan that landed
	// wantRead and wantApply hold ctrl+r and ctrl+s pressed while a plan
	// was being worked out: they act on it when it lands.
	wantRead, wantApply bool
	due                 bool // typed since the last plan: one is scheduled
	diffTop             int

	callSeq int
	confirm bool   // asking whether to apply
	busy    string // "reading…", "applying…" while our call runs
	call    string // the last call we made, as repoops.CallText
	res     *repoops.Result
	note    string // a one-line answer to a key (nothing to apply, not applied)
	// applying is the diff of the change sent; applied keeps it once the
	// tool took it, shown with the tool's answer until the form changes.
	applying, applied string

	width, height int
	done          bool
}

// tabGlyph stands for a tab in the text areas, which would otherwise turn
// a tab into spaces: the value sent to the tool has the tab back.
const tabGlyph = "␉"

func toArea(s string) string   { return strings.ReplaceAll(s, "\t", tabGlyph) }
func fromArea(s string) string { return strings.ReplaceAll(s, tabGlyph, "\t") }

// Prefill puts the selected lines (text, its last line number last) in
// the form: old_string and new_string both hold them, after_line is the
// last. missing counts lines not read into the viewer yet, cut those the
// tool cuts: either makes old_string something the file does not hold,
// and the form says so.
func (p *Pane) Prefill(text string, last, missing, cut int) {
	switch {
	case missing > 0:
		p.warn = "the selection has " + repoops.Plural(missing, "line", "lines") + " not read into the viewer yet; they are left out of old_string"
	case cut > 0:
		p.warn = "the selection has " + repoops.Plural(cut, "line", "lines") + " the tool cuts; the cut text is not the file's, so old_string cannot match there"
	case strings.Contains(text, tabGlyph):
		p.warn = "the text holds " + tabGlyph + ", which these fields use for a tab: it is sent as a tab"
	}
	p.old.SetValue(toArea(text))
	p.new.SetValue(toArea(text))
	p.old.MoveToBegin() // a field shorter than its text shows its first line
	p.new.MoveToBegin()
	p.line.SetValue(strconv.Itoa(last))
}

// Resume takes what was typed in k, an earlier preview closed on the same
// lines of the same file, and reports whether it did (e again where it
// was closed brings the typing back).
func (p *Pane) Resume(k *Pane) bool {
	if k == nil || k.path != p.path || k.from != p.from || !k.typed() {
		return false
	}
	p.restore(k)
	return true
}

// Path is the file the preview edits (repo-relative raw path).
func (p *Pane) Path() string { return p.path }

// typed reports that a field holds something else than its prefill.
func (p *Pane) typed() bool {
	return p.old.Value() != p.new.Value() || p.count.Value() != "" || p.insert || p.body.Value() != ""
}

// restore takes the fields of an earlier preview of the same lines.
func (p *Pane) restore(k *Pane) {
	p.insert, p.field, p.warn = k.insert, k.field, k.warn
	p.old.SetValue(k.old.Value())
	p.new.SetValue(k.new.Value())
	p.count.SetValue(k.count.Value())
	p.line.SetValue(k.line.Value())
	p.body.SetValue(k.body.Value())
	for _, a := range []*textarea.Model{&p.old, &p.new, &p.body} {
		a.MoveToBegin()
	}
	p.sizeAreas()
	p.focusField()
}

// Tick schedules a message after a pause (tea.Tick, or the root's
// stand-in in tests, which never sleeps).
type Tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

// New is the edit preview of path (repo-relative), from the lines named
// by from ("line 7", "lines 4-9"). tick schedules the plan's debounce;
// after runs once a call of ours has run (wrote: the file was written).
// Prefill or Resume fills the form, Start works the first plan out.
func New(c *pane.Common, path, from string, tick Tick, after func(wrote bool) tea.Cmd) *Pane {
	ctx, cancel := context.WithCancel(c.Ctx)
	p := &Pane{c: c, keys: c.Keys.Preview, tick: tick, after: after, ctx: ctx, cancel: cancel, path: path, from: from}
	p.old, p.new, p.body = newArea("old_string"), newArea("new_string"), newArea("content")
	p.line = newNumberField("0 inserts at the top")
	p.count = newNumberField("1 (the default): how many times old_string must occur")
	p.focusField()
	return p
}

func newNumberField(placeholder string) textinput.Model {
	f := textinput.New()
	f.Prompt = ""
	f.Placeholder = placeholder
	f.KeyMap.Paste = pane.NoPaste // ctrl+v would run xclip; a terminal paste still arrives
	st := f.Styles()
	st.Cursor.Blink = false
	f.SetStyles(st)
	return f
}

func newArea(placeholder string) textarea.Model {
	a := textarea.New()
	a.ShowLineNumbers = false
	a.Prompt = "│"
	a.Placeholder = placeholder
	a.MaxHeight = 0
	a.KeyMap.Paste = pane.NoPaste
	st := textarea.DefaultStyles(true)
	st.Cursor.Blink = false
	a.SetStyles(st)
	return a
}

func (p *Pane) ID() pane.ID      { return pane.Preview }
func (p *Pane) Title() string    { return "Edit preview" }
func (p *Pane) Size() (int, int) { return p.width, p.height }
func (p *Pane) Area() pane.Area  { return pane.AreaViewer }
func (p *Pane) Done() bool       { return p.done }
func (p *Pane) Loading() bool    { return p.planning || p.busy != "" }

func (p *Pane) ShortHelp() []key.Binding {
	if p.confirm {
		return []key.Binding{p.keys.Confirm}
	}
	return p.keys.ShortHelp()
}
func (p *Pane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }

// Generation: plans belong to the request being typed; our calls each
// start their own.
func (p *Pane) Generation(j pane.Job) int {
	if j == pane.JobTool {
		return p.callSeq
	}
	return p.gen
}

func (p *Pane) Status() pane.Status {
	return pane.Status{Path: repoops.DisplayPath(p.path)}
}

// Close cancels a plan or call in flight; nothing was written that the
// person did not confirm.
func (p *Pane) Close() tea.Cmd {
	p.cancel()
	return nil
}

// SetSize sizes the fields (sizeAreas); the diff takes what they leave.
func (p *Pane) SetSize(w, h int) {
	p.width, p.height = w, h
	for _, a := range []*textarea.Model{&p.old, &p.new, &p.body} {
		a.SetWidth(max(w, 2))
	}
	p.line.SetWidth(max(w-2, 1))
	p.count.SetWidth(max(w-2, 1))
	p.sizeAreas()
}

// sizeAreas gives each text area the rows its text needs, up to a share of
// the pane, so short strings leave the verdict and the diff room.
func (p *Pane) sizeAreas() {
	most := min(max((p.height-14)/3, 1), 10)
	for _, a := range []*textarea.Model{&p.old, &p.new, &p.body} {
		a.SetHeight(min(visualRows(a), most))
	}
	if p.insert {
		p.body.SetHeight(min(visualRows(&p.body), 2*most))
	}
	for _, a := range []*textarea.Model{&p.old, &p.new, &p.body} {
		settle(a)
	}
}

// settle scrolls a back as far as its cursor allows. A text area scrolls
// to keep its cursor in view as a key adds a line, before sizeAreas gives
// it the row for that line; growing keeps the scroll, so the first line
// would hide above while an empty row shows below. The cursor is taken to
// the top and back: the area scrolls up, then down only as far as the
// cursor's row needs.
func settle(a *textarea.Model) {
	if a.ScrollYOffset() == 0 || a.ScrollYOffset()+a.Height() <= visualRows(a) {
		return
	}
	row, col := a.Line(), a.Column()
	a.MoveToBegin()
	for n := visualRows(a); a.Line() < row && n > 0; n-- { // a step is one wrapped row
		a.CursorDown()
	}
	a.SetCursorColumn(col)
	a.SetHeight(a.Height()) // scrolls down as far as the cursor's wrapped row needs
}

// visualRows is how many rows a's text takes with its long lines wrapped.
func visualRows(a *textarea.Model) int {
	w := max(a.Width(), 1)
	n := 0
	for _, l := range strings.Split(a.Value(), "\n") {
		n += max((ui.StringWidth(l)+w)/w, 1) // a full row wraps the cursor onto the next
	}
	return max(n, 1)
}
