package transcript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

type cxArgs struct {
	FilePath string          `json:"file_path"`
	DirPath  string          `json:"dir_path"`
	Path     string          `json:"path"`
	Offset   *int            `json:"offset"`
	Limit    *int            `json:"limit"`
	Depth    *int            `json:"depth"`
	Mode     string          `json:"mode"`
	Pattern  string          `json:"pattern"`
	Include  string          `json:"include"`
	Cmd      string          `json:"cmd"`
	Command  json.RawMessage `json:"command"`
	Workdir  string          `json:"workdir"`
	Input    string          `json:"input"`
}

// Codex's caps, as its tools state them.
const (
	codexReadLines = 2000
	codexGrepLimit = 100
)

// mapCodex maps a Codex function call; cwd is the session's folder (the
// root), turnCwd the folder of the current turn, where commands run.
func mapCodex(c *Call, cwd, turnCwd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a cxArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	wdAbs := turnCwd
	if a.Workdir != "" {
		wdAbs = a.Workdir
		if !strings.HasPrefix(wdAbs, "/") && turnCwd != "" {
			wdAbs = turnCwd + "/" + wdAbs
		}
	}
	wd, ok := relPath(wdAbs, cwd)
	if !ok {
		c.NoEquivalent = "the command runs in " + wdAbs + ", outside the session's folder " + cwd
		return
	}
	switch c.AgentTool {
	case "read_file", "list_dir", "grep_files":
		mapCodexRead(c, &a, cwd)
	case "apply_patch", "shell", "container.exec", "local_shell", "exec_command", "shell_command":
		mapCodexShell(c, &a, wd, wdAbs, cwd)
	case "update_plan":
		c.NoEquivalent = "a task-list tool"
	case "web_search", "view_image":
		c.NoEquivalent = "not a file tool"
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// mapCodexRead maps Codex's reading tools: read_file, list_dir and
// grep_files, split from mapCodex by tool family.
func mapCodexRead(c *Call, a *cxArgs, cwd string) {
	switch c.AgentTool {
	case "read_file":
		rel, ok := callRel(c, a.FilePath, cwd)
		if !ok {
			return
		}
		c.Repox = []ToolCall{readCall(rel, a.Offset, a.Limit, codexReadLines, &c.Approx)}
		if a.Mode == "indentation" {
			c.Approx = "read_file in indentation mode picks a block around offset; the re-run reads the line window"
		}
	case "list_dir":
		rel, ok := callRel(c, a.DirPath, cwd)
		if !ok {
			return
		}
		m := pathArgs(rel)
		depth := 2
		if a.Depth != nil && *a.Depth > 0 {
			depth = min(*a.Depth, 4)
		}
		m["max_depth"] = depth
		c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(m)}}
		c.Approx = "list_dir lists ignored files and pages by offset/limit; repo_tree lists the file set"
	case "grep_files":
		rel, ok := callRel(c, a.Path, cwd)
		if !ok {
			return
		}
		lit, why := literalPattern(a.Pattern)
		if why != "" {
			c.NoEquivalent = "grep_files pattern " + strconv.Quote(a.Pattern) + " " + why + "; repo_grep searches a fixed string"
			return
		}
		c.Repox = []ToolCall{grepCall(lit, rel, true)}
		c.Approx = "grep_files lists file names of regular-expression matches; repo_grep shows fixed-string matching lines"
	}
}

// mapCodexShell maps Codex's shell tools and apply_patch, which run in
// the turn's folder wd (wdAbs as Codex gave it), split from mapCodex by
// tool family.
func mapCodexShell(c *Call, a *cxArgs, wd, wdAbs, cwd string) {
	switch c.AgentTool {
	case "apply_patch":
		in := a.Input
		if in == "" {
			var s string
			json.Unmarshal(c.AgentArgs, &s)
			in = s
		}
		mapPatch(c, in, wd, cwd)
	case "shell", "container.exec", "local_shell":
		var argv []string
		if json.Unmarshal(a.Command, &argv) == nil {
			mapShellArgv(c, argv, wdAbs, cwd)
			return
		}
		var s string
		json.Unmarshal(a.Command, &s)
		mapShell(c, s, wd, cwd)
	case "exec_command", "shell_command":
		s := a.Cmd
		if s == "" {
			json.Unmarshal(a.Command, &s)
		}
		mapShell(c, s, wd, cwd)
	}
}

var CodexReadLine = LazyRegexp(`^L([0-9]+): `)

func codexSaw(c *Call, text, cwd string) *Saw {
	if len(c.Repox) != 1 {
		return nil
	}
	if saw, ok := repoxMCPSaw(c, text); ok {
		return saw
	}
	switch c.AgentTool {
	case "read_file":
		var a cxArgs
		json.Unmarshal(c.AgentArgs, &a)
		rel, _ := relPath(a.FilePath, cwd)
		return &Saw{Path: rel, Lines: parseNumbered(text, CodexReadLine())}
	case "grep_files":
		var a cxArgs
		json.Unmarshal(c.AgentArgs, &a)
		limit := codexGrepLimit
		if a.Limit != nil && *a.Limit > 0 {
			limit = *a.Limit
		}
		saw := &Saw{Limit: limit}
		for _, l := range SplitLines(text) {
			if l == "" || strings.HasPrefix(l, "No matches") {
				continue
			}
			if rel, ok := relPath(l, cwd); ok {
				l = rel
			}
			saw.Paths = append(saw.Paths, l)
		}
		saw.Cut = len(saw.Paths) >= limit
		return saw
	case "list_dir":
		return &Saw{Cut: strings.Contains(text, "More than ")}
	}
	return shellSaw(c, ExecBody(text))
}
