package sessions

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A call's row names what it asked for: the file relative to the
// session's folder (never an absolute path cut at its start), the
// offset and limit of a read, the pattern of a grep or a glob, a shell
// command; other arguments as compact JSON.

// argKeys are the arguments worth a row, in the order they are shown.
var argKeys = []struct{ key, label string }{
	{"file_path", ""}, {"absolute_path", ""}, {"path", ""}, {"filePath", ""}, {"notebook_path", ""},
	{"pattern", "pattern "}, {"query", "query "}, {"glob", "glob "}, {"include", "include "},
	{"offset", "offset "}, {"limit", "limit "}, {"command", "$ "}, {"cmd", "$ "},
	{"description", ""}, {"url", ""},
}

// pathKeys are the arguments that name a file or a folder.
var pathKeys = map[string]bool{"file_path": true, "absolute_path": true, "path": true, "filePath": true, "notebook_path": true}

// callSummary words c's arguments for its row.
func callSummary(c transcript.Call, cwd string) string {
	path, rest := callParts(c, cwd)
	if path == "" || rest == "" {
		return path + rest
	}
	return path + "  " + rest
}

// callParts words c's arguments for its row: the file or folder it names
// apart (a narrow row cuts its middle, keeping the name), then the rest.
func callParts(c transcript.Call, cwd string) (path, rest string) {
	var args map[string]json.RawMessage
	if json.Unmarshal(c.AgentArgs, &args) != nil || len(args) == 0 {
		return "", shortArgs(c.AgentArgs)
	}
	var parts []string
	for _, k := range argKeys {
		raw, ok := args[k.key]
		if !ok {
			continue
		}
		v := argText(raw)
		if v == "" {
			continue
		}
		if pathKeys[k.key] {
			v = relTo(v, cwd)
			if path == "" {
				path = v
				continue
			}
		}
		parts = append(parts, k.label+v)
	}
	if path == "" && len(parts) == 0 {
		return "", shortArgs(c.AgentArgs)
	}
	return path, strings.Join(parts, "  ")
}

// argText is a string or number argument as text, one line.
func argText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.Join(strings.Fields(s), " ")
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return strconv.FormatBool(b)
	}
	return ""
}

// relTo is path relative to the session's folder when it lies in it.
func relTo(path, cwd string) string {
	if cwd == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(cwd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return filepath.ToSlash(rel)
}

// cwd is the folder the chosen session worked in: recorded by the
// transcript, else the repository replayed against.
func (p *Pane) cwd() string {
	switch {
	case p.stats.Cwd != "":
		return p.stats.Cwd
	case p.chosen != nil && p.chosen.Cwd != "":
		return p.chosen.Cwd
	case p.run != nil:
		return p.run.root
	}
	return p.dir
}

// copySelected copies the selected call's file and lines (path:1-40), or,
// for a call on no file, the call itself.
func (p *Pane) copySelected() tea.Cmd {
	sc := p.selected()
	if sc == nil || p.c.Copy == nil {
		return nil
	}
	if st := sc.step; st != nil && st.Path != "" {
		s := repoops.DisplayPath(st.Path)
		if len(st.Lines) > 0 {
			s += ":" + replay.Ranges(st.Lines)
		}
		return p.c.Copy(s, s)
	}
	s := sc.call.AgentTool + " " + callSummary(sc.call, p.cwd())
	return p.c.Copy(s, "call #"+strconv.Itoa(sc.call.Seq))
}
