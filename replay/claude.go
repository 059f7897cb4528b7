package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// claudeDecoder reads Claude Code session files: one record per line; a
// call is an assistant content block {type:"tool_use", id, name, input},
// its result a later user record's {type:"tool_result", tool_use_id,
// content, is_error}, often with a structured toolUseResult. Pairing is on
// the id, never by position.
type claudeDecoder struct {
	s       *stream
	seenUse map[string]bool // tool_use ids already queued (a message split over lines may repeat blocks)
}

type ccLine struct {
	Type          string        `json:"type"`
	Cwd           string        `json:"cwd"`
	SessionID     string        `json:"sessionId"`
	AgentID       string        `json:"agentId"`
	IsSidechain   bool          `json:"isSidechain"`
	Timestamp     string        `json:"timestamp"`
	Message       *ccMessage    `json:"message"`
	ToolUseResult *ccReadResult `json:"toolUseResult"`
}

type ccMessage struct {
	ID      string    `json:"id"`
	Role    string    `json:"role"`
	Content []ccBlock `json:"content"`
}

// toolMarkers: a line without one of these holds no call or result; once
// the session's id, folder and start are known it is not decoded at all
// (most of a transcript's bytes are text, thinking and progress records).
var toolMarkers = [][]byte{[]byte(`"tool_use"`), []byte(`"tool_result"`), []byte(`"tool_use_id"`)}

func hasToolMarker(b []byte) bool {
	for _, m := range toolMarkers {
		if bytes.Contains(b, m) {
			return true
		}
	}
	return false
}

type ccBlock struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   any             `json:"content"` // a string or a list of blocks: decoded in the line's one pass
	IsError   bool            `json:"is_error"`
}

func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

func (d *claudeDecoder) line(b []byte, n int, st *Stats) {
	if st.SessionID != "" && st.Cwd != "" && !st.Started.IsZero() && !hasToolMarker(b) {
		// no call or result here: only its record type is needed, to count
		// unknown ones; a light decode that keeps no strings
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			st.skip("line %d is not JSON: %v", n, err)
		} else if !claudeTypes[head.Type] {
			st.Unknown++
			st.LastSkip = "line " + strconv.Itoa(n) + " has record type " + strconv.Quote(head.Type) + ", which this reader does not know"
		}
		return
	}
	// One decoding pass per line. Values of another shape than the
	// fields (a prompt's content is a string, an error's toolUseResult is
	// a string) are left empty: json reports them as type errors after
	// decoding everything else.
	var l ccLine
	if err := json.Unmarshal(b, &l); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			st.skip("line %d is not JSON: %v", n, err)
			return
		}
	}
	if !claudeTypes[l.Type] {
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " has record type " + strconv.Quote(l.Type) + ", which this reader does not know"
		return
	}
	if st.SessionID == "" && l.SessionID != "" {
		st.SessionID = l.SessionID
	}
	if l.Cwd != "" && st.Cwd == "" {
		st.Cwd = l.Cwd
	}
	ts := parseTime(l.Timestamp)
	if st.Started.IsZero() && !ts.IsZero() {
		st.Started = ts
	}
	if l.Message == nil || (l.Type != "user" && l.Type != "assistant") {
		return
	}
	blocks := l.Message.Content
	// paths map to the session's first folder (the root the replay
	// compares with); relative paths are taken from this line's folder,
	// which moves when the agent changes directory
	root, wd := st.Cwd, l.Cwd
	sub := ""
	if l.IsSidechain {
		sub = l.AgentID
	}
	results := 0
	for _, bl := range blocks {
		if bl.Type == "tool_result" {
			results++
		}
	}
	for _, bl := range blocks {
		switch bl.Type {
		case "tool_use":
			if bl.ID == "" || d.seenUse[bl.ID] {
				continue
			}
			d.seenUse[bl.ID] = true
			c := Call{ID: bl.ID, Time: ts, Agent: AgentClaude, Subagent: sub, AgentTool: bl.Name, AgentArgs: bl.Input}
			mapClaude(&c, root, wd)
			d.s.add(c, false)
		case "tool_result":
			tur := l.ToolUseResult
			if results != 1 {
				tur = nil // several results in one record: the structured one is ambiguous
			}
			text := blockText(bl.Content)
			isErr := bl.IsError
			d.s.result(bl.ToolUseID, func(c *Call) {
				c.Text, c.IsError = text, isErr
				if tur != nil && tur.AgentID != "" && (c.AgentTool == "Task" || c.AgentTool == "Agent") {
					c.NoEquivalent = "a subagent task; its own calls are in " + st.SessionID + "/subagents/agent-" + tur.AgentID + ".jsonl beside this session's file"
				}
				if !isErr {
					c.Saw = claudeSaw(c, tur, root, wd)
				}
			})
		}
	}
}

