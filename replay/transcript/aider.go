package transcript

import (
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// Aider's chat history (read from Aider-AI/aider, aider/io.py's
// append_chat_history and aider/coders/editblock_coder.py): every aider
// run appends to the one file, and a line's start says what it is, as
// aider's own reader (utils.split_chat_history_markdown) takes it:
//
//   - "# aider chat started at <time>": a run starts; the time is the
//     machine's local time, zone unknown, and the only time in the file:
//     the calls have none;
//   - "#### ": the person's prompt, a line each ("/run cmd", "/test cmd"
//     and "!cmd" run a command);
//   - "> ": aider's own output: "Applied edit to PATH" (an edit block
//     took), "Running cmd" (a command the model asked for, which the
//     person allowed), "… failed to match" (an edit block did not);
//   - any other line: the model's reply, written as it came. Its edits
//     are SEARCH/REPLACE blocks: the file's path on a line of its own,
//     a ``` fence, "<<<<<<< SEARCH", the lines to find, "=======", the
//     lines to put there, ">>>>>>> REPLACE". In a run of "whole" edit
//     format (aider's "> Model: … with whole edit format" line) a reply
//     gives whole files instead: the path, then the file in a fence.
//     Thinking is between <thinking-content-…> tags.
//
// There are no ids: each block is one call, answered by the "Applied
// edit to" line of its file. A command's output never reaches the file,
// so commands are listed with no repox equivalent, never re-run.

type aiderDecoder struct {
	s       *stream
	mode    byte     // 'u' a prompt, 'a' a reply, 'o' aider's output, 0 none
	lines   []string // the prompt's or the reply's lines so far
	bytes   int
	inEdit  bool // inside a SEARCH/REPLACE block: every line is the reply's
	whole   bool // this run's edit format is "whole"
	runs    int
	n       int                 // calls, numbered
	open    map[string][]string // edits waiting for their "Applied edit to", by path
	lastRun string              // the command of the last /run prompt
}

// aiderMaxMessage bounds the bytes of one prompt or reply held: a longer
// one is cut (its edit blocks past the bound are not read).
const aiderMaxMessage = 8 << 20

var aiderAnswer = LazyRegexp(`^[^\n]*\? \(Y\)es/\(N\)o[^\n]*\]: *\S*$`)
var aiderBlockStart = LazyRegexp(`^<{5,9} SEARCH\s*$`)
var aiderBlockMid = LazyRegexp(`^={5,9}\s*$`)
var aiderBlockEnd = LazyRegexp(`^>{5,9} REPLACE\s*$`)

func (d *aiderDecoder) line(b []byte, n int, st *Stats) {
	l := string(b)
	switch {
	case isAiderStart([]byte(strings.TrimSpace(l))):
		// a run starts, even after a block cut short (aider was stopped)
		d.flush(st)
		d.run(strings.TrimPrefix(strings.TrimSpace(l), aiderStarted))
		return
	case d.mode == 'a' && d.inEdit:
	case l == "####" || strings.HasPrefix(l, "#### "):
		if d.mode != 'u' {
			d.flush(st)
			d.mode = 'u'
		}
		d.hold(strings.TrimRight(strings.TrimPrefix(strings.TrimPrefix(l, "####"), " "), " "))
		return
	case l == ">" || strings.HasPrefix(l, "> "):
		if d.mode != 'o' {
			d.flush(st)
			d.mode = 'o'
		}
		d.output1(strings.TrimRight(strings.TrimPrefix(strings.TrimPrefix(l, ">"), " "), " "), st)
		return
	}
	if d.mode != 'a' {
		d.flush(st)
		d.mode = 'a'
	}
	switch {
	case aiderBlockStart().MatchString(l):
		d.inEdit = true
	case aiderBlockEnd().MatchString(l):
		d.inEdit = false
	}
	d.hold(l)
}

func (d *aiderDecoder) hold(l string) {
	if d.bytes+len(l) > aiderMaxMessage {
		return
	}
	d.bytes += len(l) + 1
	d.lines = append(d.lines, l)
}

// run starts an aider run: a new session of the file, with no context of
// the one before (unless the person asked aider to restore it).
func (d *aiderDecoder) run(at string) {
	d.runs++
	d.whole, d.lastRun = false, ""
	d.s.userTurn()
	clear(d.open)
	if d.runs > 1 {
		d.s.say(MessageCompaction, "aider chat started at "+at+" (the machine's local time): another aider run, which starts with no context of the one before", time.Time{})
	}
}

// flush ends the prompt or reply held.
func (d *aiderDecoder) flush(st *Stats) {
	lines := d.lines
	mode := d.mode
	d.lines, d.bytes, d.mode, d.inEdit = nil, 0, 0, false
	switch mode {
	case 'u':
		d.prompt(lines, st)
	case 'a':
		d.reply(lines, st)
	}
}

func (d *aiderDecoder) prompt(lines []string, st *Stats) {
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	if text == "" {
		return
	}
	if aiderAnswer().MatchString(text) {
		// aider 0.86 logs the answer to its question as a prompt
		st.pass("aider question answered")
		return
	}
	d.s.userTurn() // the edits still waiting will not be answered now
	clear(d.open)
	d.s.say(MessageUser, text, time.Time{})
	cmd, what := "", ""
	switch {
	case strings.HasPrefix(text, "/run "), strings.HasPrefix(text, "/test "):
		what, cmd, _ = strings.Cut(text, " ")
	case strings.HasPrefix(text, "!"):
		what, cmd = "/run", text[1:]
	default:
		return
	}
	cmd = strings.TrimSpace(cmd)
	d.lastRun = cmd
	d.command(what, cmd)
}

// command lists a command aider ran: its output is not in the history.
func (d *aiderDecoder) command(tool, cmd string) {
	d.n++
	c := Call{ID: "aider-" + strconv.Itoa(d.n), Agent: AgentAider, AgentTool: tool,
		AgentArgs: RawJSON(map[string]string{"command": cmd}), NoResult: true,
		NoEquivalent: "aider ran the command " + strconv.Quote(Clip(cmd, 120)) + "; its output is not in the chat history, so it is not replayed"}
	d.s.add(c, true)
}

// output1 reads one line of aider's output.
func (d *aiderDecoder) output1(l string, st *Stats) {
	switch {
	case strings.HasPrefix(l, "Applied edit to "):
		p := strings.TrimSpace(strings.TrimPrefix(l, "Applied edit to "))
		for _, id := range d.open[p] {
			d.s.result(id, func(c *Call) { c.Text = l })
		}
		delete(d.open, p)
	case strings.HasPrefix(l, "Added ") && strings.HasSuffix(strings.TrimSuffix(l, "."), " to the chat"):
		d.added(strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(l, "Added "), "."), " to the chat"))
	case strings.HasPrefix(l, "Running "):
		cmd := strings.TrimSpace(strings.TrimPrefix(l, "Running "))
		if cmd != d.lastRun {
			d.command("run", cmd)
		}
		d.lastRun = ""
	case strings.Contains(l, "SEARCH/REPLACE block failed to match") || strings.Contains(l, "did not conform to the edit format"):
		for p, ids := range d.open {
			for _, id := range ids {
				d.s.result(id, func(c *Call) { c.Text, c.IsError = l, true })
			}
			delete(d.open, p)
		}
	case (strings.HasPrefix(l, "Model: ") || strings.HasPrefix(l, "Main model: ")) && strings.Contains(l, " with "):
		d.whole = strings.Contains(l, " with whole edit format")
		st.pass("aider output line")
	default:
		st.pass("aider output line")
	}
}

