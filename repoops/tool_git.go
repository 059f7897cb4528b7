package repoops

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

const (
	gitOutputCap  = 12 << 10
	gitDefaultLog = 20
	gitMaxLog     = 100
)

// gitCapText is how the output cap is worded in the description and in
// every cut marker ("12 KiB").
var gitCapText = SizeText(gitOutputCap)

// gitCommands is the whole whitelist, in catalogue order.
var gitCommands = []string{"status", "diff", "diff-stat", "log", "ls-files", "show", "blame"}

// GitArgs are repo_git's arguments.
type GitArgs struct {
	Cmd   string `json:"cmd"`
	Path  string `json:"path,omitempty"`
	N     *int   `json:"n,omitempty"`
	Rev   string `json:"rev,omitempty"`   // show: the commit ("" is HEAD)
	Lines string `json:"lines,omitempty"` // blame: "A-B" or "A" ("" is the whole file)
}

// GitResult is repo_git's typed result.
type GitResult struct {
	Cmd    string `json:"cmd"`
	Path   string `json:"path"`
	Output string `json:"output"` // already cut at 12 KiB on a line boundary
	Cut    bool   `json:"cut"`
	Empty  string `json:"empty,omitempty"` // what an empty output means
	Note   string `json:"note,omitempty"`
	Shown  int    `json:"shown,omitempty"`  // ls-files: paths shown
	Total  int    `json:"total,omitempty"`  // ls-files: paths in all
	Rev    string `json:"rev,omitempty"`    // show: the rev as asked
	Commit string `json:"commit,omitempty"` // show: the full object name it named
	// blame: the lines shown (From on), the last line asked for and the
	// file's line count.
	Lines      []BlameLine `json:"lines,omitempty"`
	From       int         `json:"from,omitempty"`
	To         int         `json:"to,omitempty"`
	TotalLines int         `json:"total_lines,omitempty"`
	// Changes is status's paths, typed and complete (the text is cut at the
	// output cap), for faces that mark paths; never part of the model text.
	Changes []GitChange `json:"-"`
}

func registerGit() {
	register(ToolGit,
		fmt.Sprintf("Run one read-only git command: status, diff (working tree and index against HEAD), diff-stat, log (n 1-%d, default %d), ls-files (tracked files), ", gitMaxLog, gitDefaultLog)+
			"show (one commit: header, message, stat and patch; rev names it, default HEAD) or blame (who last changed each line of one file, uncommitted changes included; lines narrows it). "+
			"path limits every command to a file or folder (passed after a literal --, matched literally); blame needs a tracked text file. "+
			"rev is a hex commit id as log prints it, HEAD, or a branch or tag name, optionally followed by ~N or ^N steps; anything else is refused before git runs. "+
			fmt.Sprintf("lines is \"A-B\" or \"A\" (1-based, as repo_read_file numbers lines); past the end is refused, not clamped. blame prints one row per line: commit, date, author, N%stext, lines over %s characters cut as repo_read_file cuts them. ", ReadLineSep, Commas(readLineChars))+
			fmt.Sprintf("Output over %s is cut at a line boundary with (output cut at %s — narrow with path); blame's cut says which lines to ask for next. ", gitCapText, gitCapText)+
			"No repo-local config can run a program (hooks, fsmonitor, external diff, textconv and filter drivers, pagers, signature checks are off), git never fetches (a partial clone's missing objects are reported, not fetched), and submodules are not entered (the output names those it left out). "+
			"It refuses when the git folder, or anything it points to, lies outside the root. Outside a git repository it refuses; the other tools still work.",
		true, []string{"cmd"},
		map[string]any{
			"cmd":   map[string]any{"type": "string", "enum": gitCommands, "description": "Which git command to run."},
			"path":  map[string]any{"type": "string", "description": "File or folder to limit the command to, relative to the root; blame needs a tracked text file."},
			"n":     map[string]any{"type": "integer", "minimum": 1, "maximum": gitMaxLog, "default": gitDefaultLog, "description": fmt.Sprintf("log only: how many commits (1-%d, default %d).", gitMaxLog, gitDefaultLog)},
			"rev":   map[string]any{"type": "string", "default": "HEAD", "description": "show only: the commit to show (default HEAD): a hex commit id as log prints it, HEAD, or a branch or tag name, optionally followed by ~N or ^N steps (HEAD~N, main^N)."},
			"lines": map[string]any{"type": "string", "description": "blame only: the lines to blame, \"A-B\" or \"A\" (1-based, A not after B); default the whole file, cut at " + gitCapText + "."},
		},
		func(ctx context.Context, s *Session, a GitArgs) (*GitResult, error) { return s.Git(ctx, a) })
}

