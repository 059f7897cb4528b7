package tour

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/ui"
)

// Bar is the step bar, one line of w cells where the hint line goes:
// `step N of M · <the sentence>` on the left, the tour's keys on the
// right; the sentence is cut with … when it does not fit (the panel shows
// it whole).
func (t *Tour) Bar(st *ui.Styles, k keymap.Tour, w int) string {
	keys := []key.Binding{k.Next, k.Back, k.Steps}
	if t.Step().Kind == KindServe {
		keys = append(keys, k.Copy)
	}
	keys = append(keys, k.End)
	var parts []string
	for _, b := range keys {
		parts = append(parts, st.HintKey.Render(b.Help().Key)+" "+st.HintDesc.Render(b.Help().Desc))
	}
	right := strings.Join(parts, st.HintSep.Render(" · "))
	head := st.StatusRepo.Render(fmt.Sprintf(" step %d of %d ", t.at+1, len(Steps)))
	room := w - ansi.StringWidth(head) - ansi.StringWidth(right) - 2
	if room < 12 {
		// narrow: the sentence goes first, the keys after it as they fit
		return ui.Fit(head+" "+right, w)
	}
	look := ui.Fit(" "+t.Step().Look, room)
	return ui.Fit(head+look+"  "+right, w)
}

// Panel is the tour's side of the frame, exactly w×h cells: the step and
// its sentence, then the silent tool's answer (labelled as such), the
// replayed session's path, or the MCP config; repox's side is the pane
// beside it.
func (t *Tour) Panel(st *ui.Styles, w, h int, focused bool) string {
	title := st.Title
	if focused {
		title = st.TitleFocused
	}
	s := t.Step()
	lines := []string{title.Render(ui.Fit(fmt.Sprintf(" tour · step %d of %d · %s", t.at+1, len(Steps), s.Title), w))}
	add := func(style func(...string) string, text string) {
		for _, l := range strings.Split(text, "\n") {
			// what came from the repository may hold control characters:
			// shown, never sent to the terminal
			l = ui.DisplayText(l)
			if l == "" {
				lines = append(lines, "")
				continue
			}
			for _, part := range strings.Split(ansi.Wrap(l, max(w-1, 1), " "), "\n") {
				lines = append(lines, style(" "+part))
			}
		}
	}
	plain := func(s ...string) string { return strings.Join(s, "") }
	add(plain, s.Look)
	lines = append(lines, "")
	if t.at == 0 {
		add(st.Note.Render, "demo folder: "+t.setup.Dir)
		if t.setup.Kept {
			add(st.Note.Render, "kept: it is yours, remove it when done")
		} else {
			add(st.Note.Render, "removed when repox exits (repox demo DIR keeps one)")
		}
		lines = append(lines, "")
	}
	switch s.Kind {
	case KindContrast:
		c := t.Contrast()
		if c == nil {
			add(st.Error.Render, "this step's silent side was not computed")
			break
		}
		add(st.Refusal.Render, "── "+c.Label+" ──")
		add(plain, c.Silent)
		lines = append(lines, "")
		add(st.Note.Render, "── repox, in the tool console beside: "+c.Call+" ──")
		if c.Prepare != "" {
			add(st.Note.Render, "(after "+c.Prepare+" in the same session)")
		}
	case KindSession:
		add(st.Note.Render, "transcript: "+t.setup.TranscriptName)
		add(plain, "The sessions pane beside replays it call by call, in a scratch copy: the working tree is not changed. Its marked calls are the findings.")
	case KindServe:
		add(plain, "mcp.json (Cursor, Claude Code's .mcp.json, the MCP Inspector), as docs/mcp.md shows:")
		lines = append(lines, "")
		add(st.AgentText.Render, t.Snippet())
		lines = append(lines, "")
		add(st.Note.Render, "y copies it · Claude Code: claude mcp add repox -- repox mcp --root DIR")
	}
	return ui.Block(lines, w, h)
}
