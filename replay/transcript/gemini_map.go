package transcript

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Gemini CLI's tools mapped to the repox calls that ask the same
// question. Parameter names changed across versions (read_file took
// absolute_path with a 0-based offset and limit, later file_path with
// 1-based start_line/end_line; search_file_content became grep_search;
// path became dir_path), so both spellings are read.

type gmArgs struct {
	FilePath      string  `json:"file_path"`
	AbsolutePath  string  `json:"absolute_path"`
	Path          string  `json:"path"`
	DirPath       string  `json:"dir_path"`
	Directory     string  `json:"directory"`
	Offset        *int    `json:"offset"`
	Limit         *int    `json:"limit"`
	StartLine     *int    `json:"start_line"`
	EndLine       *int    `json:"end_line"`
	Content       *string `json:"content"`
	OldString     *string `json:"old_string"`
	NewString     *string `json:"new_string"`
	Expected      *int    `json:"expected_replacements"`
	AllowMultiple bool    `json:"allow_multiple"`
	Pattern       string  `json:"pattern"`
	Include       string  `json:"include"`
	IncludePat    string  `json:"include_pattern"`
	CaseSensitive bool    `json:"case_sensitive"`
	Command       string  `json:"command"`
}

// Gemini CLI reads at most 2000 lines unless told otherwise.
const geminiReadLines = 2000

// mapGemini fills the repox mapping of a Gemini CLI call. Its switch is
// split by tool family (files read and written, searches), one function
// each, so each reads alone; the shell and the rest stay here.
func mapGemini(c *Call, cwd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a gmArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	switch c.AgentTool {
	case "read_file", "write_file", "replace":
		mapGeminiFile(c, &a, cwd)
	case "glob", "search_file_content", "grep_search", "list_directory":
		mapGeminiSearch(c, &a, cwd)
	case "run_shell_command":
		dir := absPath(firstOf(a.DirPath, a.Path, a.Directory), cwd)
		wd, ok := relPath(dir, cwd)
		if !ok {
			c.NoEquivalent = "the command runs in " + dir + ", outside the session's folder " + cwd
			return
		}
		mapShell(c, a.Command, wd, cwd)
	case "read_many_files":
		c.NoEquivalent = "reads the files many globs name: no single repox call"
	case "web_fetch", "google_web_search":
		c.NoEquivalent = "a web tool"
	case "write_todos":
		c.NoEquivalent = "a task-list tool"
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// absPath is a path an agent was given made absolute against cwd (none:
// cwd itself).
func absPath(p, cwd string) string {
	if p != "" && !path.IsAbs(p) && cwd != "" {
		return path.Join(cwd, p)
	}
	if p == "" {
		return cwd
	}
	return p
}

// mapGeminiFile maps Gemini CLI's tools on one file: read_file,
// write_file and replace.
func mapGeminiFile(c *Call, a *gmArgs, cwd string) {
	r, ok := callRel(c, absPath(firstOf(a.FilePath, a.AbsolutePath), cwd), cwd)
	if !ok {
		return
	}
	switch c.AgentTool {
	case "read_file":
		var off, lim *int
		switch {
		case a.StartLine != nil:
			off = a.StartLine
			if a.EndLine != nil && *a.EndLine >= *a.StartLine {
				n := *a.EndLine - *a.StartLine + 1
				lim = &n
			}
		case a.Offset != nil:
			n := *a.Offset + 1 // 0-based
			off, lim = &n, a.Limit
		default:
			lim = a.Limit
		}
		c.Repox = []ToolCall{readCall(r, off, lim, geminiReadLines, &c.Approx)}
	case "write_file":
		if a.Content == nil {
			c.NoEquivalent = "write_file without content"
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": r, "content": *a.Content})}}
	case "replace":
		if a.OldString == nil || a.NewString == nil {
			c.NoEquivalent = "replace without old_string or new_string"
			return
		}
		all := a.AllowMultiple || a.Expected != nil && *a.Expected > 1
		c.Repox = []ToolCall{editCall(r, *a.OldString, *a.NewString, all)}
	}
}

// mapGeminiSearch maps Gemini CLI's tools over a folder: glob,
// search_file_content (later grep_search) and list_directory.
func mapGeminiSearch(c *Call, a *gmArgs, cwd string) {
	dir := absPath(firstOf(a.DirPath, a.Path, a.Directory), cwd)
	r, ok := callRel(c, dir, cwd)
	if !ok {
		return
	}
	switch c.AgentTool {
	case "glob":
		q, r, why := globQuery(a.Pattern, dir, cwd)
		if why != "" {
			c.NoEquivalent = why
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, r, 200))}}
		c.Approx = "glob lists by modification time; repo_find searches the file set"
	case "search_file_content", "grep_search":
		lit, why := literalPattern(a.Pattern)
		if why != "" {
			c.NoEquivalent = c.AgentTool + " pattern " + strconv.Quote(a.Pattern) + " " + why + "; repo_grep searches a fixed string"
			return
		}
		c.Repox = []ToolCall{grepCall(lit, r, a.CaseSensitive)}
		c.Approx = c.AgentTool + " searches a regular expression, ignoring case unless told"
		if firstOf(a.Include, a.IncludePat) != "" {
			c.Approx += "; repo_grep has no file filter (include not applied)"
		}
	case "list_directory":
		m := pathArgs(r)
		m["max_depth"] = 1
		c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(m)}}
		c.Approx = "list_directory lists one folder's entries; repo_tree lists the file set"
	}
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// Gemini CLI says a read was cut with "[File content truncated: showing
// lines A-B of N total lines…]" (older) or "Status: Showing lines A-B of
// N total lines." before "--- FILE CONTENT (truncated) ---" (newer).
var gmTruncated = LazyRegexp(`(?i)showing lines ([0-9]+)-([0-9]+) of ([0-9]+) total lines`)

