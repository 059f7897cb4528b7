package transcript

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// GitHub Copilot CLI keeps every session in ~/.copilot/session-state/:
// <id>/events.jsonl (older builds: <id>.jsonl), matched on the folder its
// session.start records. A session folder that is a link, and an events
// file that is a link or a special file, is passed over with a sentence.

func copilotWhere(e Env, _ string) string {
	return filepath.Join(e.Home, ".copilot", "session-state")
}

func locateCopilot(f Finder) {
	root := copilotWhere(f.Env(), "")
	for _, e := range f.ListIfAny("Copilot CLI's session-state folder", root) {
		if f.Done() {
			return
		}
		p := filepath.Join(root, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".jsonl"):
			if f.File(p, e) {
				f.Add(Candidate{Agent: AgentCopilot, Path: p})
			}
		case e.Type()&fs.ModeSymlink != 0:
			f.Pass("the session folder %s was not read", p, ErrLink)
		case e.IsDir():
			events := filepath.Join(p, "events.jsonl")
			if ev, ok := f.Entry(events); ok && f.File(events, ev) { // none: a session with no events yet
				f.Add(Candidate{Agent: AgentCopilot, Path: events})
			}
		}
	}
}