// Git runs repo_git.
func (s *Session) Git(ctx context.Context, a GitArgs) (*GitResult, error) {
	known := false
	for _, c := range gitCommands {
		known = known || a.Cmd == c
	}
	if !known {
		return nil, refusef("cmd %q is not offered — cmd is one of: %s", a.Cmd, strings.Join(gitCommands, ", "))
	}
	if a.N != nil && a.Cmd != "log" {
		return nil, refusef("n applies only to cmd \"log\" — leave it out for %s", a.Cmd)
	}
	if a.Rev != "" && a.Cmd != "show" {
		return nil, refusef("rev applies only to cmd \"show\" — leave it out for %s", a.Cmd)
	}
	if a.Lines != "" && a.Cmd != "blame" {
		return nil, refusef("lines applies only to cmd \"blame\" — leave it out for %s", a.Cmd)
	}
	n, err := intArg("n", a.N, gitDefaultLog, 1, gitMaxLog, "")
	if err != nil {
		return nil, err
	}
	rev := ""
	if a.Cmd == "show" {
		if rev, err = checkRev(a.Rev); err != nil {
			return nil, err
		}
	}
	span, err := parseLines(a.Lines)
	if err != nil {
		return nil, err
	}
	var rel string
	if a.Cmd == "blame" {
		// blame reads the work tree's copy: the path is opened, so it
		// takes the intake of the tools that open files.
		rel, err = s.repo.resolvePath(a.Path)
	} else {
		rel, err = s.repo.resolveGitPath(a.Path)
	}
	if err != nil {
		return nil, err
	}
	r := s.repo
	if r.git == nil {
		why := "there is no .git folder at its root"
		if r.gitNote != "" {
			why = r.gitNote
		}
		return nil, refusef("%s is not a git repository that repo_git can use (%s) — repo_tree, repo_find, repo_grep and repo_read_file still work", r.Name(), why)
	}
	switch a.Cmd {
	case "show":
		return r.gitShow(ctx, rev, rel)
	case "blame":
		return r.gitBlame(ctx, rel, span)
	}
	return r.gitCmd(ctx, a.Cmd, rel, n)
}

func (r *Repo) gitCmd(ctx context.Context, cmd, rel string, n int) (*GitResult, error) {
	res := &GitResult{Cmd: cmd, Path: DisplayPath(rel)}
	var pathspec []string
	switch {
	case rel != "":
		pathspec = []string{"--", rel}
	case r.git.Prefix() != "":
		pathspec = []string{"--", "."} // a sub-folder of the work tree: only it
	default:
		pathspec = []string{"--"}
	}
	where := "the repository"
	if rel != "" {
		where = DisplayPath(rel)
	}
	hasHead := true
	if cmd == "diff" || cmd == "diff-stat" {
		if _, _, err := r.git.Run(ctx, 1<<10, "rev-parse", "--verify", "-q", "HEAD"); err != nil {
			hasHead = false
		}
	}
	var args []string
	switch cmd {
	case "status":
		args = []string{"status", "--porcelain=v1", "-z", "--branch", "--untracked-files=all", "--ignore-submodules=all"}
		res.Empty = "clean: no changes under " + where
	case "diff", "diff-stat":
		args = []string{"diff", "--no-ext-diff", "--no-textconv", "--no-color", "--ignore-submodules=all"}
		if cmd == "diff-stat" {
			args = append(args, "--stat")
		}
		if r.git.Prefix() != "" {
			args = append(args, "--relative") // paths as the other tools show them
		}
		if hasHead {
			args = append(args, "--end-of-options", "HEAD")
		} else {
			res.Note = "no commits yet: showing changes not yet staged"
		}
		res.Empty = "no changes under " + where + "; untracked files are listed by status"
	case "log":
		args = []string{"log", "--no-show-signature", "--no-mailmap", "--no-ext-diff", "--no-textconv", "--no-color", fmt.Sprintf("--max-count=%d", n), "--date=short", "--format=%h %ad %an: %s"}
		res.Empty = "no commits touch " + where
	case "ls-files":
		args = []string{"ls-files", "-z"}
		res.Empty = "no tracked files under " + where
	}
	limit := gitOutputCap
	if cmd == "status" || cmd == "ls-files" {
		limit = maxFileListBytes // parsed, then cut when rendered
	}
	out, cut, err := r.git.Run(ctx, limit, append(args, pathspec...)...)
	if err != nil {
		if isLazyFetchError(err) {
			return nil, refusef("git %s needs objects that are not in this repository: it is a partial clone, and they would have to be fetched from its promisor remote; repox never fetches — run git fetch yourself, or narrow with path to files whose content is present (%v)", cmd, err)
		}
		return nil, refusef("git %s failed: %v", cmd, err)
	}
	if cmd == "status" || cmd == "diff" || cmd == "diff-stat" {
		if subs := r.gitlinksUnder(ctx, rel); len(subs) > 0 {
			addNote(res, submoduleNote(subs))
		}
	}
	if cut && (cmd == "status" || cmd == "ls-files") {
		// The capture stopped inside a record: drop the partial one.
		if i := bytes.LastIndexByte(out, 0); i >= 0 {
			out = out[:i+1]
		} else {
			out = nil
		}
	}
	switch cmd {
	case "status":
		res.Output, res.Cut = renderStatus(out, r.git.Prefix())
		res.Cut = res.Cut || cut
		res.Changes = statusChanges(out, r.git.Prefix())
	case "ls-files":
		var paths []string
		for _, p := range bytes.Split(out, []byte{0}) {
			if len(p) > 0 {
				paths = append(paths, DisplayPath(string(p)))
			}
		}
		res.Total = len(paths)
		res.Cut = cut
		var b strings.Builder
		for _, p := range paths {
			if b.Len()+len(p)+1 > gitOutputCap {
				res.Cut = true
				break
			}
			b.WriteString(p)
			b.WriteByte('\n')
			res.Shown++
		}
		res.Output = b.String()
	default:
		res.Output, res.Cut = cutAtLineMore(string(out), gitOutputCap, cut)
	}
	return res, nil
}

