package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
)

// SessionRow is one recorded agent session in the sessions pane's list,
// its fields already worded by the model.
type SessionRow struct {
	Agent   string // "claude-code", "codex", "gemini-cli", "repox"
	ID      string // the session id, when known
	Title   string // the first prompt or the agent's title ("": none recorded)
	Started string // "2026-12-01 11:02"
	Span    string // how long it ran: "12m" ("": unknown)
	Calls   string // "41 calls (30 file)"
	State   string // "live" or "done"
	Where   string // the transcript, ~-shortened
	// Findings is what a replay of it finds ("2 findings: 1 differs, 1
	// edit-unread", "no findings", "replaying…"; "": not counted)
	Findings string
	// Checkout says why the root looks like another checkout than the
	// session's ("branch x recorded, root on main"; "": it looks like its
	// own, or not counted yet): the row's first line starts with "other
	// checkout?" (it shows at any width), its second says why after the
	// findings
	Checkout string
}

// CallRow is one call in the calls list.
type CallRow struct {
	Seq     int
	Time    string // "11:02:33"
	Tool    string // the agent's tool name
	Path    string // the file or folder it names ("": none), cut in the middle when the row is narrow
	Args    string // the other arguments, short
	Refused bool   // the agent's call failed
	NoEq    bool   // no repox equivalent
	Pending bool   // not replayed yet
	// NoResult: the transcript has no result for it; later calls carry
	// on. NoResultWord says why in a word (replay.NoResultWord:
	// "interrupted", "still running", "no result").
	NoResult     bool
	NoResultWord string
	Flags        int    // findings
	Notes        int    // notes: differences of policy that harmed nothing, drawn dimmer
	Subagent     string // the Claude Code subagent that made it, merged under its Task ("": the session's agent)

	// MessageKind set: the row is a line of the conversation instead of a
	// call ("user", "assistant", "thinking", "compaction"; "note": a
	// remark of the pane), Message its text.
	MessageKind string
	Message     string
	MessageCont bool // a wrapped message's later line: no label again
}

// FlagLine is one line of the selected call's findings; Note: it belongs
// to a note (a difference of policy that harmed nothing), drawn dimmer
// than a finding.
type FlagLine struct {
	Text string
	Note bool
}

// SessionsWrap cuts text into lines of at most w columns, each made safe
// to draw (the sessions pane lays messages and findings out with it). It
// breaks between words: only a word longer than a whole line (a path in
// a narrow pane) is cut inside.
func SessionsWrap(text string, w int) []string {
	w = max(w, 1)
	var out []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Split(DisplayText(para), " ") {
			switch {
			case line == "":
				line = word
			case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= w:
				line += " " + word
			default:
				out = append(out, line)
				line = word
			}
			for ansi.StringWidth(line) > w {
				cut := ansi.Truncate(line, w, "")
				if cut == "" {
					_, n := utf8.DecodeRuneInString(line) // one character wider than the line
					cut = line[:n]
				}
				out = append(out, cut)
				line = line[len(cut):]
			}
		}
		out = append(out, line)
	}
	return out
}

// DiffLine is one row of the then or now column: the same row of both
// columns shows the same content (or its change). Changed rows differ
// from the other side's; Frame rows are a tool's framing (a header, a
// footer), never compared; Gutter is a line number, padded as wide on
// both sides, drawn as "N→" before the text.
type DiffLine struct {
	Text    string
	Changed bool
	Frame   bool
	Gutter  string
}

