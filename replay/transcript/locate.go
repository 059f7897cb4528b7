package transcript

import (
	"io/fs"
	"path/filepath"
	"strings"
	"time"
)

// Where sessions live is part of a format's registration (issue 38): each
// agent's format registers, beside its probe and reader, a locate that
// walks the folders the agent keeps its sessions in and hands discovery
// the files that may be the folder's sessions, and where, the places it
// looks in words for an empty list. Discovery (replay/discover) loops the
// registry through Locate and keeps what only it does: it implements the
// Finder (listing without following links, passing over with a sentence,
// the context), inspects each candidate, and sorts the list. So a new
// agent is its own files and one registration line, here and nowhere else.

// Env is where the agents keep their sessions: the home folder, the
// process's environment (each format reads its own variable, such as
// CLAUDE_CONFIG_DIR or CODEX_HOME, through Var) and the time liveness is
// judged at. discover.EnvFromOS is this process's; tests build their own.
type Env struct {
	Home string
	// Getenv reads a variable of the environment; nil: none is set (a
	// test's Env, which must not see the variables of the process that
	// runs it)
	Getenv func(string) string
	Now    time.Time
}

// Var is the environment variable name ("" when unset or Getenv is nil).
func (e Env) Var(name string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(name)
}

// folder is the folder the variable names, else home joined with def: an
// agent's own folder (CODEX_HOME, else ~/.codex).
func (e Env) folder(variable string, def ...string) string {
	if v := e.Var(variable); v != "" {
		return v
	}
	return filepath.Join(append([]string{e.Home}, def...)...)
}

// Finder is what a format's locate walks with; discovery implements it,
// one per folder asked about. Every listing follows no link and opens no
// file; what it cannot read it passes over with a sentence, so an empty
// list is never silently empty.
type Finder interface {
	// Dir is the folder asked about: absolute and clean.
	Dir() string
	// Env is where the agents keep their sessions.
	Env() Env
	// Done: the context ended; a locate stops walking.
	Done() bool
	// ListIfAny lists the agent's own folder dir, when it is there:
	// a missing one is no sentence, one that cannot be read is
	// "<what> <dir> could not be read: <why>".
	ListIfAny(what, dir string) []fs.DirEntry
	// List lists dir, found inside the agent's folder: any error is
	// "<what> <dir> could not be read: <why>".
	List(what, dir string) []fs.DirEntry
	// Walk calls each with every entry that is not a folder in the tree
	// at root, in lexical order; no link to a folder is followed, and a
	// folder that cannot be read is said as List says it (a missing root
	// silently).
	Walk(what, root string, each func(path string, e fs.DirEntry))
	// Folder reports whether p is a folder reached without a link: a
	// link there is passed over with a sentence, a missing folder silently.
	Folder(p string) bool
	// Entry is the entry at p, not followed if it is a link; false when
	// nothing is there.
	Entry(p string) (fs.DirEntry, bool)
	// File reports whether e (at p) may be a transcript to open: a link
	// or a special file is passed over with a sentence.
	File(p string, e fs.DirEntry) bool
	// Add hands discovery a file that may hold a session of Dir:
	// discovery reads it and keeps it when its folder is Dir or inside
	// it (see Candidate).
	Add(c Candidate)
	// Pass passes path over with a sentence: sentence with %s replaced
	// by the quoted path, then ": " and why.
	Pass(sentence, path string, why any)
}

// Candidate is a file a locate found that may be a session of the folder
// asked about.
type Candidate struct {
	Path  string
	Agent Agent // the agent expected; the format the file's head shows decides
	// Folder, when set, is the folder the session is of, whatever the
	// file records: its place says so (Aider's history at the folder's
	// root; a Cursor projects folder named for the folder itself)
	Folder string
	// Anywhere: kept whatever folder it records, its place being named
	// for the folder itself (Gemini CLI's: its records name none)
	Anywhere bool
	// OncePerID: a session of this agent already kept by its ID is not
	// listed again (Factory Droid keeps copies in more than one place)
	OncePerID bool
	// Log: a log of many sessions, each listed on its own; its records
	// name no folder, so all are (repox's call logs)
	Log bool
}

// Place is where one agent's sessions of a folder are looked for, in
// words: for the list that says where it looked when it found none.
type Place struct {
	Title string // "Claude Code"
	Path  string // may hold a <placeholder> for what the name depends on
}

// Locate walks every registered format's places for the sessions of
// f.Dir(), in the registry's order, each agent once (a format of two
// shapes registers its locate on one of them).
func Locate(f Finder) {
	for _, r := range formats() {
		if r.locate == nil {
			continue
		}
		if f.Done() {
			return
		}
		r.locate(f)
	}
}

// Places are where Locate looks for the sessions of dir under env, in
// the registry's order; no disk is read.
func Places(env Env, dir string) []Place {
	var out []Place
	for _, r := range formats() {
		if r.locate != nil && r.where != nil {
			out = append(out, Place{Title: r.title, Path: r.where(env, dir)})
		}
	}
	return out
}

// Within reports whether the folder p is dir or inside it ("" is not).
func Within(p, dir string) bool {
	if p == "" {
		return false
	}
	p = filepath.Clean(p)
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// addJSONL hands discovery the *.jsonl files of an agent's folder of
// sessions (what names it in a sentence when it cannot be read); a link
// or a special file is passed over with a sentence.
func addJSONL(f Finder, agent Agent, what, dir string) {
	for _, e := range f.List(what, dir) {
		p := filepath.Join(dir, e.Name())
		if strings.HasSuffix(e.Name(), ".jsonl") && f.File(p, e) {
			f.Add(Candidate{Agent: agent, Path: p})
		}
	}
}
