package console

import (
	"context"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Pane is the tool console, an overlay over the viewer (`:`): type
// a call, run it in the explorer's own session (so the gate answers as it
// would for an agent: a full read here lets an edit through), and see the
// JSON call made, the raw result text, isError and the time it took.
type Pane struct {
	pane.Base
	c     *pane.Common
	keys  keymap.Console
	after func(tool string, res repoops.Result) tea.Cmd

	input textinput.Model
	cands []string // completion candidates left after tab

	history  []string
	histPos  int    // len(history): the line being typed
	draft    string // the typed line, kept while walking the history
	histPath string
	histErr  string // the history problem, said once
	histSaid bool
	histGen  int

	seq     int
	cancel  context.CancelFunc
	running string // the call in flight
	call    string // the call last run: tool and JSON
	res     *repoops.Result
	ms      float64
	lines   []string
	top     int
	problem string // the line could not be made into a call
	showing bool   // a tour step's answer on show: no keys typed (Show)

	width, height int
}

// ranMsg is a call's answer.
type ranMsg struct {
	rec repoops.CallRecord
	res repoops.Result
}

// Last is the call last run (tool and JSON) and its answer (nil: none
// yet), as the console shows them.
func (p *Pane) Last() (call string, res *repoops.Result) { return p.call, p.res }

// SetDuration sets the time the last call is shown to have taken (a
// golden frame fixes it; it varies from run to run).
func (p *Pane) SetDuration(ms float64) { p.ms = ms }

// Open readies the console as it is pushed: the input focused, the
// history read on the first opening (in a command: no I/O here).
func (p *Pane) Open() tea.Cmd {
	p.showing = false
	cmds := []tea.Cmd{p.input.Focus()}
	if p.histGen == 0 {
		cmds = append(cmds, p.loadHistory())
	}
	return tea.Batch(cmds...)
}

// Show readies the console, pushed by a tour step, to show a call's
// answer without taking keys: the tour's letters (n, p, ?, x) stay the
// tour's until `:` (Open) focuses the input.
func (p *Pane) Show() {
	p.showing = true
	p.input.Blur()
}

// Showing reports whether the console only shows a tour step's answer
// (Show) and takes no typed keys; Open ends it.
func (p *Pane) Showing() bool { return p.showing }

// New is the tool console over the explorer's shared state; after runs
// when a call has answered (the root reloads the file a write changed).
func New(c *pane.Common, after func(string, repoops.Result) tea.Cmd) *Pane {
	p := &Pane{c: c, keys: c.Keys.Console, after: after}
	p.input = textinput.New()
	p.input.Prompt = "› "
	p.input.Placeholder = "repo_grep pattern=TODO path=src   or   repo_read_file {\"path\":\"go.mod\"}"
	p.input.KeyMap.Paste = pane.NoPaste
	st := p.input.Styles()
	st.Cursor.Blink = false
	p.input.SetStyles(st)
	path, err := historyPath()
	if err != nil {
		p.histErr = "console history: no state folder (" + err.Error() + "); history is kept for this run only"
	}
	p.histPath = path
	return p
}

func (p *Pane) ID() pane.ID      { return pane.Console }
func (p *Pane) Title() string    { return "Tool console" }
func (p *Pane) Size() (int, int) { return p.width, p.height }
func (p *Pane) Area() pane.Area  { return pane.AreaViewer }
func (p *Pane) Done() bool       { return false }
func (p *Pane) Loading() bool    { return p.running != "" }

func (p *Pane) ShortHelp() []key.Binding  { return p.keys.ShortHelp() }
func (p *Pane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }

func (p *Pane) Generation(j pane.Job) int {
	if j == pane.JobTool {
		return p.seq
	}
	return p.histGen
}

// Close cancels a call in flight; the console keeps its state for the
// next `:`.
func (p *Pane) Close() tea.Cmd {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	if p.running != "" {
		p.running = ""
		p.problem = "the call was cancelled when the console closed; whatever the tool did before that stands"
	}
	p.input.Blur()
	return nil
}

func (p *Pane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.input.SetWidth(max(w-3, 1))
}

func (p *Pane) loadHistory() tea.Cmd {
	p.histGen++
	if p.histPath == "" {
		return nil
	}
	path := p.histPath
	return pane.Envelop(pane.Console, pane.JobLoad, p.histGen, func() tea.Msg { return loadHistory(path) })
}

func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.PasteMsg:
		var cmd tea.Cmd
		p.input, cmd = p.input.Update(msg)
		return cmd
	case historyMsg:
		if msg.err != nil {
			p.histErr = "console history ignored: " + msg.err.Error()
			return nil
		}
		p.history = append(msg.lines, p.history...)
		p.histPos = len(p.history)
		return nil
	case historySavedMsg:
		if msg.err != nil && p.histErr == "" {
			p.histErr = "console history not saved: " + msg.err.Error()
		}
		return nil
	case ranMsg:
		p.running = ""
		p.cancel = nil
		p.res = &msg.res
		p.ms = msg.rec.DurationMs
		p.lines = strings.Split(msg.res.Text, "\n")
		p.top = 0
		return p.after(msg.rec.Tool, msg.res)
	}
	return nil
}

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	if p.showing && !key.Matches(msg, k.OutUp, k.OutDown, k.Copy) {
		return nil // showing a tour step's answer: nothing typed to run
	}
	switch {
	case key.Matches(msg, k.Run):
		return p.run(true)
	case key.Matches(msg, k.Complete):
		line, cands := complete(p.input.Value())
		p.input.SetValue(line)
		p.input.CursorEnd()
		p.cands = cands
		return nil
	case key.Matches(msg, k.Older):
		p.walk(-1)
		return nil
	case key.Matches(msg, k.Newer):
		p.walk(1)
		return nil
	case key.Matches(msg, k.OutUp):
		p.top = max(p.top-p.outRows(), 0)
		return nil
	case key.Matches(msg, k.OutDown):
		p.top = max(min(p.top+p.outRows(), len(p.lines)-p.outRows()), 0)
		return nil
	case key.Matches(msg, k.Copy):
		if p.res == nil {
			return nil
		}
		call, text := p.call, p.res.Text
		return func() tea.Msg { return pane.CopyCallMsg{Call: call, Res: repoops.Result{Text: text}} }
	}
	var cmd tea.Cmd
	before := p.input.Value()
	p.input, cmd = p.input.Update(msg)
	if p.input.Value() != before {
		p.cands = nil
	}
	return cmd
}