// isLazyFetchError reports whether git failed because an object is missing
// from a partial clone and the fetch that would bring it was stopped.
func isLazyFetchError(err error) bool {
	m := err.Error()
	return strings.Contains(m, "promisor") || strings.Contains(m, "lazy fetch")
}

func addNote(res *GitResult, note string) {
	if res.Note != "" {
		res.Note += "; "
	}
	res.Note += note
}

// submoduleNote says which submodules the output leaves out.
func submoduleNote(subs []string) string {
	shown := make([]string, 0, 3)
	for _, p := range subs[:min(3, len(subs))] {
		shown = append(shown, DisplayPath(p))
	}
	more := ""
	if len(subs) > 3 {
		more = ", …"
	}
	return fmt.Sprintf("%s not inspected (%s%s): repox does not enter submodules, whose own config could run programs — open one as its own root to see its changes",
		Plural(len(subs), "submodule", "submodules"), strings.Join(shown, ", "), more)
}

// renderStatus turns `status --porcelain=v1 -z --branch` into lines. Git
// prints porcelain paths from the work tree's top; prefix (the root's place
// in it) is taken off so they read like every other tool's paths.
func renderStatus(out []byte, prefix string) (string, bool) {
	rel := func(p string) string {
		if prefix != "" {
			if q, ok := strings.CutPrefix(p, prefix+"/"); ok {
				return DisplayPath(q)
			}
			return DisplayPath("/"+p) + " (outside this folder)"
		}
		return DisplayPath(p)
	}
	var b strings.Builder
	recs := bytes.Split(out, []byte{0})
	for i := 0; i < len(recs); i++ {
		rec := string(recs[i])
		if rec == "" {
			continue
		}
		if strings.HasPrefix(rec, "## ") {
			b.WriteString("## " + quoteText(rec[3:])) // branch names are repository content
			b.WriteByte('\n')
			continue
		}
		if len(rec) < 4 {
			continue
		}
		xy, name := rec[:2], rec[3:]
		line := xy + " " + rel(name)
		if (xy[0] == 'R' || xy[0] == 'C') && i+1 < len(recs) {
			i++
			line = xy + " " + rel(string(recs[i])) + " -> " + rel(name)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return cutAtLine(b.String(), gitOutputCap)
}

// cutAtLine cuts s to at most max bytes, ending at a line boundary.
func cutAtLine(s string, max int) (string, bool) {
	return cutAtLineMore(s, max, false)
}

// cutAtLineMore is cutAtLine for a capture that may itself have been cut
// (more: the producer wrote past what s holds): the result always ends at a
// whole line, and is "" when the first line alone does not fit.
func cutAtLineMore(s string, max int, more bool) (string, bool) {
	if len(s) <= max && !more {
		return s, false
	}
	if len(s) > max {
		s = s[:max]
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[:i+1], true
	}
	return "", true
}

// Render is the model text of repo_git.
func (g *GitResult) Render() string {
	if g.Cmd == "blame" {
		return g.renderBlame()
	}
	var b strings.Builder
	out := g.Output
	if g.Cmd == "status" {
		// The branch line alone means nothing changed.
		if lines := strings.Count(out, "\n"); lines <= 1 && strings.HasPrefix(out, "## ") {
			b.WriteString(out)
			b.WriteString("(" + g.Empty + ")")
			if g.Note != "" {
				b.WriteString("\n(" + g.Note + ")")
			}
			return b.String()
		}
	}
	if out == "" && g.Cut {
		return "(output cut at " + gitCapText + ": its first line alone is longer than that — narrow with path)"
	}
	if strings.TrimSpace(out) == "" {
		s := "(" + g.Empty + ")"
		if g.Note != "" {
			s += "\n(" + g.Note + ")"
		}
		return s
	}
	b.WriteString(out)
	if !strings.HasSuffix(out, "\n") {
		b.WriteByte('\n')
	}
	if g.Note != "" {
		fmt.Fprintf(&b, "(%s)\n", g.Note)
	}
	switch {
	case g.Cut && g.Cmd == "ls-files":
		fmt.Fprintf(&b, "(output cut at %s after %s of %s files — narrow with path, or use repo_find)\n", gitCapText, Commas(g.Shown), Commas(g.Total))
	case g.Cut:
		b.WriteString("(output cut at " + gitCapText + " — narrow with path)\n")
	case g.Cmd == "ls-files":
		fmt.Fprintf(&b, "(%s)\n", Plural(g.Total, "tracked file", "tracked files"))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
