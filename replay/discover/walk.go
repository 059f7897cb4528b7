package discover

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Discovery is what DiscoverAll found: the sessions, newest first, and
// what it passed over, one sentence each (a FIFO, a link, a folder it
// could not read), so an empty list is never silently empty.
type Discovery struct {
	Sessions []SessionInfo
	Passed   []string
}

// Discover lists the sessions recorded for the repository at dir (an
// absolute, clean path). See DiscoverAll.
func Discover(ctx context.Context, dir string, env Env) ([]SessionInfo, error) {
	d, err := DiscoverAll(ctx, dir, env)
	return d.Sessions, err
}

// DiscoverAll lists the sessions recorded for the repository at dir:
// Claude Code's and Codex's whose recorded working folder is dir or
// inside it, and every repox log (repox logs record no folder). Newest
// first. Only regular files are read, each opened without blocking;
// links inside the transcript folders are not followed. Claude Code's
// folder names are not trusted to tell projects apart (/p/a-b, /p/a/b,
// /p/a_b and /p/a.b share one): the folder each session records is.
func DiscoverAll(ctx context.Context, dir string, env Env) (Discovery, error) {
	w := &walker{ctx: ctx, dir: dir, env: env}
	w.claude()
	w.codex()
	w.gemini()
	w.copilot()
	w.qwen()
	w.pi()
	w.aider()
	w.repoxLogs()
	sort.SliceStable(w.out.Sessions, func(i, j int) bool {
		return newest(w.out.Sessions[i]).After(newest(w.out.Sessions[j]))
	})
	return w.out, ctx.Err()
}

// InspectTranscript summarises one transcript named apart from the
// agents' folders (the demo's own session, kept in its build/ folder) as
// Discover lists a session. The agent is read from the file's format; a
// link at path is not followed, a special file not read.
func InspectTranscript(ctx context.Context, path string) (SessionInfo, error) {
	return inspect(ctx, "", path, time.Now())
}

type walker struct {
	ctx context.Context
	dir string
	env Env
	out Discovery
}

// readDir is os.ReadDir; tests replace it to make a folder unreadable
// (they run as root in CI, where permissions do not stop a read).
var readDir = os.ReadDir

func (w *walker) pass(format string, path string, why any) {
	w.out.Passed = append(w.out.Passed, strings.Replace(format, "%s", repoops.QuoteName(path), 1)+": "+transcript.OneLine(transcript.ErrText(why)))
}

// file reports whether a directory entry may be a transcript to open: a
// link or a special file is passed over with a sentence.
func (w *walker) file(path string, e fs.DirEntry) bool {
	switch t := e.Type(); {
	case t&fs.ModeSymlink != 0:
		w.pass("%s was not read", path, transcript.ErrLink)
		return false
	case !t.IsRegular():
		w.pass("%s was not read", path, transcript.FileKind(t)+", not a regular file")
		return false
	}
	return true
}

// projectEntries lists the entries of an agent's projects folder named
// for the folder (Claude Code's naming, which Qwen Code shares: every
// character not a letter or digit turned into -), or for a folder inside
// it; a folder that cannot be read is passed over with a sentence.
func (w *walker) projectEntries(agent, projects string) []fs.DirEntry {
	ents, err := readDir(projects)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.pass(agent+"'s projects folder %s could not be read", projects, err)
		}
		return nil
	}
	names := claudeProjectNames(w.dir)
	var out []fs.DirEntry
	for _, e := range ents {
		for _, name := range names {
			if e.Name() == name || strings.HasPrefix(e.Name(), name+"-") {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// claude: projects/<name of the folder>, and of folders inside it; the
// recorded cwd decides, always.
func (w *walker) claude() {
	projects := filepath.Join(w.env.claudeDir(), "projects")
	for _, e := range w.projectEntries("Claude Code", projects) {
		if w.ctx.Err() != nil {
			continue
		}
		pdir := filepath.Join(projects, e.Name())
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			w.pass("the project folder %s was not read", pdir, transcript.ErrLink)
		case e.IsDir():
			w.claudeProject(pdir)
		}
	}
}

// claudeProject reads one project folder: <session>.jsonl, and
// <session>/subagents/*.jsonl.
func (w *walker) claudeProject(pdir string) {
	ents, err := readDir(pdir)
	if err != nil {
		w.pass("the project folder %s could not be read", pdir, err)
		return
	}
	for _, e := range ents {
		p := filepath.Join(pdir, e.Name())
		// a session's subagents (its folder's subagents/, or a 2.0.x
		// sidechain file beside it) are read with it, not listed
		switch {
		case strings.HasSuffix(e.Name(), ".jsonl"):
			if w.file(p, e) && !(strings.HasPrefix(e.Name(), "agent-") && transcript.IsSidechainFile(p)) {
				w.add(transcript.AgentClaude, p)
			}
		case e.Type()&fs.ModeSymlink != 0:
			w.pass("%s was not followed", p, transcript.ErrLink)
		}
	}
}

// Add inspects one transcript and keeps it when the folder it records is
// dir or inside it.
func (w *walker) add(agent transcript.Agent, path string) {
	if w.ctx.Err() != nil {
		return
	}
	si, err := inspect(w.ctx, agent, path, w.env.Now)
	if err != nil {
		w.pass("%s was not read", path, err)
		return
	}
	if !under(si.Cwd, w.dir) {
		return
	}
	w.out.Sessions = append(w.out.Sessions, si)
}

// codex: sessions/YYYY/MM/DD/rollout-*.jsonl, matched on the recorded cwd.
// WalkDir does not follow links to folders; a linked rollout is passed over.
func (w *walker) codex() {
	root := filepath.Join(w.env.codexDir(), "sessions")
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if w.ctx.Err() != nil {
			return filepath.SkipAll
		}
		if err != nil {
			if !(p == root && errors.Is(err, fs.ErrNotExist)) {
				w.pass("the Codex sessions folder %s could not be read", p, err)
			}
			return nil
		}
		if d.IsDir() || !strings.HasPrefix(d.Name(), "rollout-") || !strings.HasSuffix(d.Name(), ".jsonl") {
			return nil
		}
		if !w.file(p, d) {
			return nil
		}
		cwd, err := codexCwd(p)
		if err != nil {
			w.pass("%s was not read", p, err)
		} else if under(cwd, w.dir) {
			w.add(transcript.AgentCodex, p)
		}
		return nil
	})
}

