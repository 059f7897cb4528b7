package model

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
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// previewPane is the edit preview, an overlay over the viewer (`e` on an
// open file): the arguments of a repo_edit (old_string, new_string) or,
// toggled, of a repo_insert (after_line, content); the change the core
// plans for them right now (Session.Plan, which writes nothing and records
// no read), as a unified diff; and the verdict in the tool's own words.
// Nothing is written until ctrl+s and a confirmation, and then only
// through the tool (Session.Call), whose answer is shown as it is.
type previewPane struct {
	overlayBase
	c    *common
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

// openPreview opens the edit preview on the viewer's file, prefilled with
// the selected lines (or the cursor line).
func (m *Model) openPreview() tea.Cmd {
	v := &m.viewer
	if v.path == "" || v.total <= 0 || v.refusal != "" {
		return m.flash("open a text file in the viewer first: e previews an edit of it")
	}
	first, last, _ := v.selRange()
	text, missing, cut := v.selText(first, last)
	p := newPreviewPane(m.common, v.path, m.tick, func(wrote bool) tea.Cmd {
		if wrote {
			return m.reloadFile()
		}
		return m.checkGate()
	})
	p.from = selLabel(first, last)
	if k := m.lastPreview; k != nil && k.path == p.path && k.from == p.from && k.typed() {
		// e again where it was closed: what was typed comes back.
		p.restore(k)
		v.sel, v.styled = 0, nil
		m.lastPreview = p
		m.pushOverlay(p)
		return p.start()
	}
	m.lastPreview = p
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
	v.sel = 0
	v.styled = nil
	m.pushOverlay(p)
	return p.start()
}

// typed reports that a field holds something else than its prefill.
func (p *previewPane) typed() bool {
	return p.old.Value() != p.new.Value() || p.count.Value() != "" || p.insert || p.body.Value() != ""
}

// restore takes the fields of an earlier preview of the same lines.
func (p *previewPane) restore(k *previewPane) {
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

func newPreviewPane(c *common, path string, tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd, after func(bool) tea.Cmd) *previewPane {
	ctx, cancel := context.WithCancel(c.Ctx)
	p := &previewPane{c: c, keys: keymap.NewPreview(), tick: tick, after: after, ctx: ctx, cancel: cancel, path: path}
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
	f.KeyMap.Paste = noPaste // ctrl+v would run xclip; a terminal paste still arrives
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
	a.KeyMap.Paste = noPaste
	st := textarea.DefaultStyles(true)
	st.Cursor.Blink = false
	a.SetStyles(st)
	return a
}

func (p *previewPane) ID() paneID        { return panePreview }
func (p *previewPane) Title() string     { return "Edit preview" }
func (p *previewPane) Size() (int, int)  { return p.width, p.height }
func (p *previewPane) Area() overlayArea { return areaViewer }
func (p *previewPane) Done() bool        { return p.done }
func (p *previewPane) Loading() bool     { return p.planning || p.busy != "" }

func (p *previewPane) ShortHelp() []key.Binding {
	if p.confirm {
		return []key.Binding{p.keys.Confirm}
	}
	return p.keys.ShortHelp()
}
func (p *previewPane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }

// Generation: plans belong to the request being typed; our calls each
// start their own.
func (p *previewPane) Generation(j job) int {
	if j == jobTool {
		return p.callSeq
	}
	return p.gen
}

func (p *previewPane) Status() statusFields {
	return statusFields{Path: repoops.DisplayPath(p.path)}
}

// Close cancels a plan or call in flight; nothing was written that the
// person did not confirm.
func (p *previewPane) Close() tea.Cmd {
	p.cancel()
	return nil
}

// SetSize sizes the fields (sizeAreas); the diff takes what they leave.
func (p *previewPane) SetSize(w, h int) {
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
func (p *previewPane) sizeAreas() {
	most := min(max((p.height-14)/3, 1), 10)
	for _, a := range []*textarea.Model{&p.old, &p.new, &p.body} {
		a.SetHeight(min(visualRows(a), most))
	}
	if p.insert {
		p.body.SetHeight(min(visualRows(&p.body), 2*most))
	}
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

func (p *previewPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case planDueMsg:
		return p.planNow()
	case planMsg:
		p.planning = false
		p.planned = &msg
		p.diffTop = min(p.diffTop, max(len(p.diffLines())-1, 0))
		read, apply := p.wantRead, p.wantApply
		p.wantRead, p.wantApply = false, false
		switch {
		case read:
			return p.readFull()
		case apply:
			return p.ask()
		}
		return nil
	case previewCallMsg:
		p.busy = ""
		p.res = &msg.res
		wrote := msg.tool != "repo_read_file" && !msg.res.IsError
		if wrote {
			p.applied = p.applying
			p.note = "applied: the diff is what was written · esc, then u undoes it; U lists this explorer's writes"
		}
		if wrote && msg.tool == "repo_edit" {
			// The file now holds new_string where old_string was: the next
			// edit starts from what is there.
			p.old.SetValue(p.new.Value())
			p.sizeAreas()
		}
		p.gen++
		return tea.Batch(p.planNow(), p.after(wrote))
	}
	return nil
}

func (p *previewPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	if p.confirm {
		p.confirm = false
		if key.Matches(msg, k.Confirm) {
			return p.apply()
		}
		p.note = "not applied: nothing was written"
		return nil
	}
	if p.busy != "" {
		p.note = "wait: " + p.busy
		return nil
	}
	p.note = ""
	switch {
	case key.Matches(msg, k.Next):
		p.field = (p.field + 1) % p.fields()
		return p.focusField()
	case key.Matches(msg, k.Prev):
		p.field = (p.field + p.fields() - 1) % p.fields()
		return p.focusField()
	case msg.String() == "ctrl+u":
		// The whole field, not only its line before the cursor: a
		// multi-line old_string is replaced whole.
		if f := p.input(); f != nil {
			if f.Value() == "" {
				return nil
			}
			f.SetValue("")
		} else {
			p.area().SetValue("")
			p.sizeAreas()
		}
		return p.changed()
	case key.Matches(msg, k.Toggle):
		p.applied = ""
		p.insert = !p.insert
		p.sizeAreas()
		p.field = 0
		p.res, p.call = nil, ""
		return tea.Batch(p.focusField(), p.start())
	case key.Matches(msg, k.Apply):
		return p.ask()
	case key.Matches(msg, k.Read):
		return p.readFull()
	case key.Matches(msg, k.DiffUp):
		p.diffTop = max(p.diffTop-max(p.diffRows()-1, 1), 0)
		return nil
	case key.Matches(msg, k.DiffDn):
		p.diffTop = min(p.diffTop+max(p.diffRows()-1, 1), max(len(p.diffLines())-1, 0))
		return nil
	case key.Matches(msg, k.Tab):
		if p.input() != nil {
			return nil
		}
		p.area().InsertString(tabGlyph)
		p.sizeAreas()
		return p.changed()
	}
	if f := p.input(); f != nil {
		before := f.Value()
		var cmd tea.Cmd
		*f, cmd = f.Update(msg)
		if f.Value() != before {
			return tea.Batch(cmd, p.changed())
		}
		return cmd
	}
	a := p.area()
	before := a.Value()
	var cmd tea.Cmd
	*a, cmd = a.Update(msg)
	p.sizeAreas()
	if a.Value() != before {
		return tea.Batch(cmd, p.changed())
	}
	return cmd
}

// fields is how many fields the form shown has.
func (p *previewPane) fields() int {
	if p.insert {
		return 2
	}
	return 3
}

// input is the focused one-line field (after_line, expected_count), nil
// when a text area is focused.
func (p *previewPane) input() *textinput.Model {
	switch {
	case p.insert && p.field == 0:
		return &p.line
	case !p.insert && p.field == 2:
		return &p.count
	}
	return nil
}

// area is the focused text area (not after_line nor expected_count).
func (p *previewPane) area() *textarea.Model {
	switch {
	case p.insert:
		return &p.body
	case p.field == 0:
		return &p.old
	}
	return &p.new
}

func (p *previewPane) focusField() tea.Cmd {
	p.old.Blur()
	p.new.Blur()
	p.body.Blur()
	p.line.Blur()
	p.count.Blur()
	for _, a := range []*textarea.Model{&p.old, &p.new, &p.body} {
		if a != p.area() || p.input() != nil {
			a.MoveToBegin() // a field left shows its first line, not where typing ended
		}
	}
	if f := p.input(); f != nil {
		return f.Focus()
	}
	return p.area().Focus()
}
