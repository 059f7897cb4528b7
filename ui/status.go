package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// GateState is how the read-before-edit gate stands for the open file.
type GateState int

const (
	GateNone    GateState = iota // no file open
	GateNotRead                  // never read in this session
	GatePartial                  // last read was partial: an edit would be refused
	GateFull                     // last read was full: an edit is allowed while unchanged
)

// Status is the status line's content.
type Status struct {
	Repo     string
	Branch   string
	Path     string // selected path
	Beyond   bool   // the selected row is beyond the agent's default repo_tree
	Gate     GateState
	GateText string
	Agent    bool // agent view on in the focused pane
	Message  string
}

// RenderStatus draws the status line, exactly w cells. When space runs
// out the path is shortened from the left, the part people know least.
func (s *Styles) RenderStatus(st Status, w int) string {
	sep := s.StatusKey.Render(" │ ")
	left := s.StatusRepo.Render(" " + st.Repo)
	if st.Branch != "" {
		left += s.StatusKey.Render(" ⎇ " + st.Branch)
	}
	var right []string
	if st.Message != "" {
		right = append(right, s.StatusMsg.Render(st.Message))
	}
	if st.GateText != "" {
		gs := s.StatusKey
		switch st.Gate {
		case GateFull:
			gs = s.StatusGood
		case GatePartial:
			gs = s.StatusWarn
		}
		right = append(right, gs.Render(st.GateText))
	}
	if st.Agent {
		right = append(right, s.StatusAgent.Render("agent view on"))
	} else {
		right = append(right, s.StatusKey.Render("agent view off"))
	}
	r := strings.Join(right, sep) + s.Status.Render(" ")
	path := st.Path
	if st.Beyond {
		path += " " + GlyphBeyond
	}
	room := w - ansi.StringWidth(left) - ansi.StringWidth(r) - 3
	if room < 4 {
		// Too narrow for everything: the message matters most, then the path.
		return s.Status.Render(fit(ansi.Strip(left+" "+st.Message+" "+path), w))
	}
	if ansi.StringWidth(path) > room {
		path = ansi.TruncateLeft(path, ansi.StringWidth(path)-room+1, "…")
	}
	mid := sep + s.Status.Render(path)
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(mid) - ansi.StringWidth(r)
	if gap < 0 {
		gap = 0
	}
	return fit(left+mid+s.Status.Render(strings.Repeat(" ", gap))+r, w)
}

// RenderHint draws the one-line key hint from the bindings in force.
func (s *Styles) RenderHint(bindings []key.Binding, w int) string {
	var parts []string
	used := 0
	for _, b := range bindings {
		if !b.Enabled() {
			continue
		}
		h := b.Help()
		part := s.HintKey.Render(h.Key) + " " + s.HintDesc.Render(h.Desc)
		pw := ansi.StringWidth(part) + 3
		if used+pw > w+3 && len(parts) > 0 {
			break
		}
		parts = append(parts, part)
		used += pw
	}
	return fit(" "+strings.Join(parts, s.HintSep.Render(" · ")), w)
}
