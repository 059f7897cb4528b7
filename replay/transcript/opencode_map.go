package transcript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// OpenCode's tools (packages/opencode/src/tool/*.ts) mapped to the repox
// calls that ask the same question. Their paths are absolute, or relative
// to the session's folder.

type openCodeArgs struct {
	FilePath   string  `json:"filePath"`
	Path       string  `json:"path"`
	Offset     *int    `json:"offset"`
	Limit      *int    `json:"limit"`
	OldString  *string `json:"oldString"`
	NewString  *string `json:"newString"`
	ReplaceAll bool    `json:"replaceAll"`
	Content    *string `json:"content"`
	Edits      []struct {
		OldString  *string `json:"oldString"`
		NewString  *string `json:"newString"`
		ReplaceAll bool    `json:"replaceAll"`
	} `json:"edits"`
	PatchText string `json:"patchText"`
	Command   string `json:"command"`
	Workdir   string `json:"workdir"`
	Pattern   string `json:"pattern"`
	Include   string `json:"include"`
}

// OpenCode's caps, as its tools state them: read shows 2000 lines (or
// 50 KB), glob and grep 100 results.
const (
	openCodeReadLines = 2000
	openCodeFindLimit = 100
)

// mapOpenCode fills the repox mapping of an OpenCode call; output is the
// call's result (a read's tells which of its versions ran: see
// openCodeReadOffset).
func mapOpenCode(c *Call, cwd, output string) {
	if mapRepoxMCP(c) {
		return
	}
	var a openCodeArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	switch c.AgentTool {
	case "read", "write", "edit", "multiedit", "patch", "apply_patch":
		mapOpenCodeFile(c, &a, cwd, output)
	case "grep", "glob", "list":
		mapOpenCodeSearch(c, &a, cwd)
	case "bash":
		wd, ok := "", true
		if a.Workdir != "" {
			wd, ok = callRel(c, a.Workdir, cwd)
		}
		if ok {
			mapShell(c, a.Command, wd, cwd)
		}
	case "task":
		c.NoEquivalent = "a subagent task: OpenCode runs it as a session of its own (a child session, listed on its own)"
	case "todowrite", "todoread":
		c.NoEquivalent = "a task-list tool"
	case "webfetch", "websearch", "codesearch":
		c.NoEquivalent = "a web tool"
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// mapOpenCodeFile maps OpenCode's tools on files: read, write, edit,
// multiedit and the patches.
func mapOpenCodeFile(c *Call, a *openCodeArgs, cwd, output string) {
	if c.AgentTool == "patch" || c.AgentTool == "apply_patch" {
		if strings.TrimSpace(a.PatchText) == "" {
			c.NoEquivalent = c.AgentTool + " without patchText"
			return
		}
		mapPatch(c, a.PatchText, "", cwd)
		return
	}
	if a.FilePath == "" {
		c.NoEquivalent = c.AgentTool + " without filePath"
		return
	}
	r, ok := callRel(c, a.FilePath, cwd)
	if !ok {
		return
	}
	switch c.AgentTool {
	case "read":
		c.Repox = []ToolCall{readCall(r, openCodeReadOffset(a.Offset, output), a.Limit, openCodeReadLines, &c.Approx)}
	case "write":
		if a.Content == nil {
			c.NoEquivalent = "write without content"
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": r, "content": *a.Content})}}
	case "edit":
		if a.OldString == nil || a.NewString == nil {
			c.NoEquivalent = "edit without oldString or newString"
			return
		}
		c.Repox = []ToolCall{editCall(r, *a.OldString, *a.NewString, a.ReplaceAll)}
	case "multiedit":
		for _, e := range a.Edits {
			if e.OldString != nil && e.NewString != nil {
				c.Repox = append(c.Repox, editCall(r, *e.OldString, *e.NewString, e.ReplaceAll))
			}
		}
		switch {
		case len(c.Repox) == 0:
			c.NoEquivalent = "multiedit with no edit of oldString and newString"
		case len(c.Repox) > 1:
			c.Approx = "multiedit applies its edits one after another; repox runs them as separate repo_edit calls"
		}
	}
}

// openCodeReadOffset is read's offset as repo_read_file's (1-based): the
// read of the numbered "00001| " lines (OpenCode before 1.2) counted from
// 0, today's ("1: ") from 1.
func openCodeReadOffset(off *int, output string) *int {
	if off == nil || !strings.HasPrefix(output, "<file>") {
		return off
	}
	one := *off + 1
	return &one
}

// mapOpenCodeSearch maps OpenCode's searching tools: grep, glob and list.
func mapOpenCodeSearch(c *Call, a *openCodeArgs, cwd string) {
	r, ok := callRel(c, a.Path, cwd)
	if !ok {
		return
	}
	const shown = "OpenCode's result is shown beside repox's, not compared"
	switch c.AgentTool {
	case "grep":
		mapRgGrep(c, "grep", a.Pattern, r, false, a.Include != "", "content")
		if len(c.Repox) > 0 {
			c.Approx = strings.TrimPrefix(c.Approx+"; grep shows at most "+strconv.Itoa(openCodeFindLimit)+" matches, newest files first; "+shown, "; ")
		}
	case "glob":
		q, rel, why := globQuery(a.Pattern, a.Path, cwd)
		if why != "" {
			c.NoEquivalent = why
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, rel, 200))}}
		c.Approx = "glob lists up to " + strconv.Itoa(openCodeFindLimit) + " files its pattern matches, newest first; repo_find searches the file set; " + shown
	case "list":
		c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(pathArgs(r))}}
		c.Approx = "list shows a folder's tree, common folders (node_modules, .git, …) left out; repo_tree lists " + strconv.Itoa(repoops.TreeDefaultDepth) + " levels breadth-first; " + shown
	}
}