// SessionsView is the sessions pane's visible part: either the list of
// sessions (Calls nil) or the calls of the chosen one with then and now of
// the selected call.
type SessionsView struct {
	Title   string
	Focused bool
	// Checkout is a line under the title: the root looks like another
	// checkout than the session's ("": it does not)
	Checkout string
	Message  string // instead of rows: loading, nothing recorded, an error
	Sessions []SessionRow
	Calls    []CallRow // on-screen rows
	Cursor   int       // index into the on-screen rows, -1 when off screen
	ListRows int       // rows for the calls list (the model keeps the cursor in them)
	// ListPrompt is the list's filter ("/ text"; "": none), ListTyping
	// whether it is being typed (a cursor is drawn after it).
	ListPrompt string
	ListTyping bool

	// The selected call.
	Header string     // "#12 11:02:33 Read {...}"
	Flags  []FlagLine // findings and notes, worded and wrapped
	// Diff is the visible part of the change the call made (unified diff
	// lines), shown under its findings; DiffTitle heads it.
	Diff      []string
	DiffTitle string
	ThenTitle string
	NowTitle  string
	Then      []DiffLine // visible lines
	Now       []DiffLine
}

// Marks of the agent's horizon (the sessions pane): on tree rows and in
// the viewer's gutter.
const (
	SeenRead         = "●" // tree: the agent read (part of) the file
	SeenListed       = "○" // tree: listed or found, never read
	SeenEdited       = "✎" // tree: the agent edited or wrote it
	SeenEditedUnread = "✎!"
	GutterRead       = "┃" // viewer: a line the agent was shown
	GutterEdited     = "+" // viewer: a line the agent's edits produced
	GutterUnread     = "!" // viewer: edited without being read first
	GutterNotOnDisk  = "∅" // viewer, the file on disk: where an edit of the session is not on disk
	// GutterForgotten: viewer, a line the agent read or wrote only before
	// its context's latest compaction (no longer in context), drawn dim
	GutterForgotten = "╎"
)

// SessionsLegend explains the marks, for the help's legend.
func SessionsLegend() []string {
	return []string{
		SeenRead + " " + SeenListed + "  agent session: read / only listed",
		SeenEdited + " " + SeenEditedUnread + "  it edited / edited lines unread",
		GutterRead + " " + GutterEdited + " " + GutterUnread + " " + GutterNotOnDisk + " " + GutterForgotten + "  gutter: it read / edit / unread / edit not on disk / seen before a compaction",
	}
}

// RenderSessions draws the sessions pane, exactly w×h.
func (s *Styles) RenderSessions(v SessionsView, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := make([]string, 0, h)
	lines = append(lines, s.title(v.Title, v.Focused))
	if v.Checkout != "" {
		lines = append(lines, s.Refusal.Render(fit(" "+DisplayText(v.Checkout), w)))
	}
	if v.ListPrompt != "" {
		p := " " + DisplayText(v.ListPrompt)
		if v.ListTyping {
			p += "▏"
		}
		lines = append(lines, s.AgentCall.Render(fit(p, w)))
	}
	switch {
	case v.Message != "":
		for _, l := range wrap(v.Message, w-2) {
			lines = append(lines, " "+s.Note.Render(l))
		}
	case v.Calls == nil:
		for i, r := range v.Sessions {
			lines = append(lines, s.sessionRow(r, i == v.Cursor, v.Focused, w)...)
		}
	default:
		lines = append(lines, s.callsBody(v, w, h-len(lines))...)
	}
	return Block(lines, w, h)
}

// sessionRow is two lines: what the session was about (its first
// prompt), then who, when, how long, how much and where.
func (s *Styles) sessionRow(r SessionRow, cursor, focused bool, w int) []string {
	head := " " + DisplayText(r.Title)
	if r.Title == "" {
		why := "(no prompt recorded)"
		if r.Agent == "repox" {
			why = "(repox logs record no prompt)"
		}
		head = " " + why
		if r.ID != "" {
			head = " session " + DisplayText(r.ID) + " " + why
		}
	}
	detail := "   " + r.Agent + " · " + r.Started
	if r.Span != "" {
		detail += " · " + r.Span
	}
	detail += " · " + r.Calls + " · " + r.State
	if r.Findings != "" {
		detail += " · " + DisplayText(r.Findings)
	}
	if r.Checkout != "" {
		// the tag on the first line shows at any width; why, after the
		// findings, where the row has room
		head = " " + CheckoutTag + " ·" + head
		detail += " · checkout: " + DisplayText(r.Checkout)
	}
	detail += " · " + DisplayText(r.Where)
	if cursor {
		st := s.SelectedBlur
		if focused {
			st = s.Selected
		}
		return []string{st.Render(fit(head, w)), st.Render(fit(detail, w))}
	}
	hs := s.Dir
	if r.State != "live" {
		hs = s.File
	}
	return []string{hs.Render(fit(head, w)), s.Note.Render(fit(detail, w))}
}

