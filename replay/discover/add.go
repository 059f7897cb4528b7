package discover

import "github.com/repoxhq/repox/replay/transcript"

// Add inspects one transcript a format's locate found and keeps it when
// the folder it records (or the one its place names) is dir or inside
// it; one that cannot be read is passed over with a sentence.
func (w *walker) Add(c transcript.Candidate) {
	if w.ctx.Err() != nil {
		return
	}
	if c.Log {
		w.addLog(c.Path)
		return
	}
	si, err := inspect(w.ctx, c.Agent, c.Path, w.env.Now)
	if err != nil {
		w.Pass("%s was not read", c.Path, err)
		return
	}
	if c.Folder != "" {
		si.Cwd = c.Folder
	}
	if !c.Anywhere && !transcript.Within(si.Cwd, w.dir) {
		return
	}
	if c.OncePerID && si.ID != "" {
		key := string(c.Agent) + "\x00" + si.ID
		if w.once[key] {
			return
		}
		if w.once == nil {
			w.once = map[string]bool{}
		}
		w.once[key] = true
	}
	w.out.Sessions = append(w.out.Sessions, si)
}

// addLog lists every session of a log of many (repox's call logs): they
// record no folder, so all are.
func (w *walker) addLog(path string) {
	list, err := inspectRepoxLog(w.ctx, path, w.env.Now)
	if err != nil {
		w.Pass("%s was not read", path, err)
		return
	}
	w.out.Sessions = append(w.out.Sessions, list...)
}
