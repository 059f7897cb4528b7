package transcript

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// Cursor keeps a workspace's agent transcripts in
// ~/.cursor/projects/<slug>/agent-transcripts/: <chat>/<chat>.jsonl (older
// builds: <chat>.jsonl), a subagent's in <chat>/subagents/<id>.jsonl.
// The slug is the workspace's path with every character not a letter or
// digit turned into -, and the transcripts record no folder: the projects
// folder named for the folder listed is that folder's (its sessions take
// it as their folder), and one named for a folder inside it is kept when
// the folder its transcript was read in is inside (cursor_place.go). A
// subagent's transcript names no call of its chat's Task to hang from: it
// is listed as a session of its own.

func cursorWhere(e Env, dir string) string {
	return filepath.Join(e.Home, ".cursor", "projects", CursorSlug(dir), "agent-transcripts")
}

// locateCursor: projects/<slug of the folder>, and of folders inside it.
func locateCursor(f Finder) {
	projects := filepath.Join(f.Env().Home, ".cursor", "projects")
	ents := f.ListIfAny("Cursor's projects folder", projects)
	slug := CursorSlug(f.Dir())
	for _, e := range ents {
		name := CursorSlug(e.Name())
		if f.Done() || slug == "" || name != slug && !strings.HasPrefix(name, slug+"-") {
			continue
		}
		dir := filepath.Join(projects, e.Name(), "agent-transcripts")
		if !f.Folder(filepath.Dir(dir)) || !f.Folder(dir) {
			continue
		}
		cwd := ""
		if name == slug {
			cwd = f.Dir()
		}
		locateCursorChats(f, dir, cwd)
	}
}

// locateCursorChats lists the transcripts of one agent-transcripts
// folder; cwd is their folder when the projects folder is named for the
// one listed.
func locateCursorChats(f Finder, dir, cwd string) {
	for _, e := range f.List("Cursor's agent-transcripts folder", dir) {
		if f.Done() {
			return
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".jsonl"):
			if f.File(p, e) {
				f.Add(Candidate{Agent: AgentCursor, Path: p, Folder: cwd})
			}
		case e.Type()&fs.ModeSymlink != 0:
			f.Pass("the chat folder %s was not read", p, ErrLink)
		case e.IsDir():
			locateCursorChat(f, p, e.Name(), cwd)
		}
	}
}

// locateCursorChat: <chat>/<chat>.jsonl and <chat>/subagents/*.jsonl.
func locateCursorChat(f Finder, dir, chat, cwd string) {
	for _, e := range f.List("Cursor's chat folder", dir) {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == chat+".jsonl":
			if f.File(p, e) {
				f.Add(Candidate{Agent: AgentCursor, Path: p, Folder: cwd})
			}
		case e.Name() == "subagents" && f.Folder(p):
			for _, s := range f.List("Cursor's subagents folder", p) {
				sp := filepath.Join(p, s.Name())
				if strings.HasSuffix(s.Name(), ".jsonl") && f.File(sp, s) {
					f.Add(Candidate{Agent: AgentCursor, Path: sp, Folder: cwd})
				}
			}
		}
	}
}
