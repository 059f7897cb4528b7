package transcript

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// OpenCode keeps its data in $XDG_DATA_HOME/opencode (else
// ~/.local/share/opencode): from 1.2 on the database opencode.db, before
// it the storage folder (a session file a project: storage/session/
// <project id>/<session id>.json). Both are read; a session the database
// holds is not listed again from the storage OpenCode migrated it from
// (OncePerID). Each session records its directory, which decides.

func openCodeDir(e Env) string {
	if v := e.Var("XDG_DATA_HOME"); v != "" {
		return filepath.Join(v, "opencode")
	}
	return filepath.Join(e.Home, ".local", "share", "opencode")
}

func openCodeWhere(e Env, _ string) string { return filepath.Join(openCodeDir(e), "opencode.db") }

// locateOpenCode: the database's sessions of the folder, then the storage
// folder's session files whose directory is the folder or inside it.
func locateOpenCode(f Finder) {
	dir := openCodeDir(f.Env())
	for _, e := range f.ListIfAny("OpenCode's data folder", dir) {
		p := filepath.Join(dir, e.Name())
		switch {
		case f.Done():
			return
		case e.Name() == "opencode.db" || strings.HasPrefix(e.Name(), "opencode-") && strings.HasSuffix(e.Name(), ".db"):
			if !f.File(p, e) {
				continue
			}
			ids, err := openCodeSessionsIn(p, f.Dir(), false)
			if err != nil {
				f.Pass("the OpenCode database %s was not read", p, err)
			}
			for _, id := range ids {
				f.Add(Candidate{Agent: AgentOpenCode, Path: p + "#" + id, OncePerID: true})
			}
		case e.Name() == "storage" && f.Folder(p):
			locateOpenCodeStorage(f, filepath.Join(p, "session"))
		}
	}
}

// locateOpenCodeStorage: storage/session/<project>/<id>.json, each read
// (bounded) for the directory it records.
func locateOpenCodeStorage(f Finder, root string) {
	if !f.Folder(root) {
		return
	}
	for _, proj := range f.List("OpenCode's sessions folder", root) {
		pdir := filepath.Join(root, proj.Name())
		if f.Done() || !f.Folder(pdir) {
			continue
		}
		for _, e := range f.List("OpenCode's sessions folder", pdir) {
			p := filepath.Join(pdir, e.Name())
			if !strings.HasSuffix(e.Name(), ".json") || !f.File(p, e) {
				continue
			}
			raw, err := readRecordFile(p)
			var s struct {
				Directory string `json:"directory"`
			}
			if err == nil {
				err = json.Unmarshal(raw, &s)
			}
			switch {
			case err != nil:
				f.Pass("the OpenCode session file %s was not read", p, err)
			case Within(s.Directory, f.Dir()):
				f.Add(Candidate{Agent: AgentOpenCode, Path: p, OncePerID: true})
			}
		}
	}
}