// walk steps through the history; d<0 goes to older calls.
func (p *Pane) walk(d int) {
	if len(p.history) == 0 {
		return
	}
	if p.histPos == len(p.history) {
		p.draft = p.input.Value()
	}
	p.histPos = min(max(p.histPos+d, 0), len(p.history))
	if p.histPos == len(p.history) {
		p.input.SetValue(p.draft)
	} else {
		p.input.SetValue(p.history[p.histPos])
	}
	p.input.CursorEnd()
}

// RunCall runs line as if it were typed and entered (the tour sets its
// steps up so), but keeps it out of the person's history.
func (p *Pane) RunCall(line string) tea.Cmd {
	p.input.SetValue(line)
	return p.run(false)
}

// run makes the typed call in the explorer's session; record keeps the
// line in the history.
func (p *Pane) run(record bool) tea.Cmd {
	line := strings.TrimSpace(p.input.Value())
	if p.running != "" {
		p.problem = "a call is running; wait for it (or esc to close the console)"
		return nil
	}
	c, err := parseConsole(line)
	if err != nil {
		p.problem = err.Error()
		return nil
	}
	p.problem = ""
	p.cands = nil
	p.histSaid = p.histErr != "" // said while it was on screen; not again
	p.call = c.tool + " " + string(c.args)
	p.running = p.call
	p.res = nil
	p.seq++
	var cmds []tea.Cmd
	if n := len(p.history); record && (n == 0 || p.history[n-1] != line) {
		p.history = append(p.history, line)
		if len(p.history) > historyMax {
			p.history = p.history[len(p.history)-historyMax:]
		}
		if path := p.histPath; path != "" && p.histErr == "" {
			cmds = append(cmds, func() tea.Msg { return historySavedMsg{err: appendHistory(path, line)} })
		}
	}
	p.histPos = len(p.history)
	p.draft = ""
	p.input.SetValue("")
	ctx, cancel := context.WithCancel(p.c.Ctx)
	p.cancel = cancel
	s := p.c.Session
	cmds = append(cmds, pane.Envelop(pane.Console, pane.JobTool, p.seq, func() tea.Msg {
		rec, res := s.CallRecorded(ctx, c.tool, c.args)
		return ranMsg{rec: rec, res: res}
	}))
	return tea.Batch(cmds...)
}

// outRows is how many result lines fit (what View leaves for them).
func (p *Pane) outRows() int { return max(p.height-8, 1) }

// hint is the line under the input: candidates after tab, else the
// argument being typed, else the tool's arguments.
func (p *Pane) hint() string {
	if p.showing {
		return ": types a call here"
	}
	if len(p.cands) > 0 {
		return strings.Join(p.cands, "  ")
	}
	v := p.input.Value()
	name, rest, spaced := strings.Cut(v, " ")
	if _, ok := repoops.Lookup(name); !ok {
		var names []string
		for _, t := range repoops.Tools() {
			if strings.HasPrefix(t.Name, name) {
				names = append(names, t.Name)
			}
		}
		if len(names) == 0 {
			return "no tool starts with " + name + "; the tools are " + strings.Join(toolNames(), ", ")
		}
		return "tools: " + strings.Join(names, "  ") + "   (tab completes)"
	}
	if !spaced {
		return toolHint(name)
	}
	word := rest[strings.LastIndexByte(rest, ' ')+1:]
	if k, _, ok := strings.Cut(word, "="); ok || word != "" {
		if h := argHint(name, k); h != "" {
			return h
		}
	}
	return toolHint(name)
}

func toolNames() []string {
	var out []string
	for _, t := range repoops.Tools() {
		out = append(out, t.Name)
	}
	return out
}

func (p *Pane) View(w, h int, focused bool) string {
	cv := ui.ConsoleView{
		Title:   "tool console",
		Session: "runs in the explorer's session: its reads open the edit gate as they would for an agent",
		Focused: focused,
		Input:   p.input.View(),
		Hint:    p.hint(),
		Problem: p.problem,
		Top:     p.top,
	}
	if p.histErr != "" && !p.histSaid {
		cv.Notice = p.histErr
	}
	switch {
	case p.running != "":
		cv.Call = p.c.SpinFrame() + " running " + p.running
	case p.res != nil:
		cv.Call = "ran " + p.call
		cv.Meta = "isError: " + boolWord(p.res.IsError) + " · " + durationText(p.ms) + " · " + repoops.Plural(len(p.lines), "line", "lines") + " · " + repoops.SizeText(len(p.res.Text))
		cv.Lines = p.lines
		cv.IsError = p.res.IsError
	}
	return p.c.Styles.RenderConsole(cv, w, h)
}

func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// durationText words a call's time in milliseconds: "0.4 ms", "12 ms",
// "1.3 s".
func durationText(ms float64) string {
	switch {
	case ms < 10:
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	case ms < 1000:
		return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
	}
	return strconv.FormatFloat(ms/1000, 'f', 1, 64) + " s"
}
