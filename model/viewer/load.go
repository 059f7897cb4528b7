package viewer

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// windowMsg is one answered repo_read_file window; it travels in a
// pane.Msg stamped with the viewer's generation.
type windowMsg struct {
	seq    int
	offset int
	res    *repoops.ReadResult
	lines  []line
	err    error
}

// readWindow reads one window through the look session (or the replay's
// copy: replayed.go), exactly as the tool does but recording nothing
// (looking never moves the gate), and prepares its lines for
// drawing: display text and highlighting are done here, off the update
// loop, once per window.
func readWindow(ctx context.Context, s pane.FileReader, path string, gen, seq, offset, limit int) tea.Cmd {
	return pane.Envelop(pane.Viewer, pane.JobLoad, gen, func() tea.Msg {
		off, lim := offset, limit
		res, err := s.ReadFile(ctx, repoops.ReadArgs{Path: repoops.DisplayPath(path), Offset: &off, Limit: &lim})
		if err != nil {
			return windowMsg{seq: seq, offset: offset, err: err}
		}
		texts := make([]string, len(res.Lines))
		for i, l := range res.Lines {
			texts[i] = ui.DisplayText(l.Text)
		}
		toks := ui.Tokenize(path, texts)
		lines := make([]line, len(res.Lines))
		for i, l := range res.Lines {
			w := ui.StringWidth(texts[i])
			if l.CutChars > 0 {
				w += ui.StringWidth(repoops.LineCutMarker(l.CutChars))
			}
			lines[i] = line{text: texts[i], raw: l.Text, tokens: toks[i], cut: l.CutChars, width: w}
		}
		return windowMsg{seq: seq, offset: offset, res: res, lines: lines}
	})
}

// Open shows path with the cursor at line (1 if 0). A new generation
// starts: windows, gate verdicts and agent calls for what was open before
// are stale from here on.
func (v *Pane) Open(path string, atLine int) tea.Cmd {
	v.CancelRead()
	v.dropBlame()
	v.gen++
	v.gateSeq++
	v.path = path
	v.total = -1
	v.refusal, v.empty = "", ""
	v.refreshing = false
	v.pastEnd = 0
	v.stopKnown, v.stop, v.stopCut = false, 0, false
	v.crlf, v.invalid, v.bom = false, false, false
	v.chunks = nil
	v.styled = nil
	v.top, v.hscroll = 0, 0
	v.cursor = max(atLine, 1)
	v.wantLine = max(atLine, 1)
	v.search.reset()
	v.sel = 0
	v.agent = pane.AgentState{Gen: v.agent.Gen} // a new view, never taking an old answer
	v.gate = nil
	return v.EnsureLoaded()
}

// Reload reads the open file again, keeping the place.
func (v *Pane) Reload() tea.Cmd {
	if v.path == "" {
		return nil
	}
	line := v.cursor
	q := v.search.query
	cmd := v.Open(v.path, line)
	return tea.Batch(cmd, v.rescan(q))
}

func (v *Pane) CancelRead() {
	if v.req != nil && v.req.cancel != nil {
		v.req.cancel()
	}
	v.req = nil
}

// EnsureLoaded asks for the first missing window the screen needs. One read
// is in flight at a time; when the view has moved past it, it is cancelled
// (a read of a huge file scans it to the end, so a stale one is costly).
func (v *Pane) EnsureLoaded() tea.Cmd {
	if v.path == "" || v.refusal != "" || v.empty != "" {
		return nil
	}
	var offset, limit int
	if v.total < 0 {
		// First window: around the line asked for, so FILE:LINE costs one read
		// (and a file under 1,000 lines is read whole, from line 1).
		offset = max(v.wantLine-windowLimit/2, 1)
		limit = windowLimit
	} else {
		first, last := v.visibleRange()
		missing := 0
		for n := first; n <= last; n++ {
			if _, ok := v.find(n); !ok {
				missing = n
				break
			}
		}
		if missing == 0 {
			return nil
		}
		offset, limit = v.windowFor(missing)
	}
	if r := v.req; r != nil {
		if offset >= r.offset && offset < r.offset+r.limit {
			return nil // already on its way
		}
		v.CancelRead()
	}
	ctx, cancel := context.WithCancel(v.c.Ctx)
	v.reqSeq++
	v.req = &readReq{seq: v.reqSeq, offset: offset, limit: limit, cancel: cancel}
	return readWindow(ctx, v.reader(), v.path, v.gen, v.reqSeq, offset, limit)
}

// windowFor picks the window that brings line n: forward from n, or, when
// the lines after n are already held (scrolling up), ending just before them.
func (v *Pane) windowFor(n int) (offset, limit int) {
	prevEnd, nextStart := 0, v.total+1
	for _, c := range v.chunks {
		if c.end() < n {
			prevEnd = max(prevEnd, c.end())
		}
		if c.start > n {
			nextStart = min(nextStart, c.start)
		}
	}
	offset = n
	switch {
	case nextStart <= v.total && nextStart-n < windowLimit/4:
		offset = max(nextStart-windowLimit, prevEnd+1, 1)
	case nextStart > v.total && v.total-n < windowLimit:
		// Near the end (G): one window that ends at the last line.
		offset = max(v.total-windowLimit+1, prevEnd+1, 1)
	}
	limit = min(windowLimit, max(nextStart-offset, 1))
	return offset, limit
}

// onWindow takes an answered window of the current generation.
func (v *Pane) onWindow(msg windowMsg) tea.Cmd {
	if v.refreshing {
		return v.onRefreshed(msg)
	}
	current := v.req != nil && v.req.seq == msg.seq
	if current {
		v.req = nil
	}
	if msg.err != nil {
		if errors.Is(msg.err, context.Canceled) {
			return v.EnsureLoaded()
		}
		if v.total < 0 && msg.offset > 1 {
			// FILE:LINE past the end: read from the top, then go to the
			// last line and say so.
			v.pastEnd = v.wantLine
			v.wantLine = 1
			v.cursor = 1
			return v.EnsureLoaded()
		}
		v.refusal = msg.err.Error()
		return v.CheckGate()
	}
	res := msg.res
	if res.TotalLines == 0 {
		v.total = 0
		v.empty = res.Render()
		return v.CheckGate()
	}
	first := v.total < 0
	if v.total >= 0 && res.TotalLines != v.total {
		// The file changed between windows: start over on the new content.
		line := v.cursor
		cmd := v.Open(v.path, line)
		return cmd
	}
	v.total = res.TotalLines
	v.addChunk(&chunk{start: res.Offset, lines: msg.lines})
	v.noteWindow(msg)
	v.styled = nil
	var notice tea.Cmd
	if first && v.pastEnd > 0 {
		notice = pane.Notice("line " + repoops.Commas(v.pastEnd) + " is past the end: " + repoops.DisplayPath(v.path) + " has " + repoops.Plural(v.total, "line", "lines") + " — showing the last one")
		v.wantLine, v.pastEnd = v.total, 0
	}
	if first {
		v.CenterOn(min(v.wantLine, v.total))
		if v.wantLine <= v.body() {
			v.top = 0
			v.clampTop()
		}
	}
	gate := v.CheckGate()
	if first {
		gate = tea.Batch(gate, v.probeStop(), notice)
	}
	return tea.Batch(v.EnsureLoaded(), gate)
}
