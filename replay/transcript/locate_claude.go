package transcript

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// Claude Code keeps a folder's sessions in projects/<name of the folder>/
// under CLAUDE_CONFIG_DIR (default ~/.claude): <session>.jsonl, its
// subagents in <session>/subagents/ (or, in 2.0.x, as agent-*.jsonl
// sidechain files beside it), read with their session, never listed. The
// name is lossy (/p/a-b, /p/a/b, /p/a_b and /p/a.b share one), so the
// folders of folders inside are read too and the folder each session
// records decides, always.

func claudeDir(e Env) string { return e.folder("CLAUDE_CONFIG_DIR", ".claude") }

func claudeWhere(e Env, dir string) string {
	return filepath.Join(claudeDir(e), "projects", claudeProjectName(dir))
}

// locateClaude: projects/<name of the folder>, and of folders inside it.
func locateClaude(f Finder) {
	projects := filepath.Join(claudeDir(f.Env()), "projects")
	for _, e := range projectEntries(f, "Claude Code", projects) {
		if f.Done() {
			continue
		}
		pdir := filepath.Join(projects, e.Name())
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			f.Pass("the project folder %s was not read", pdir, ErrLink)
		case e.IsDir():
			locateClaudeProject(f, pdir)
		}
	}
}

// locateClaudeProject reads one project folder: <session>.jsonl, and
// <session>/subagents/*.jsonl.
func locateClaudeProject(f Finder, pdir string) {
	for _, e := range f.List("the project folder", pdir) {
		p := filepath.Join(pdir, e.Name())
		// a session's subagents (its folder's subagents/, or a 2.0.x
		// sidechain file beside it) are read with it, not listed
		switch {
		case strings.HasSuffix(e.Name(), ".jsonl"):
			if f.File(p, e) && !(strings.HasPrefix(e.Name(), "agent-") && isSidechainFile(p)) {
				f.Add(Candidate{Agent: AgentClaude, Path: p})
			}
		case e.Type()&fs.ModeSymlink != 0:
			f.Pass("%s was not followed", p, ErrLink)
		}
	}
}

// projectEntries lists the entries of an agent's projects folder named
// for the folder asked about (Claude Code's naming, which Qwen Code
// shares), or for a folder inside it.
func projectEntries(f Finder, agent, projects string) []fs.DirEntry {
	ents := f.ListIfAny(agent+"'s projects folder", projects)
	names := claudeProjectNames(f.Dir())
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

// claudeProjectName is Claude Code's folder name for a working folder:
// every character that is not a letter or digit becomes '-'.
func claudeProjectName(dir string) string {
	return nonAlnum().ReplaceAllString(dir, "-")
}

// claudeProjectNames are the names builds have used: every character that
// is not a letter or digit turned into '-', or only '/' and '.'.
func claudeProjectNames(dir string) []string {
	a, b := claudeProjectName(dir), strings.NewReplacer("/", "-", ".", "-").Replace(dir)
	if a == b {
		return []string{a}
	}
	return []string{a, b}
}

var nonAlnum = LazyRegexp(`[^A-Za-z0-9]`)