func geminiSaw(c *Call, text, cwd string) *Saw {
	if len(c.Repox) != 1 {
		return nil
	}
	if saw, ok := repoxMCPSaw(c, text); ok {
		return saw
	}
	switch c.AgentTool {
	case "read_file":
		var a struct {
			Path   string `json:"path"`
			Offset int    `json:"offset"`
		}
		json.Unmarshal(c.Repox[0].Args, &a)
		from, body, total := a.Offset, text, 0
		if m := gmTruncated().FindStringSubmatchIndex(text); m != nil {
			from, _ = strconv.Atoi(text[m[2]:m[3]])
			total, _ = strconv.Atoi(text[m[6]:m[7]])
			if i := strings.Index(text, "--- FILE CONTENT (truncated) ---\n"); i >= 0 {
				body = text[i+len("--- FILE CONTENT (truncated) ---\n"):]
			} else if j := strings.Index(text[m[1]:], "\n"); j >= 0 {
				body = text[m[1]+j+1:]
			}
		}
		saw := &Saw{Path: a.Path, TotalLines: total, Cut: total > 0}
		for i, l := range SplitLines(body) {
			saw.Lines = append(saw.Lines, SawLine{N: max(from, 1) + i, Text: l})
		}
		return saw
	case "run_shell_command":
		return shellSaw(c, geminiShellOutput(text))
	}
	return nil
}

// geminiShellOutput is the command's output in run_shell_command's
// result ("Command: …\nDirectory: …\nOutput: …\nError: …\nExit Code: …",
// older "Stdout: …\nStderr: …").
func geminiShellOutput(s string) string {
	for _, head := range []string{"Output: ", "Stdout: "} {
		i := strings.Index(s, "\n"+head)
		if strings.HasPrefix(s, head) {
			i = -1
		} else if i < 0 {
			continue
		}
		body := s[i+1+len(head):]
		for _, stop := range []string{"\nStderr: ", "\nError: ", "\nExit Code: ", "\nSignal: ", "\nBackground PIDs: ", "\nProcess Group PGID: "} {
			if j := strings.Index(body, stop); j >= 0 {
				body = body[:j]
			}
		}
		if body == "(empty)" {
			return ""
		}
		return body
	}
	return s
}
