package transcript

import "path/filepath"

// aiderHistory is the name of aider's chat history, which aider keeps at
// the root of the repository it runs in (--chat-history-file).
const aiderHistory = ".aider.chat.history.md"

func aiderWhere(_ Env, dir string) string { return filepath.Join(dir, aiderHistory) }

// locateAider: the folder's own .aider.chat.history.md, read, never
// written. Its records name no folder: the history is the folder's. A
// link or a special file there is passed over with a sentence.
func locateAider(f Finder) {
	p := aiderWhere(f.Env(), f.Dir())
	if e, ok := f.Entry(p); ok && !f.Done() && f.File(p, e) {
		f.Add(Candidate{Agent: AgentAider, Path: p, Folder: f.Dir()})
	}
}