// blockText is a tool_result's content as the model got it: a string, or
// the text blocks of a list joined.
func blockText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []any:
		var sb strings.Builder
		for i, p := range v {
			if i > 0 {
				sb.WriteString("\n")
			}
			m, _ := p.(map[string]any)
			typ, _ := m["type"].(string)
			if text, ok := m["text"].(string); ok && typ == "text" {
				sb.WriteString(text)
			} else {
				sb.WriteString("[" + typ + "]")
			}
		}
		return sb.String()
	}
	b, _ := json.Marshal(v)
	return string(b)
}

type ccArgs struct {
	FilePath   string  `json:"file_path"`
	Path       string  `json:"path"`
	Offset     *int    `json:"offset"`
	Limit      *int    `json:"limit"`
	Pattern    string  `json:"pattern"`
	Glob       string  `json:"glob"`
	Type       string  `json:"type"`
	OutputMode string  `json:"output_mode"`
	CaseI      bool    `json:"-i"`
	Multiline  bool    `json:"multiline"`
	OldString  *string `json:"old_string"`
	NewString  *string `json:"new_string"`
	ReplaceAll bool    `json:"replace_all"`
	Content    *string `json:"content"`
	Command    string  `json:"command"`
	Edits      []struct {
		OldString  string `json:"old_string"`
		NewString  string `json:"new_string"`
		ReplaceAll bool   `json:"replace_all"`
	} `json:"edits"`
}

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// anchor makes the path arguments absolute against the folder wd the call
// was made in (an omitted path is that folder).
func (a *ccArgs) anchor(wd string) {
	if wd == "" {
		return
	}
	if a.FilePath != "" && !path.IsAbs(a.FilePath) {
		a.FilePath = path.Join(wd, a.FilePath)
	}
	if !path.IsAbs(a.Path) {
		a.Path = path.Join(wd, a.Path)
	}
}

// Claude Code's caps, as its tools state them.
const (
	claudeReadLines = 2000
	claudeGlobCap   = 100
)

// mapClaude fills the repox mapping of a Claude Code call.
func mapClaude(c *Call, cwd, wd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a ccArgs
	if len(c.AgentArgs) > 0 && json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = "the arguments are not the shape " + c.AgentTool + " takes"
		return
	}
	a.anchor(wd)
	file := func() (string, bool) {
		rel, ok := relPath(a.FilePath, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.FilePath, cwd)
		}
		return rel, ok
	}
	switch c.AgentTool {
	case "Read":
		rel, ok := file()
		if !ok {
			return
		}
		c.Repox = []ToolCall{readCall(rel, a.Offset, a.Limit, claudeReadLines, &c.Approx)}
	case "Write":
		rel, ok := file()
		if !ok || a.Content == nil {
			if ok {
				c.NoEquivalent = "Write without content"
			}
			return
		}
		c.Repox = []ToolCall{{Tool: "repo_write", Args: rawJSON(map[string]any{"path": rel, "content": *a.Content})}}
	case "Edit":
		rel, ok := file()
		if !ok || a.OldString == nil || a.NewString == nil {
			if ok {
				c.NoEquivalent = "Edit without old_string or new_string"
			}
			return
		}
		c.Repox = []ToolCall{editCall(rel, *a.OldString, *a.NewString, a.ReplaceAll)}
	case "MultiEdit":
		rel, ok := file()
		if !ok {
			return
		}
		for _, e := range a.Edits {
			c.Repox = append(c.Repox, editCall(rel, e.OldString, e.NewString, e.ReplaceAll))
		}
		if len(c.Repox) == 0 {
			c.NoEquivalent = "MultiEdit with no edits"
		} else if len(c.Repox) > 1 {
			c.Approx = "MultiEdit applies all edits or none; repox runs them as separate repo_edit calls"
		}
	case "Glob":
		rel, ok := relPath(a.Path, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.Path, cwd)
			return
		}
		c.Repox = []ToolCall{{Tool: "repo_find", Args: rawJSON(findArgs(a.Pattern, rel, 200))}}
		c.Approx = "Glob lists ignored and hidden files too; repo_find searches the file set"
	case "Grep":
		rel, ok := relPath(a.Path, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.Path, cwd)
			return
		}
		lit, why := literalPattern(a.Pattern)
		if why != "" {
			c.NoEquivalent = "Grep pattern " + strconv.Quote(a.Pattern) + " " + why + "; repo_grep searches a fixed string"
			return
		}
		c.Repox = []ToolCall{grepCall(lit, rel, !a.CaseI)}
		var notes []string
		if lit != a.Pattern {
			notes = append(notes, "the regular expression was searched as the fixed string "+strconv.Quote(lit))
		}
		if a.Glob != "" || a.Type != "" {
			notes = append(notes, "repo_grep has no file filter (glob/type not applied)")
		}
		if a.OutputMode != "content" {
			notes = append(notes, "Grep listed file names; repo_grep shows matching lines")
		}
		c.Approx = strings.Join(notes, "; ")
	case "LS":
		rel, ok := relPath(a.Path, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.Path, cwd)
			return
		}
		c.Repox = []ToolCall{{Tool: "repo_tree", Args: rawJSON(pathArgs(rel))}}
		c.Approx = "LS lists recursively up to 1000 entries; repo_tree lists " + strconv.Itoa(repoops.TreeDefaultDepth) + " levels breadth-first"
	case "Bash":
		shellWd, ok := relPath(wd, cwd)
		if !ok {
			c.NoEquivalent = "the command runs in " + wd + ", outside the session's folder " + cwd
			return
		}
		mapShell(c, a.Command, shellWd, cwd)
	case "NotebookEdit":
		c.NoEquivalent = "notebook cells are not edited by a repox tool"
	case "Task", "Agent":
		c.NoEquivalent = "a subagent task (its own calls are in the subagent's file)"
	case "WebSearch", "WebFetch":
		c.NoEquivalent = "a web tool"
	case "TodoWrite", "TodoRead":
		c.NoEquivalent = "a task-list tool"
	default:
		c.NoEquivalent = "not a file tool"
	}
}

