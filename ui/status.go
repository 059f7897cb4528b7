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

// Status is the status line's content. Repo, Branch and Path come in the
// display form of repoops.QuoteName (Repo.Name, Repo.Branch, DisplayPath):
// the same rule as the model text, so no name reaches the terminal raw.
type Status struct {
	Repo     string
	Branch   string
	Path     string // selected path
	Beyond   bool   // the selected row is beyond the agent's default repo_tree
	Reach    string // what an agent calls to see the selected row listed ("" for none)
	Gate     GateState
	GateText string
	GateTiny string // the gate in a word or two, for a narrow line
	Agent    bool   // agent view on in the focused pane
	// AgentGate is the gate of the open file in a followed agent's session
	// (the sessions pane), labelled with that session; shown apart from
	// the explorer's own Gate. AgentGateTiny is its short form.
	AgentGate, AgentGateTiny string
	Message                  string
}

// RenderStatus draws the status line, exactly w cells: StatusLines' first.
func (s *Styles) RenderStatus(st Status, w int) string {
	line, _ := s.StatusLines(st, w)
	return line
}

// StatusLines draws the status line, exactly w cells, and below it the
// line that takes the hint line's place ("" when none does). When space
// runs out, the gate and agent words shrink first, then the branch goes,
// then the path is shortened from the left (the part people know least).
// A message that would squeeze the path below a few cells has the status
// line to itself after the repository's name, and goes on below.
func (s *Styles) StatusLines(st Status, w int) (line, below string) {
	sep := s.StatusKey.Render(" │ ")
	sepW := 3
	repo := s.StatusRepo.Render(" " + st.Repo)
	branch := ""
	if st.Branch != "" {
		branch = s.StatusKey.Render(" on " + st.Branch) // words: ⎇ is missing from many fonts
	}
	right := func(tiny bool) string {
		var parts []string
		if st.Message != "" {
			parts = append(parts, s.StatusMsg.Render(st.Message))
		}
		if ag := st.AgentGate; ag != "" {
			if tiny && st.AgentGateTiny != "" {
				ag = st.AgentGateTiny
			}
			parts = append(parts, s.StatusAgent.Render(ag))
		}
		gate := st.GateText
		if tiny && st.GateTiny != "" {
			gate = st.GateTiny
		}
		if gate != "" {
			gs := s.StatusKey
			switch st.Gate {
			case GateFull:
				gs = s.StatusGood
			case GatePartial:
				gs = s.StatusWarn
			}
			parts = append(parts, gs.Render(gate))
		}
		agent := "agent view off"
		if tiny {
			agent = "agent off"
		}
		as := s.StatusKey
		if st.Agent {
			agent = "agent view on"
			if tiny {
				agent = "agent on"
			}
			as = s.StatusAgent
		}
		parts = append(parts, as.Render(agent))
		return strings.Join(parts, sep) + s.Status.Render(" ")
	}
	path := st.Path
	if st.Beyond {
		path += " " + GlyphBeyond
	}
	if st.Reach != "" {
		path += " " + st.Reach // cut from the left: the reach outlives the path, which the tree shows
	}
	const minPath = 12
	r := right(false)
	fixed := func() int { return ansi.StringWidth(repo) + ansi.StringWidth(branch) + sepW + ansi.StringWidth(r) + 1 }
	if fixed()+max(minPath, ansi.StringWidth(path)) > w {
		r = right(true)
	}
	if fixed()+minPath > w {
		branch = ""
	}
	room := w - fixed()
	if st.Message != "" && room < min(minPath, max(ansi.StringWidth(path), 1)) {
		return s.statusMessage(repo+sep, st.Message, w)
	}
	if room < 1 {
		return s.Status.Render(fit(ansi.Strip(repo+" "+path), w)), ""
	}
	if pw := ansi.StringWidth(path); pw > room {
		path = ansi.TruncateLeft(path, pw-room+1, "…")
	}
	gap := w - fixed() - ansi.StringWidth(path) + 1
	return fit(repo+branch+sep+s.Status.Render(path+strings.Repeat(" ", max(gap, 1)))+r, w), ""
}

// statusMessage is a long message after head, wrapped over the status line
// and the one below (which it has whole, under the message's start); what
// two lines do not hold is cut with an ellipsis.
func (s *Styles) statusMessage(head, msg string, w int) (line, below string) {
	hw := ansi.StringWidth(head)
	if hw+minMessage > w {
		head, hw = "", 0
	}
	rows := wrap(msg, max(w-hw-1, 1))
	if len(rows) > 2 {
		rows[1] = strings.Join(rows[1:], " ")
	}
	line = fit(head+s.StatusMsg.Render(rows[0]), w)
	if len(rows) > 1 {
		below = fit(strings.Repeat(" ", hw)+s.StatusMsg.Render(rows[1]), w)
	}
	return line, below
}

// minMessage is the least room a message is given after the repository's
// name; a narrower line shows the message alone.
const minMessage = 20

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
