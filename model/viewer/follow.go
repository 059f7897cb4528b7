package viewer

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Refresh reads the open file again after it changed on disk, in place:
// the lines on screen stay until the new window lands, then the view keeps
// its first row, cursor and horizontal scroll (clamped if the file shrank).
// The gate is checked again with the window: a fresh full read turns to
// "changed on disk".
func (v *Pane) Refresh() tea.Cmd {
	if v.path == "" {
		return nil
	}
	if v.total < 0 && v.req != nil {
		return nil // the first window is still on its way: it reads the new content
	}
	v.CancelRead()
	v.dropBlame() // the blame was of the version read before
	v.gen++
	v.gateSeq++
	v.refreshing = true
	first := 1
	if v.total > 0 {
		first, _ = v.visibleRange()
	}
	return v.readAt(max(first-windowLimit/4, 1))
}

// readAt starts a window read at offset.
func (v *Pane) readAt(offset int) tea.Cmd {
	ctx, cancel := context.WithCancel(v.c.Ctx)
	v.reqSeq++
	v.req = &readReq{seq: v.reqSeq, offset: offset, limit: windowLimit, cancel: cancel}
	return readWindow(ctx, v.reader(), v.path, v.gen, v.reqSeq, offset, windowLimit)
}

// onRefreshed installs the window of a refresh: the old lines go, the
// place stays.
func (v *Pane) onRefreshed(msg windowMsg) tea.Cmd {
	if v.req != nil && v.req.seq == msg.seq {
		v.req = nil
	}
	if msg.err != nil {
		if errors.Is(msg.err, context.Canceled) {
			return nil
		}
		if msg.offset > 1 {
			return v.readAt(1) // the file shrank past the view: read from the top
		}
		v.refreshing = false
		v.chunks, v.styled, v.empty = nil, nil, ""
		v.refusal = msg.err.Error()
		return v.CheckGate()
	}
	v.refreshing = false
	v.chunks, v.styled, v.refusal, v.empty = nil, nil, "", ""
	v.stopKnown, v.stop, v.stopCut = false, 0, false
	v.crlf, v.invalid, v.bom = false, false, false
	res := msg.res
	if res.TotalLines == 0 {
		v.total = 0
		v.empty = res.Render()
		return v.CheckGate()
	}
	v.total = res.TotalLines
	v.addChunk(&chunk{start: res.Offset, lines: msg.lines})
	v.noteWindow(msg)
	v.clampTop()
	v.clampHScroll()
	return tea.Batch(v.EnsureLoaded(), v.probeStop(), v.CheckGate(), v.rescan(v.search.query))
}

// noteWindow takes what a window's result tells beyond its lines: the
// tool's notes on the file, and, for a read from line 1, where a default
// read stops (the same accumulation from line 1: a window cut by the
// output cap before the default limit is cut there by a default read too).
func (v *Pane) noteWindow(msg windowMsg) {
	res := msg.res
	v.crlf = v.crlf || res.CRLF
	v.invalid = v.invalid || res.InvalidUTF8
	v.bom = v.bom || res.BOM
	if res.Offset != 1 {
		return
	}
	last := len(res.Lines)
	v.stopKnown = true
	v.stopCut = res.ByteCut && last < defaultLimit
	if v.stopCut {
		v.stop = last
	} else {
		v.stop = min(defaultLimit, res.TotalLines)
	}
}

// probeStop reads a default window from line 1 when no read from line 1
// has told where a default read stops (the view opened deep in the file).
// It is a window like any other (it fills lines 1-1000 too); its sequence
// number 0 is never the pending read's.
func (v *Pane) probeStop() tea.Cmd {
	if v.stopKnown || v.total <= 0 || v.path == "" {
		return nil
	}
	v.stopKnown = true // asked once per generation; the answer sets it again
	v.stop = 0
	return readWindow(v.c.Ctx, v.reader(), v.path, v.gen, 0, 1, defaultLimit)
}

// ruleText words the rule: where and why a default read stops.
func (v *Pane) ruleText() (long, short string) {
	of := " of " + repoops.Commas(v.total)
	if v.stopCut {
		return "a default repo_read_file stops here (output cap " + repoops.SizeText(repoops.ReadMaxOutput) + ", after line " + repoops.Commas(v.stop) + of + ")",
			"default read stops (" + repoops.SizeText(repoops.ReadMaxOutput) + " cap, " + repoops.Commas(v.stop) + of + ")"
	}
	return "a default repo_read_file stops here (limit " + repoops.Commas(defaultLimit) + of + ")",
		"default read stops (" + repoops.Commas(defaultLimit) + of + ")"
}

// fileNotes are the tool's notes on the open file, for the header.
func (v *Pane) fileNotes() []string {
	var out []string
	if v.crlf {
		out = append(out, "CRLF line endings")
	}
	if v.invalid {
		out = append(out, "not valid UTF-8")
	}
	if v.bom {
		out = append(out, "byte order mark")
	}
	return append(out, v.hidden.notes(v.path)...)
}

// clampHScroll keeps the view from scrolling right past the end of the
// longest line on screen.
func (v *Pane) clampHScroll() {
	if v.wrap {
		v.hscroll = 0
		return
	}
	textW := max(v.width-ui.GutterWidth(v.total)-1, 1)
	longest := 0
	for r := v.top; r < v.top+v.body() && r < v.rows(); r++ {
		if l, ok := v.find(v.lineAt(r)); ok {
			longest = max(longest, l.width)
		}
	}
	v.hscroll = min(v.hscroll, max(longest-textW, 0))
}