// reply reads the model's reply: what it said, its thinking, its edits.
func (d *aiderDecoder) reply(lines []string, st *Stats) {
	var said, thought []string
	in := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "<thinking-content-"):
			in = true
			l = l[strings.IndexByte(l, '>')+1:]
		case strings.HasPrefix(l, "</thinking-content-"):
			in = false
			continue
		}
		if in {
			thought = append(thought, l)
		} else {
			said = append(said, l)
		}
	}
	if t := strings.TrimSpace(strings.Join(thought, "\n")); t != "" {
		d.s.say(MessageThinking, t, time.Time{})
	}
	if t := strings.TrimSpace(strings.Join(said, "\n")); t != "" {
		d.s.say(MessageAssistant, t, time.Time{})
	}
	blocks := aiderBlocks(said)
	if len(blocks) == 0 && d.whole {
		blocks = aiderWholeFiles(said)
	}
	for _, b := range blocks {
		d.edit(b)
	}
}

// aiderBlock is one edit of a reply: a SEARCH/REPLACE block, or a whole
// file (whole: content in replace).
type aiderBlock struct {
	path, search, replace string
	whole                 bool
}

// aiderBlocks finds the SEARCH/REPLACE blocks of a reply, as aider does:
// the path is the last non-blank line before the block that is not a
// fence, or the previous block's when there is none.
func aiderBlocks(lines []string) []aiderBlock {
	var out []aiderBlock
	last := ""
	for i := 0; i < len(lines); i++ {
		if !aiderBlockStart().MatchString(lines[i]) {
			continue
		}
		p := ""
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			t := strings.TrimSpace(lines[j])
			if t == "" || strings.HasPrefix(t, "```") {
				continue
			}
			p = aiderPath(t)
			break
		}
		if p == "" {
			p = last
		}
		var search, replace []string
		k, half := i+1, &search
		for ; k < len(lines) && !aiderBlockEnd().MatchString(lines[k]); k++ {
			if half == &search && aiderBlockMid().MatchString(lines[k]) {
				half = &replace
				continue
			}
			*half = append(*half, lines[k])
		}
		if k == len(lines) || half != &replace {
			break // cut short: no edit
		}
		out = append(out, aiderBlock{path: p, search: joinLines(search), replace: joinLines(replace)})
		last, i = p, k
	}
	return out
}

