package transcript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// What a repox tool's result showed the agent, for every reader that meets
// one: repox's own call log (with the structured result), and Claude Code
// or Codex calling repox's tools over MCP (the text only). Paths are kept
// in their display form, as the marks look them up.

// repoxSaw reads what a repox result showed: from its structured form
// when the record has it, else from the text the model got.
func repoxSaw(tool string, args, structured json.RawMessage, text string) *Saw {
	if len(structured) > 0 {
		if saw, ok := repoxStructuredSaw(tool, args, structured); ok {
			return saw
		}
	}
	return repoxTextSaw(tool, args, text)
}

func readPathArg(args json.RawMessage) string {
	var a struct {
		Path string `json:"path"`
	}
	json.Unmarshal(args, &a)
	return a.Path
}

// repoxStructuredSaw: ok is false when structured is not the tool's result
// (an older or foreign shape): the text is read instead.
func repoxStructuredSaw(tool string, args, structured json.RawMessage) (*Saw, bool) {
	switch tool {
	case "repo_read_file":
		var r struct {
			TotalLines int `json:"total_lines"`
			Lines      []struct {
				N    int    `json:"n"`
				Text string `json:"text"`
			} `json:"lines"`
		}
		if json.Unmarshal(structured, &r) != nil {
			return nil, false
		}
		saw := &Saw{Path: readPathArg(args), TotalLines: r.TotalLines}
		for _, l := range r.Lines {
			saw.Lines = append(saw.Lines, SawLine{N: l.N, Text: l.Text})
		}
		return saw, true
	case "repo_find":
		var r struct {
			Matches *[]string `json:"matches"`
			Total   int       `json:"total"`
			Limit   int       `json:"limit"`
		}
		if json.Unmarshal(structured, &r) != nil || r.Matches == nil {
			return nil, false
		}
		return &Saw{Paths: *r.Matches, Cut: r.Total > len(*r.Matches), Counted: true, Limit: r.Limit}, true
	case "repo_tree":
		var r struct {
			Entries *[]struct {
				Path string `json:"path"`
			} `json:"entries"`
			Truncated bool `json:"truncated"`
		}
		if json.Unmarshal(structured, &r) != nil || r.Entries == nil {
			return nil, false
		}
		saw := &Saw{Cut: r.Truncated, Counted: true}
		for _, e := range *r.Entries {
			saw.Paths = appendListed(saw.Paths, e.Path)
		}
		return saw, true
	case "repo_edit", "repo_insert", "repo_write":
		var r struct {
			Path   string `json:"path"`
			Before *int   `json:"lines_before"`
			After  int    `json:"lines_after"`
		}
		if json.Unmarshal(structured, &r) != nil || r.Before == nil {
			return nil, false
		}
		return &Saw{Path: readPathArg(args), BeforeLines: *r.Before, AfterLines: r.After}, true
	case "repo_grep":
		var r struct {
			Files *[]struct {
				Path string `json:"path"`
			} `json:"files"`
			ShownLines int `json:"shown_lines"`
			TotalLines int `json:"total_lines"`
		}
		if json.Unmarshal(structured, &r) != nil || r.Files == nil {
			return nil, false
		}
		saw := &Saw{Cut: r.ShownLines < r.TotalLines, Counted: true}
		for _, f := range *r.Files {
			saw.Paths = appendListed(saw.Paths, f.Path)
		}
		return saw, true
	}
	return nil, false
}

// appendListed adds a listed file; folders (ending in /) are not files the
// agent could have read.
func appendListed(ps []string, p string) []string {
	if p == "" || strings.HasSuffix(p, "/") {
		return ps
	}
	return append(ps, p)
}

var (
	repoxReadHeader = LazyRegexp(` — lines [0-9]+-[0-9]+ of ([0-9]+)$`)
	RepoxReadLine   = LazyRegexp(`^([0-9]+)→`)
	repoxGrepLine   = LazyRegexp(`:[0-9]+: `)
)