// CheckoutTag starts a session's row when the root looks like another
// checkout than the session's.
const CheckoutTag = "other checkout?"

// SessionRowLines is how many lines one session takes in the list.
const SessionRowLines = 2

func padRight(s string, n int) string {
	if sw := ansi.StringWidth(s); sw < n {
		return s + strings.Repeat(" ", n-sw)
	}
	return s
}

// callsBody is the calls list, the selected call's header and findings,
// and then beside now.
func (s *Styles) callsBody(v SessionsView, w, h int) []string {
	var out []string
	for i := 0; i < v.ListRows; i++ {
		if i >= len(v.Calls) {
			out = append(out, "")
			continue
		}
		out = append(out, s.callRow(v.Calls[i], i == v.Cursor, v.Focused, w))
	}
	if v.Header == "" {
		return out
	}
	out = append(out, s.Rule.Render(ruleWith("── "+DisplayText(v.Header)+" ", w)))
	for _, f := range v.Flags {
		st := s.Refusal
		if f.Note {
			st = s.Note
		}
		out = append(out, st.Render(fit(DisplayText(f.Text), w)))
	}
	if len(v.Diff) > 0 {
		ds := s.diffStyles()
		out = append(out, ds.head.Render(fit(DisplayText(v.DiffTitle), w)))
		for _, l := range v.Diff {
			out = append(out, s.diffRow(ds, l, w))
		}
	}
	if v.ThenTitle == "" && v.NowTitle == "" {
		return out // no then/now under it (the session's diff)
	}
	if v.NowTitle == "" {
		// nothing of repox's to set beside it: the agent's side across the pane
		out = append(out, s.HelpTitle.Render(fit(v.ThenTitle, w)))
		for i := 0; len(out) < h && i < len(v.Then); i++ {
			out = append(out, s.diffCell(v.Then, i, "-", w))
		}
		return out
	}
	left, right := SessionsColumns(w)
	sep := s.Separator.Render("│")
	out = append(out, s.HelpTitle.Render(fit(v.ThenTitle, left))+sep+s.HelpTitle.Render(fit(v.NowTitle, right)))
	for i := 0; len(out) < h; i++ {
		if i >= len(v.Then) && i >= len(v.Now) {
			break
		}
		out = append(out, s.diffCell(v.Then, i, "-", left)+sep+s.diffCell(v.Now, i, "+", right))
	}
	return out
}

func (s *Styles) diffCell(ls []DiffLine, i int, mark string, w int) string {
	if i >= len(ls) {
		return strings.Repeat(" ", max(w, 0))
	}
	l := ls[i]
	// the text alone goes through DisplayText: tab stops count from the
	// start of the content on both sides, whatever framed it
	text := DisplayText(l.Text)
	if l.Gutter != "" {
		text = l.Gutter + repoops.ReadLineSep + text
	}
	switch {
	case l.Frame:
		return s.Note.Render(fit(" "+text, w))
	case l.Changed:
		return s.Match.Render(fit(mark+text, w))
	}
	return fit(" "+text, w)
}

// messageRow is a line of the conversation between the calls: a turn's
// prompt stands out, the agent's words and thinking are indented under it.
func (s *Styles) messageRow(r CallRow, w int) string {
	text := DisplayText(r.Message)
	label := map[string]string{"user": "  ▌ ", "assistant": "   says ", "thinking": " thinks "}[r.MessageKind]
	if r.MessageCont || label == "" {
		label = strings.Repeat(" ", 8)
		if r.MessageKind == "user" {
			label = "  ▌ "
		}
	}
	switch r.MessageKind {
	case "user":
		return s.Dir.Render(fit(label+text, w))
	case "assistant":
		return fit(label+text, w)
	}
	return s.Note.Render(fit(label+text, w))
}