// aiderWholeFiles finds the whole files of a "whole" reply: a path on the
// line before a fence that opens, the file up to the fence that closes.
func aiderWholeFiles(lines []string) []aiderBlock {
	var out []aiderBlock
	for i := 1; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		p := aiderPath(strings.TrimSpace(lines[i-1]))
		k := i + 1
		for k < len(lines) && strings.TrimRight(lines[k], " ") != "```" {
			k++
		}
		if k == len(lines) {
			break
		}
		if p != "" && !strings.ContainsAny(p, " \t") {
			out = append(out, aiderBlock{path: p, replace: joinLines(lines[i+1 : k]), whole: true})
		}
		i = k
	}
	return out
}

// aiderPath is a path line as aider strips it (Markdown around it).
func aiderPath(t string) string {
	t = strings.TrimRight(strings.TrimSpace(t), ":")
	t = strings.Trim(t, "*`# ")
	return t
}

// joinLines is the text of whole lines: each ends with a newline.
func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// edit lists one block as a call that waits for its "Applied edit to".
func (d *aiderDecoder) edit(b aiderBlock) {
	d.n++
	c := Call{ID: "aider-" + strconv.Itoa(d.n), Agent: AgentAider, AgentTool: "SEARCH/REPLACE",
		AgentArgs: RawJSON(map[string]string{"path": b.path, "search": b.search, "replace": b.replace})}
	if b.whole {
		c.AgentTool, c.AgentArgs = "whole file", RawJSON(map[string]string{"path": b.path, "content": b.replace})
	}
	rel, ok := relPath(b.path, "")
	switch {
	case b.path == "":
		c.NoEquivalent = "an edit block with no file path"
	case !ok:
		c.NoEquivalent = "path " + b.path + " is outside the repository"
	case b.whole || strings.TrimSpace(b.search) == "":
		c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": rel, "content": b.replace})}}
		if !b.whole {
			c.Approx = "an empty SEARCH creates a new file, or appends to one that exists; repo_write writes it whole"
		}
	default:
		c.Repox = []ToolCall{editCall(rel, b.search, b.replace, false)}
		if strings.Contains("\n"+b.search, "\n...\n") {
			c.Approx = "the SEARCH text leaves lines out with \"...\", which aider expands; repo_edit matches it as written"
		}
	}
	if d.open == nil {
		d.open = map[string][]string{}
	}
	d.open[b.path] = append(d.open[b.path], c.ID)
	d.s.add(c, false)
}

// end is the end of the file: the last line, written without its
// newline, and the prompt or reply held are read.
func (d *aiderDecoder) end(tail []byte, st *Stats) {
	if len(tail) > 0 {
		st.Lines++
		d.line(tail, st.Lines, st)
	}
	d.flush(st)
}

// added lists a file the person added to the chat (/add, or named on
// aider's command line): aider sends the model the whole file with every
// message from then on, which the history does not keep. It is the read
// that lets the model edit it: its result is unrecorded, not absent
// (Call.ResultUnrecorded), so the replay takes repox's read for what the
// model was sent, and an edit after it is no edit of unread lines.
func (d *aiderDecoder) added(p string) {
	d.n++
	c := Call{ID: "aider-" + strconv.Itoa(d.n), Agent: AgentAider, AgentTool: "/add",
		AgentArgs: RawJSON(map[string]string{"path": p}), Text: "Added " + p + " to the chat"}
	if rel, ok := relPath(p, ""); ok && p != "" {
		lim := repoops.ReadMaxLimit
		c.Repox = []ToolCall{readCall(rel, nil, &lim, lim, &c.Approx)}
		c.Approx = "aider sends the model the whole file, which the history does not keep; repo_read_file reads up to " + strconv.Itoa(lim) + " lines"
		c.ResultUnrecorded = true
	} else {
		c.NoEquivalent = "path " + p + " is outside the repository"
	}
	d.s.add(c, true)
}