// OpenCode's read shows the file's lines numbered, inside <content> as
// "12: text" (1.x), or inside <file> as "00012| text" (before), then a
// note: "(End of file - total 40 lines)", "(Showing lines 1-2000 of 5000.
// Use offset=2001 to continue.)", "(Output capped at 50 KB. …)", "(File
// has more lines. Use 'offset' parameter to read beyond line 2000)".
var (
	openCodeLine1x    = LazyRegexp(`^([0-9]+): (.*)$`)
	openCodeLineOld   = LazyRegexp(`^([0-9]+)\| (.*)$`)
	openCodeTotal     = LazyRegexp(`\((?:End of file - total ([0-9]+) lines|Showing lines [0-9]+-[0-9]+ of ([0-9]+)\.)`)
	openCodeCutMarker = "... (line truncated to "
)

// openCodeSaw: what a read, or a mapped shell command, showed the agent.
func openCodeSaw(c *Call, text string) *Saw {
	if len(c.Repox) != 1 {
		return nil
	}
	if saw, ok := repoxMCPSaw(c, text); ok {
		return saw
	}
	switch c.AgentTool {
	case "read":
		return openCodeReadSaw(c, text)
	case "bash":
		return shellSaw(c, text)
	}
	return nil
}

func openCodeReadSaw(c *Call, text string) *Saw {
	var a struct {
		Path string `json:"path"`
	}
	json.Unmarshal(c.Repox[0].Args, &a)
	re := openCodeLine1x()
	switch {
	case strings.HasPrefix(text, "<file>"):
		re = openCodeLineOld()
	case !strings.Contains(text, "<type>file</type>"):
		return nil // a folder's listing, an image, a PDF
	}
	saw := &Saw{Path: a.Path}
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case l == "<content>" || l == "<file>":
			in = true
			continue
		case !in:
			continue
		}
		m := re.FindStringSubmatch(l)
		if m == nil {
			break
		}
		n, _ := strconv.Atoi(m[1])
		if strings.HasSuffix(m[2], ")") && strings.Contains(m[2], openCodeCutMarker) {
			saw.Cut = true // a line cut at 2000 characters: not the file's line
			continue
		}
		saw.Lines = append(saw.Lines, SawLine{N: n, Text: m[2]})
	}
	if m := openCodeTotal().FindStringSubmatch(text); m != nil {
		saw.TotalLines, _ = strconv.Atoi(firstOf(m[1], m[2]))
	}
	if strings.Contains(text, "(Showing lines ") || strings.Contains(text, "(Output capped at ") || strings.Contains(text, "(File has more lines.") {
		saw.Cut, saw.Counted = true, saw.TotalLines > 0
	}
	return saw
}
