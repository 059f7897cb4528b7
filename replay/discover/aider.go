package discover

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/repoxhq/repox/replay/transcript"
)

// aiderHistory is the name of aider's chat history, which aider keeps at
// the root of the repository it runs in (--chat-history-file).
const aiderHistory = ".aider.chat.history.md"

// aider: the folder's own .aider.chat.history.md, read, never written.
// Its records name no folder: the history is the folder's. A link or a
// special file there is passed over with a sentence.
func (w *walker) aider() {
	p := filepath.Join(w.dir, aiderHistory)
	st, err := os.Lstat(p)
	if err != nil || w.ctx.Err() != nil || !w.file(p, fs.FileInfoToDirEntry(st)) {
		return
	}
	si, err := inspect(w.ctx, transcript.AgentAider, p, w.env.Now)
	if err != nil {
		w.pass("%s was not read", p, err)
		return
	}
	si.Cwd = w.dir
	w.out.Sessions = append(w.out.Sessions, si)
}
