package transcript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Cursor's tools mapped to the repox calls that ask the same question:
// the names of the CLI (Read, Write, StrReplace, …) and the older
// snake_case ones of the IDE's agent (read_file, search_replace, …),
// mapped the same way.

type cursorArgs struct {
	Path             string  `json:"path"`
	FilePath         string  `json:"file_path"`
	TargetFile       string  `json:"target_file"`
	Offset           *int    `json:"offset"`
	Limit            *int    `json:"limit"`
	Contents         *string `json:"contents"`
	OldString        *string `json:"old_string"`
	NewString        *string `json:"new_string"`
	ReplaceAll       bool    `json:"replace_all"`
	Pattern          string  `json:"pattern"`
	Query            string  `json:"query"`
	Glob             string  `json:"glob"`
	Type             string  `json:"type"`
	OutputMode       string  `json:"output_mode"`
	CaseI            bool    `json:"-i"`
	GlobPattern      string  `json:"glob_pattern"`
	TargetDirectory  string  `json:"target_directory"`
	Command          string  `json:"command"`
	WorkingDirectory string  `json:"working_directory"`
}

// cursorReadLines is the lines Read shows with no limit: Cursor does not
// say; taken as Claude Code's 2000.
const cursorReadLines = 2000

// cursorNoEquivalent: the tools no repox tool answers, and why.
var cursorNoEquivalent = map[string]string{
	"Delete":             "deletes a file; no repox tool deletes one",
	"delete_file":        "deletes a file; no repox tool deletes one",
	"edit_file":          "an instruction edit (code_edit, with \"existing code\" markers, applied by a model), not a string replacement",
	"SemanticSearch":     "a semantic search of Cursor's index of the codebase",
	"codebase_search":    "a semantic search of Cursor's index of the codebase",
	"file_search":        "a fuzzy search of file names",
	"ReadLints":          "the editor's lint diagnostics",
	"read_lints":         "the editor's lint diagnostics",
	"TodoWrite":          "a task-list tool",
	"todo_write":         "a task-list tool",
	"WebSearch":          "a web tool",
	"web_search":         "a web tool",
	"WebFetch":           "a web tool",
	"Task":               "a subagent task (Cursor keeps the subagent's calls in a transcript of its own, under the chat's subagents/ folder, listed as a session of its own)",
	"CallMcpTool":        "an MCP tool",
	"MultiStrReplace":    "several replacements in one call (its shape is not known well enough to map)",
	"update_memory":      "Cursor's memories",
	"create_diagram":     "a diagram",
	"fetch_pull_request": "a pull request on GitHub",
}

// mapCursor fills the repox mapping of a Cursor call; cwd is the
// session's folder ("" when unknown: absolute paths then have no
// equivalent, and say why). Its searching tools are mapped apart
// (mapCursorSearch), so the switch reads by tool family.
func mapCursor(c *Call, cwd string) {
	if mapRepoxMCP(c) {
		return
	}
	if why, ok := cursorNoEquivalent[c.AgentTool]; ok {
		c.NoEquivalent = why
		return
	}
	if strings.HasPrefix(c.AgentTool, "MCP:") || strings.HasPrefix(c.AgentTool, "mcp_") && !strings.HasPrefix(c.AgentTool, "mcp__") {
		c.NoEquivalent = "the MCP tool " + strconv.Quote(c.AgentTool)
		return
	}
	var a cursorArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	file := firstOf(a.Path, a.FilePath, a.TargetFile)
	switch c.AgentTool {
	case "Read", "read_file":
		if file == "" {
			c.NoEquivalent = c.AgentTool + " without a path"
			return
		}
		if r, ok := callRel(c, file, cwd); ok {
			c.Repox = []ToolCall{readCall(r, a.Offset, a.Limit, cursorReadLines, &c.Approx)}
		}
	case "Write", "write":
		r, ok := callRel(c, file, cwd)
		switch {
		case !ok:
		case file == "" || a.Contents == nil:
			c.NoEquivalent = c.AgentTool + " without a path or contents"
		default:
			c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": r, "content": *a.Contents})}}
		}
	case "StrReplace", "search_replace":
		r, ok := callRel(c, file, cwd)
		switch {
		case !ok:
		case file == "" || a.OldString == nil || a.NewString == nil:
			c.NoEquivalent = c.AgentTool + " without a path, old_string or new_string"
		default:
			c.Repox = []ToolCall{editCall(r, *a.OldString, *a.NewString, a.ReplaceAll)}
		}
	case "Grep", "grep", "grep_search", "Glob", "glob_file_search", "LS", "list_dir":
		mapCursorSearch(c, &a, cwd)
	case "Shell", "run_terminal_cmd":
		wd, ok := "", true
		if a.WorkingDirectory != "" {
			if wd, ok = relPath(a.WorkingDirectory, cwd); !ok {
				c.NoEquivalent = "the command runs in " + a.WorkingDirectory + ", outside the session's folder " + firstOf(cwd, "(unknown)")
				return
			}
		}
		mapShell(c, a.Command, wd, cwd)
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// mapCursorSearch maps Cursor's searching tools (Grep, Glob, LS and their
// older names), split from mapCursor by tool family.
func mapCursorSearch(c *Call, a *cursorArgs, cwd string) {
	switch c.AgentTool {
	case "Grep", "grep", "grep_search":
		r, ok := callRel(c, a.Path, cwd)
		if !ok {
			return
		}
		mode := a.OutputMode
		if c.AgentTool == "grep_search" {
			mode = "content" // it showed the matching lines
		}
		mapRgGrep(c, c.AgentTool, firstOf(a.Pattern, a.Query), r, a.CaseI, a.Glob != "" || a.Type != "", mode)
	case "Glob", "glob_file_search":
		q, r, why := globQuery(a.GlobPattern, a.TargetDirectory, cwd)
		if why != "" {
			c.NoEquivalent = why
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, r, 200))}}
		c.Approx = c.AgentTool + " lists the files a glob matches; repo_find searches the file set"
	case "LS", "list_dir":
		if r, ok := callRel(c, a.TargetDirectory, cwd); ok {
			c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(pathArgs(r))}}
			c.Approx = c.AgentTool + " lists a folder; repo_tree lists " + strconv.Itoa(repoops.TreeDefaultDepth) + " levels breadth-first"
		}
	}
}
