package transcript

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Claude Code's tools mapped to the repox calls that ask the same
// question.

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

func Sha(s string) string {
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

// mapClaude fills the repox mapping of a Claude Code call. Its switch is
// split by tool family (files read and edited, searches), one function
// each, so each reads alone; the shell and the rest stay here.
func mapClaude(c *Call, cwd, wd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a ccArgs
	if len(c.AgentArgs) > 0 && json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	a.anchor(wd)
	switch c.AgentTool {
	case "Read", "Write", "Edit", "MultiEdit":
		mapClaudeFile(c, &a, cwd)
	case "Glob", "Grep", "LS":
		mapClaudeSearch(c, &a, cwd)
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
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// mapClaudeFile maps Claude Code's tools on one file: Read, Write, Edit
// and MultiEdit (a's paths already anchored).
func mapClaudeFile(c *Call, a *ccArgs, cwd string) {
	rel, ok := callRel(c, a.FilePath, cwd)
	if !ok {
		return
	}
	switch c.AgentTool {
	case "Read":
		c.Repox = []ToolCall{readCall(rel, a.Offset, a.Limit, claudeReadLines, &c.Approx)}
	case "Write":
		if a.Content == nil {
			c.NoEquivalent = "Write without content"
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": rel, "content": *a.Content})}}
	case "Edit":
		if a.OldString == nil || a.NewString == nil {
			c.NoEquivalent = "Edit without old_string or new_string"
			return
		}
		c.Repox = []ToolCall{editCall(rel, *a.OldString, *a.NewString, a.ReplaceAll)}
	case "MultiEdit":
		for _, e := range a.Edits {
			c.Repox = append(c.Repox, editCall(rel, e.OldString, e.NewString, e.ReplaceAll))
		}
		if len(c.Repox) == 0 {
			c.NoEquivalent = "MultiEdit with no edits"
		} else if len(c.Repox) > 1 {
			c.Approx = "MultiEdit applies all edits or none; repox runs them as separate repo_edit calls"
		}
	}
}

// mapClaudeSearch maps Claude Code's searching tools: Glob, Grep and LS.
func mapClaudeSearch(c *Call, a *ccArgs, cwd string) {
	if c.AgentTool == "Glob" {
		q, rel, why := globQuery(a.Pattern, a.Path, cwd)
		if why != "" {
			c.NoEquivalent = why
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, rel, 200))}}
		c.Approx = "Glob lists ignored and hidden files too; repo_find searches the file set"
		return
	}
	rel, ok := callRel(c, a.Path, cwd)
	if !ok {
		return
	}
	if c.AgentTool == "Grep" {
		mapRgGrep(c, "Grep", a.Pattern, rel, a.CaseI, a.Glob != "" || a.Type != "", a.OutputMode)
		return
	}
	c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(pathArgs(rel))}}
	c.Approx = "LS lists recursively up to 1000 entries; repo_tree lists " + strconv.Itoa(repoops.TreeDefaultDepth) + " levels breadth-first"
}

// otherTool is why a tool with no mapping has no repox equivalent; an MCP
// tool of another server says whose it is (its repo_write is not repox's).
func otherTool(name string) string {
	if server, tool := mcpServer(name); server != "" && strings.HasPrefix(name, "mcp__") {
		return "the MCP tool " + strconv.Quote(tool) + " of server " + strconv.Quote(server) + ", not repox's own server (only a server named repox maps to repox tools)"
	}
	return "not a file tool"
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
	case repoops.ToolTree, repoops.ToolFind, repoops.ToolGrep, repoops.ToolRead, repoops.ToolGit, repoops.ToolEdit, repoops.ToolInsert, repoops.ToolWrite:
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
	return ToolCall{Tool: repoops.ToolGrep, Args: RawJSON(m)}
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
	return ToolCall{Tool: repoops.ToolRead, Args: RawJSON(map[string]any{"path": rel, "offset": off, "limit": lim})}
}

// EditArgs are a repo_edit call's arguments; All asks the re-run to
// replace every occurrence (expected_count is then counted in the copy).
type EditArgs struct {
	Path      string `json:"path"`
	OldString string `json:"old_string"`
	NewString string `json:"new_string"`
	Count     int    `json:"expected_count,omitempty"`
}

func editCall(rel, old, new string, all bool) ToolCall {
	tc := ToolCall{Tool: repoops.ToolEdit, Args: RawJSON(EditArgs{Path: rel, OldString: old, NewString: new})}
	tc.All = all
	return tc
}

var regexMeta = LazyRegexp(`[\\^$|?*+()\[\]{}]`)

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
		if regexMeta().MatchString(string(ch)) {
			return "", "is a regular expression (" + strconv.Quote(string(ch)) + ")"
		}
		sb.WriteByte(ch)
	}
	if sb.Len() == 0 {
		return "", "is empty"
	}
	return sb.String(), ""
}

// mapRgGrep maps a ripgrep-like search tool (Claude Code's Grep, Copilot
// CLI's grep): a regular expression is searched as the fixed string it
// spells (or has no equivalent), and what repo_grep does otherwise —
// no file filter, matching lines where the tool listed file names — is
// said in Approx.
func mapRgGrep(c *Call, tool, pattern, rel string, caseI, filtered bool, outputMode string) {
	lit, why := literalPattern(pattern)
	if why != "" {
		c.NoEquivalent = tool + " pattern " + strconv.Quote(pattern) + " " + why + "; repo_grep searches a fixed string"
		return
	}
	c.Repox = []ToolCall{grepCall(lit, rel, !caseI)}
	var notes []string
	if lit != pattern {
		notes = append(notes, "the regular expression was searched as the fixed string "+strconv.Quote(lit))
	}
	if filtered {
		notes = append(notes, "repo_grep has no file filter (glob/type not applied)")
	}
	if outputMode != "content" {
		notes = append(notes, tool+" listed file names; repo_grep shows matching lines")
	}
	c.Approx = strings.Join(notes, "; ")
}
