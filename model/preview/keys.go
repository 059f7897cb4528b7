package preview

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

func (p *Pane) Update(msg tea.Msg) tea.Cmd {
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
			return p.readMissing()
		case apply:
			return p.ask()
		}
		return nil
	case previewCallMsg:
		p.busy = ""
		p.res = &msg.res
		wrote := msg.tool != repoops.ToolRead && !msg.res.IsError
		if wrote {
			p.applied = p.applying
			p.note = "applied: the diff is what was written · esc, then u undoes it; U lists this explorer's writes"
		}
		if wrote && msg.tool == repoops.ToolEdit {
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

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
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
	case key.Matches(msg, p.c.Keys.Typing.Clear):
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
		return tea.Batch(p.focusField(), p.Start())
	case key.Matches(msg, k.Apply):
		return p.ask()
	case key.Matches(msg, k.Read):
		return p.readMissing()
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
func (p *Pane) fields() int {
	if p.insert {
		return 2
	}
	return 3
}

// input is the focused one-line field (after_line, expected_count), nil
// when a text area is focused.
func (p *Pane) input() *textinput.Model {
	switch {
	case p.insert && p.field == 0:
		return &p.line
	case !p.insert && p.field == 2:
		return &p.count
	}
	return nil
}

// area is the focused text area (not after_line nor expected_count).
func (p *Pane) area() *textarea.Model {
	switch {
	case p.insert:
		return &p.body
	case p.field == 0:
		return &p.old
	}
	return &p.new
}

func (p *Pane) focusField() tea.Cmd {
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
