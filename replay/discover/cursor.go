package discover

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
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

// cursor: projects/<slug of the folder>, and of folders inside it.
func (w *walker) cursor() {
	projects := filepath.Join(w.env.Home, ".cursor", "projects")
	ents, err := readDir(projects)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.pass("Cursor's projects folder %s could not be read", projects, err)
		}
		return
	}
	slug := transcript.CursorSlug(w.dir)
	for _, e := range ents {
		name := transcript.CursorSlug(e.Name())
		if w.ctx.Err() != nil || slug == "" || name != slug && !strings.HasPrefix(name, slug+"-") {
			continue
		}
		dir := filepath.Join(projects, e.Name(), "agent-transcripts")
		if !w.realFolder(filepath.Dir(dir)) || !w.realFolder(dir) {
			continue
		}
		cwd := ""
		if name == slug {
			cwd = w.dir
		}
		w.cursorChats(dir, cwd)
	}
}

// cursorChats lists the transcripts of one agent-transcripts folder; cwd
// is their folder when the projects folder is named for the one listed.
func (w *walker) cursorChats(dir, cwd string) {
	ents, err := readDir(dir)
	if err != nil {
		w.pass("Cursor's agent-transcripts folder %s could not be read", dir, err)
		return
	}
	for _, e := range ents {
		if w.ctx.Err() != nil {
			return
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".jsonl"):
			if w.file(p, e) {
				w.addCursor(p, cwd)
			}
		case e.Type()&fs.ModeSymlink != 0:
			w.pass("the chat folder %s was not read", p, transcript.ErrLink)
		case e.IsDir():
			w.cursorChat(p, e.Name(), cwd)
		}
	}
}

// cursorChat: <chat>/<chat>.jsonl and <chat>/subagents/*.jsonl.
func (w *walker) cursorChat(dir, chat, cwd string) {
	ents, err := readDir(dir)
	if err != nil {
		w.pass("Cursor's chat folder %s could not be read", dir, err)
		return
	}
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == chat+".jsonl":
			if w.file(p, e) {
				w.addCursor(p, cwd)
			}
		case e.Name() == "subagents" && w.realFolder(p):
			subs, err := readDir(p)
			if err != nil {
				w.pass("Cursor's subagents folder %s could not be read", p, err)
				continue
			}
			for _, s := range subs {
				sp := filepath.Join(p, s.Name())
				if strings.HasSuffix(s.Name(), ".jsonl") && w.file(sp, s) {
					w.addCursor(sp, cwd)
				}
			}
		}
	}
}

// addCursor inspects one transcript; its folder is cwd when given, else
// the one its reading found, kept when inside the folder listed.
func (w *walker) addCursor(p, cwd string) {
	si, err := inspect(w.ctx, transcript.AgentCursor, p, w.env.Now)
	if err != nil {
		w.pass("%s was not read", p, err)
		return
	}
	if cwd != "" {
		si.Cwd = cwd
	}
	if under(si.Cwd, w.dir) {
		w.out.Sessions = append(w.out.Sessions, si)
	}
}