func (s *Styles) callRow(r CallRow, cursor, focused bool, w int) string {
	if r.MessageKind != "" {
		return s.messageRow(r, w)
	}
	status := "ok"
	switch {
	case r.Pending:
		status = "…"
	case r.NoResult && r.NoResultWord != "":
		status = r.NoResultWord
	case r.NoResult:
		status = "no result"
	case r.Refused:
		status = "refused"
	}
	if r.NoEq {
		status += " (no repox equivalent)"
	}
	flags := ""
	if r.Flags > 0 {
		flags = " !" + itoa(r.Flags)
	}
	switch {
	case r.Notes == 1:
		flags += " · 1 note"
	case r.Notes > 1:
		flags += " · " + itoa(r.Notes) + " notes"
	}
	tool := DisplayText(r.Tool)
	args := DisplayText(r.Args)
	if r.Subagent != "" {
		tool = "↳ " + tool // under the Task that started its subagent
		args = strings.TrimSpace(args + "  (subagent " + DisplayText(r.Subagent) + ")")
	}
	head := padLeft("#"+itoa(r.Seq), 5) + " "
	if w >= callRowTimeMin {
		head += r.Time + " " // a narrow pane keeps the room for what the call asked
	}
	head += padRight(tool, 14) + " " + status + flags + "  "
	plain := head + callArgs(DisplayText(r.Path), args, w-ansi.StringWidth(head))
	if cursor {
		st := s.SelectedBlur
		if focused {
			st = s.Selected
		}
		return st.Render(fit(plain, w))
	}
	switch {
	case r.Flags > 0 || r.Refused:
		return s.Error.Render(fit(plain, w))
	case r.NoEq || r.Pending || r.NoResult || r.Notes > 0:
		return s.Note.Render(fit(plain, w))
	}
	return fit(plain, w)
}

// callRowTimeMin is the narrowest pane whose call rows show the time.
const callRowTimeMin = 64

// callArgs is a call row's arguments in room cells: the path whole when
// it fits with the rest; else the rest keeps up to a third of the room
// (cut at its end) while the path's file name still fits beside it, and
// the path's middle is cut; else the path alone, its name kept.
func callArgs(path, rest string, room int) string {
	join := func(p, r string) string {
		if p == "" || r == "" {
			return p + r
		}
		return p + "  " + r
	}
	if path == "" || ansi.StringWidth(join(path, rest)) <= room {
		return join(path, rest)
	}
	if rest != "" {
		r := ansi.Truncate(rest, max(room/3, 1), "…")
		if pr := room - ansi.StringWidth(r) - 2; pr >= min(ansi.StringWidth(path), ansi.StringWidth(baseName(path))+2) {
			return MiddleCut(path, pr) + "  " + r
		}
	}
	return MiddleCut(path, room)
}

// baseName is the last element of a /-separated path.
func baseName(path string) string {
	return path[strings.LastIndexByte(path, '/')+1:]
}

func padLeft(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

func itoa(n int) string { return strconv.Itoa(n) }

// SessionsColumns are the widths of the then and now columns of a pane w
// cells wide (a separator between them).
func SessionsColumns(w int) (left, right int) {
	left = max((w-1)/2, 1)
	return left, max(w-left-1, 0)
}

// ExactRows lays a tool's text out for a then/now column w cells wide, as
// the agent views do: each line made displayable (tab stops from the start
// of a read line's text), then cut into rows with no byte dropped or
// added. A cell's first cell is its mark, so a row holds w-1.
func ExactRows(text string, w int) []string {
	var rows []string
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		rows = append(rows, hardWrap(agentLine(l), max(w-1, 1))...)
	}
	return rows
}