// mapRepoxMCP maps a call of repox's own tools served over MCP
// (mcp__<server>__repo_read_file, or the bare name) one to one.
func mapRepoxMCP(c *Call) bool {
	name, ok := mcpRepoxTool(c.AgentTool)
	if !ok {
		return false
	}
	args := c.AgentArgs
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	c.Repox = []ToolCall{{Tool: name, Args: args}}
	return true
}

func repoxTool(name string) bool {
	switch name {
	case "repo_tree", "repo_find", "repo_grep", "repo_read_file", "repo_git", "repo_edit", "repo_insert", "repo_write":
		return true
	}
	return false
}

func pathArgs(rel string) map[string]any {
	m := map[string]any{}
	if rel != "" {
		m["path"] = rel
	}
	return m
}

func findArgs(q, rel string, limit int) map[string]any {
	m := pathArgs(rel)
	m["query"] = q
	m["limit"] = limit
	return m
}

func grepCall(pattern, rel string, caseSensitive bool) ToolCall {
	m := pathArgs(rel)
	m["pattern"] = pattern
	if !caseSensitive {
		m["case_sensitive"] = false
	}
	return ToolCall{Tool: "repo_grep", Args: rawJSON(m)}
}

// readCall maps a ranged read; offset is 1-based (both Claude Code and
// Codex number lines from 1; 0 or less means the start). A missing limit
// is the agent's own default, capped at repo_read_file's ReadMaxLimit.
func readCall(rel string, offset, limit *int, agentDefault int, approx *string) ToolCall {
	off := 1
	if offset != nil && *offset > 1 {
		off = *offset
	}
	lim := agentDefault
	if limit != nil && *limit > 0 {
		lim = *limit
	}
	if lim > repoops.ReadMaxLimit {
		*approx = "limit " + strconv.Itoa(lim) + " is over repo_read_file's " + strconv.Itoa(repoops.ReadMaxLimit) + "; re-run with " + strconv.Itoa(repoops.ReadMaxLimit)
		lim = repoops.ReadMaxLimit
	}
	return ToolCall{Tool: "repo_read_file", Args: rawJSON(map[string]any{"path": rel, "offset": off, "limit": lim})}
}

// editArgs are a repo_edit call's arguments; All asks the re-run to
// replace every occurrence (expected_count is then counted in the copy).
type editArgs struct {
	Path      string `json:"path"`
	OldString string `json:"old_string"`
	NewString string `json:"new_string"`
	Count     int    `json:"expected_count,omitempty"`
}

func editCall(rel, old, new string, all bool) ToolCall {
	tc := ToolCall{Tool: "repo_edit", Args: rawJSON(editArgs{Path: rel, OldString: old, NewString: new})}
	tc.All = all
	return tc
}

var regexMeta = regexp.MustCompile(`[\\^$|?*+()\[\]{}]`)

// literalPattern turns a regular expression that is plainly a fixed string
// (escaped metacharacters, '.') into that string; why says what is not.
func literalPattern(p string) (lit, why string) {
	var sb strings.Builder
	for i := 0; i < len(p); i++ {
		ch := p[i]
		if ch == '\\' && i+1 < len(p) && strings.IndexByte(`\.^$|?*+()[]{}/-`, p[i+1]) >= 0 {
			sb.WriteByte(p[i+1])
			i++
			continue
		}
		if regexMeta.MatchString(string(ch)) {
			return "", "is a regular expression (" + strconv.Quote(string(ch)) + ")"
		}
		sb.WriteByte(ch)
	}
	if sb.Len() == 0 {
		return "", "is empty"
	}
	return sb.String(), ""
}