// repoxTextSaw reads the same from the text repoops renders.
func repoxTextSaw(tool string, args json.RawMessage, text string) *Saw {
	switch tool {
	case "repo_read_file":
		saw := &Saw{Path: readPathArg(args)}
		if head, _, _ := strings.Cut(text, "\n"); repoxReadHeader().MatchString(head) {
			saw.TotalLines, _ = strconv.Atoi(repoxReadHeader().FindStringSubmatch(head)[1])
		}
		saw.Lines = parseNumbered(text, RepoxReadLine())
		if len(saw.Lines) == 0 {
			return nil
		}
		return saw
	case "repo_find", "repo_tree", "repo_grep":
	default:
		return nil
	}
	saw := &Saw{Counted: true}
	for _, l := range SplitLines(text) {
		if l == "" || strings.HasPrefix(l, "(") {
			if strings.HasPrefix(l, "(showing ") || strings.HasPrefix(l, "(truncated at ") {
				saw.Cut = true
			}
			continue
		}
		p, ok := listedName(tool, l)
		if ok {
			saw.Paths = appendListed(saw.Paths, p)
		}
	}
	return saw
}

// listedName is the path a line of a listing names, in display form.
func listedName(tool, l string) (string, bool) {
	if strings.HasPrefix(l, `"`) {
		// a quoted name: the quoting rule keeps everything after it apart
		q, err := strconv.QuotedPrefix(l)
		if err != nil {
			return "", false
		}
		rest := l[len(q):]
		if strings.HasPrefix(rest, "/") {
			q += "/"
		}
		return q, true
	}
	switch tool {
	case "repo_grep":
		// path:line: text, path: (+N more …); the closing summary lines
		// ("searched …", "no match for …") name no file
		if loc := repoxGrepLine().FindStringIndex(l); loc != nil {
			return l[:loc[0]], true
		}
		if p, _, ok := strings.Cut(l, ": (+"); ok {
			return p, true
		}
		return "", false
	case "repo_find":
		if strings.HasPrefix(l, "no path matches ") {
			return "", false
		}
		return l, true
	}
	// repo_tree: name, then " -> target (symlink)" or a mark; names that
	// hold either are quoted
	if strings.Contains(l, " is empty: it holds no entries") || strings.Contains(l, " has nothing to list: ") {
		return "", false
	}
	if p, _, ok := strings.Cut(l, " -> "); ok {
		return p, true
	}
	if i := strings.Index(l, " ["); i > 0 && strings.HasSuffix(l, "]") {
		return l[:i], true
	}
	if p, ok := strings.CutSuffix(l, " "+repoops.MarkEmpty); ok {
		return p, true
	}
	return l, true
}

// mcpRepoxTool is the repox tool an MCP call names, if it names one of
// repox's own server: mcp__repox__repo_tree (Claude Code, Codex),
// repox__repo_tree (older Codex, Gemini CLI on a clash), or the bare name
// (Gemini CLI). Another server's repo_write is that server's tool, not
// repox's: only a server named repox (or repox-…, repox_…, the name
// `claude mcp add repox` gives it) maps.
func mcpRepoxTool(name string) (string, bool) {
	server, tool := mcpServer(name)
	if server != "" && !repoxServer(server) {
		return tool, false
	}
	return tool, repoxTool(tool)
}

// mcpServer splits mcp__server__tool or server__tool; server is "" for a
// bare name.
func mcpServer(name string) (server, tool string) {
	rest := strings.TrimPrefix(name, "mcp__")
	i := strings.LastIndex(rest, "__")
	if i <= 0 {
		return "", name
	}
	return rest[:i], rest[i+2:]
}

func repoxServer(s string) bool {
	return s == "repox" || strings.HasPrefix(s, "repox-") || strings.HasPrefix(s, "repox_")
}

// repoxMCPSaw is what a call of repox's own MCP tool, made from another
// agent, showed it (ok false for any other call): the same as a repox
// log's record of that call.
func repoxMCPSaw(c *Call, text string) (*Saw, bool) {
	name, ok := mcpRepoxTool(c.AgentTool)
	if !ok || len(c.Repox) != 1 {
		return nil, false
	}
	return repoxSaw(name, c.Repox[0].Args, nil, text), true
}

// notTheShape is the reason for a call whose arguments do not decode.
func notTheShape(c *Call) string {
	return "the arguments are not the shape " + c.AgentTool + " takes"
}
