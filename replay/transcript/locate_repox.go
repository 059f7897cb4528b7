package transcript

import (
	"path/filepath"
	"strings"
)

// repox's own call logs (`repox mcp --log`) are kept, by default, in
// $XDG_STATE_HOME/repox (default ~/.local/state/repox). One file may hold
// many sessions (every connection appends to it), each listed on its
// own; they record no folder, so every one is listed.

// RepoxLogDir is where `repox mcp --log` keeps its logs by default.
func (e Env) RepoxLogDir() string {
	if s := e.Var("XDG_STATE_HOME"); s != "" {
		return filepath.Join(s, "repox")
	}
	return filepath.Join(e.Home, ".local", "state", "repox")
}

func repoxWhere(e Env, _ string) string { return e.RepoxLogDir() }

func locateRepox(f Finder) {
	dir := f.Env().RepoxLogDir()
	for _, e := range f.ListIfAny("repox's log folder", dir) {
		p := filepath.Join(dir, e.Name())
		if f.Done() || !strings.HasSuffix(e.Name(), ".jsonl") || !f.File(p, e) {
			continue
		}
		f.Add(Candidate{Agent: AgentRepox, Path: p, Log: true})
	}
}