// repoxLogs: one file may hold many sessions (every `repox mcp --log`
// connection appends to it), each listed on its own.
func (w *walker) repoxLogs() {
	ldir := w.env.RepoxLogDir()
	ents, err := readDir(ldir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.pass("repox's log folder %s could not be read", ldir, err)
		}
		return
	}
	for _, e := range ents {
		p := filepath.Join(ldir, e.Name())
		if w.ctx.Err() != nil || !strings.HasSuffix(e.Name(), ".jsonl") || !w.file(p, e) {
			continue
		}
		list, err := inspectRepoxLog(w.ctx, p, w.env.Now)
		if err != nil {
			w.pass("%s was not read", p, err)
			continue
		}
		w.out.Sessions = append(w.out.Sessions, list...)
	}
}

// gemini: tmp/<the folder's hash or short id>/chats (gemini_discover.go).
// The folder is named for the repository itself, so no recorded folder is
// checked (Gemini's records name none). As elsewhere no link is followed:
// tmp/<id> or chats that is a link, and a session file that is one or a
// special file, is passed over with a sentence.
func (w *walker) gemini() {
	for _, chats := range geminiChatFolders(w.dir, w.env) {
		if w.ctx.Err() != nil || !w.realFolder(filepath.Dir(chats)) || !w.realFolder(chats) {
			continue
		}
		ents, err := readDir(chats)
		if err != nil {
			w.pass("Gemini CLI's chats folder %s could not be read", chats, err)
			continue
		}
		for _, e := range ents {
			if w.ctx.Err() != nil {
				return
			}
			p := filepath.Join(chats, e.Name())
			if !isGeminiSessionName(e.Name()) || !w.file(p, e) {
				continue
			}
			si, err := inspect(w.ctx, transcript.AgentGemini, p, w.env.Now)
			if err != nil {
				w.pass("%s was not read", p, err)
				continue
			}
			w.out.Sessions = append(w.out.Sessions, si)
		}
	}
}

// realFolder reports whether p is a folder reached without a link; a link
// there is passed over with a sentence, a missing folder silently.
func (w *walker) realFolder(p string) bool {
	st, err := os.Lstat(p)
	switch {
	case err != nil:
		return false
	case st.Mode()&fs.ModeSymlink != 0:
		w.pass("the folder %s was not read", p, transcript.ErrLink)
		return false
	}
	return st.IsDir()
}

// copilot: GitHub Copilot CLI's session-state/<id>/events.jsonl (and the
// older session-state/<id>.jsonl), matched on the folder session.start
// records. A session folder that is a link, and an events file that is a
// link or a special file, is passed over with a sentence.
func (w *walker) copilot() {
	root := filepath.Join(w.env.Home, ".copilot", "session-state")
	ents, err := readDir(root)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.pass("Copilot CLI's session-state folder %s could not be read", root, err)
		}
		return
	}
	for _, e := range ents {
		if w.ctx.Err() != nil {
			return
		}
		p := filepath.Join(root, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".jsonl"):
			if w.file(p, e) {
				w.add(transcript.AgentCopilot, p)
			}
		case e.Type()&fs.ModeSymlink != 0:
			w.pass("the session folder %s was not read", p, transcript.ErrLink)
		case e.IsDir():
			events := filepath.Join(p, "events.jsonl")
			st, err := os.Lstat(events)
			if err != nil {
				continue // a session with no events yet
			}
			if w.file(events, fs.FileInfoToDirEntry(st)) {
				w.add(transcript.AgentCopilot, events)
			}
		}
	}
}

// qwen: Qwen Code's projects/<name of the folder>/chats/*.jsonl, and of
// folders inside it (the name is Claude Code's: every character not a
// letter or digit turned into -); the recorded cwd decides. A project or
// chats folder that is a link, and a session file that is one or a
// special file, is passed over with a sentence.
func (w *walker) qwen() {
	projects := filepath.Join(w.env.Home, ".qwen", "projects")
	for _, e := range w.projectEntries("Qwen Code", projects) {
		chats := filepath.Join(projects, e.Name(), "chats")
		if w.ctx.Err() != nil || !w.realFolder(filepath.Dir(chats)) || !w.realFolder(chats) {
			continue
		}
		w.addFolder(transcript.AgentQwen, "Qwen Code's chats folder", chats)
	}
}