// ccReadResult is Claude Code's structured Read result.
type ccReadResult struct {
	File *struct {
		FilePath   string `json:"filePath"`
		Content    string `json:"content"`
		NumLines   int    `json:"numLines"`
		StartLine  int    `json:"startLine"`
		TotalLines int    `json:"totalLines"`
	} `json:"file"`
	Filenames []string `json:"filenames"`
	Truncated bool     `json:"truncated"`
	AgentID   string   `json:"agentId"`      // a Task's subagent
	Original  *string  `json:"originalFile"` // an Edit's file before the change
	NumFiles  int      `json:"numFiles"`
}

// numbered matches a line of Claude Code's Read output: "     12→text"
// (older) or "    12\ttext" (newer).
var numbered = regexp.MustCompile(`^ *([0-9]+)(?:→|\t)`)

func claudeSaw(c *Call, tur *ccReadResult, cwd, wd string) *Saw {
	var r ccReadResult
	if tur != nil {
		r = *tur
	}
	if name, ok := mcpRepoxTool(c.AgentTool); ok && len(c.Repox) == 1 {
		return repoxSaw(name, c.Repox[0].Args, nil, c.Text)
	}
	var a ccArgs
	json.Unmarshal(c.AgentArgs, &a)
	a.anchor(wd)
	switch c.AgentTool {
	case "Read":
		rel, ok := relPath(a.FilePath, cwd)
		if !ok {
			rel = a.FilePath // outside the folder: kept as given, never on the horizon
		}
		saw := &Saw{Path: rel}
		if r.File != nil && r.File.StartLine > 0 {
			saw.TotalLines = r.File.TotalLines
			lines := splitLines(r.File.Content)
			for i, t := range lines {
				saw.Lines = append(saw.Lines, SawLine{N: r.File.StartLine + i, Text: t})
			}
			return saw
		}
		saw.Lines = parseNumbered(c.Text, numbered)
		return saw
	case "Glob":
		saw := &Saw{Limit: claudeGlobCap}
		names := r.Filenames
		if names == nil {
			for _, l := range strings.Split(c.Text, "\n") {
				if l == "" || strings.HasPrefix(l, "(Results are truncated") || l == "No files found" {
					continue
				}
				names = append(names, l)
			}
		}
		for _, n := range names {
			if rel, ok := relPath(n, cwd); ok {
				saw.Paths = append(saw.Paths, rel)
			} else {
				saw.Paths = append(saw.Paths, n)
			}
		}
		saw.Cut = r.Truncated || strings.Contains(c.Text, "(Results are truncated")
		return saw
	case "Edit", "MultiEdit":
		if r.Original == nil {
			return nil
		}
		rel, ok := relPath(a.FilePath, cwd)
		if !ok {
			return nil
		}
		lf := strings.ReplaceAll(*r.Original, "\r\n", "\n")
		saw := &Saw{Path: rel, BeforeSHA: sha(lf), BeforeLines: repoops.CountLines([]byte(lf))}
		if after, ok := claudeAfter(*r.Original, c.Repox); ok {
			after = strings.ReplaceAll(after, "\r\n", "\n")
			saw.AfterSHA, saw.AfterLines = sha(after), repoops.CountLines([]byte(after))
		}
		return saw
	case "Grep":
		// files_with_matches: the files named are listed for the agent
		if len(r.Filenames) == 0 {
			return nil
		}
		saw := &Saw{}
		for _, n := range r.Filenames {
			if rel, ok := relPath(n, cwd); ok {
				n = rel
			}
			saw.Paths = append(saw.Paths, n)
		}
		return saw
	case "Bash":
		return shellSaw(c, c.Text)
	}
	return nil
}

// splitLines splits text into lines by the project's rule: a final newline
// ends the last line, it does not start another.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// parseNumbered reads numbered lines (prefix matched by re) from the start
// of text, stopping at the first line that is not one (a trailing
// system reminder, a footer).
func parseNumbered(text string, re *regexp.Regexp) []SawLine {
	var out []SawLine
	for _, l := range strings.Split(text, "\n") {
		m := re.FindStringSubmatchIndex(l)
		if m == nil {
			if len(out) > 0 {
				break
			}
			continue
		}
		n, err := strconv.Atoi(l[m[2]:m[3]])
		if err != nil {
			break
		}
		out = append(out, SawLine{N: n, Text: strings.TrimSuffix(l[m[1]:], "\r")})
	}
	return out
}
