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

// gitCommands is the whole whitelist, in catalogue order.
var gitCommands = []string{"status", "diff", "diff-stat", "log", "ls-files"}

// GitArgs are repo_git's arguments.
type GitArgs struct {
	Cmd  string `json:"cmd"`
	Path string `json:"path,omitempty"`
	N    *int   `json:"n,omitempty"`
}

// GitResult is repo_git's typed result.
type GitResult struct {
	Cmd    string `json:"cmd"`
	Path   string `json:"path"`
	Output string `json:"output"` // already cut at 12 KB on a line boundary
	Cut    bool   `json:"cut"`
	Empty  string `json:"empty,omitempty"` // what an empty output means
	Note   string `json:"note,omitempty"`
	Shown  int    `json:"shown,omitempty"` // ls-files: paths shown
	Total  int    `json:"total,omitempty"` // ls-files: paths in all
}

func init() {
	register("repo_git",
		"Run one read-only git command: status, diff (working tree and index against HEAD), diff-stat, log (n 1-100, default 20) or ls-files (tracked files). "+
			"path limits every command to a file or folder (passed after a literal --, matched literally). Output over 12 KB is cut at a line boundary with (output cut at 12 KB — narrow with path). "+
			"No repo-local config can run a program (hooks, fsmonitor, external diff, textconv and filter drivers are off). Outside a git repository it refuses; the other tools still work.",
		true, []string{"cmd"},
		map[string]any{
			"cmd":  map[string]any{"type": "string", "enum": gitCommands, "description": "Which git command to run."},
			"path": map[string]any{"type": "string", "description": "File or folder to limit the command to, relative to the root."},
			"n":    map[string]any{"type": "integer", "minimum": 1, "maximum": gitMaxLog, "default": gitDefaultLog, "description": "log only: how many commits (1-100, default 20)."},
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
	n, err := intArg("n", a.N, gitDefaultLog, 1, gitMaxLog, "")
	if err != nil {
		return nil, err
	}
	rel, err := s.repo.resolveGitPath(a.Path)
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
	return r.gitCmd(ctx, a.Cmd, rel, n)
}

func (r *Repo) gitCmd(ctx context.Context, cmd, rel string, n int) (*GitResult, error) {
	res := &GitResult{Cmd: cmd, Path: DisplayPath(rel)}
	var pathspec []string
	switch {
	case rel != "":
		pathspec = []string{"--", rel}
	case r.git.prefix != "":
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
		if _, _, err := r.git.run(ctx, 1<<10, "rev-parse", "--verify", "-q", "HEAD"); err != nil {
			hasHead = false
		}
	}
	var args []string
	switch cmd {
	case "status":
		args = []string{"status", "--porcelain=v1", "-z", "--branch", "--untracked-files=all"}
		res.Empty = "clean: no changes under " + where
	case "diff", "diff-stat":
		args = []string{"diff", "--no-ext-diff", "--no-textconv", "--no-color"}
		if cmd == "diff-stat" {
			args = append(args, "--stat")
		}
		if r.git.prefix != "" {
			args = append(args, "--relative") // paths as the other tools show them
		}
		if hasHead {
			args = append(args, "--end-of-options", "HEAD")
		} else {
			res.Note = "no commits yet: showing changes not yet staged"
		}
		res.Empty = "no changes under " + where + "; untracked files are listed by status"
	case "log":
		args = []string{"log", "--no-show-signature", "--no-ext-diff", "--no-textconv", "--no-color", fmt.Sprintf("--max-count=%d", n), "--date=short", "--format=%h %ad %an: %s"}
		res.Empty = "no commits touch " + where
	case "ls-files":
		args = []string{"ls-files", "-z"}
		res.Empty = "no tracked files under " + where
	}
	limit := gitOutputCap
	if cmd == "status" || cmd == "ls-files" {
		limit = maxFileListBytes // parsed, then cut when rendered
	}
	out, cut, err := r.git.run(ctx, limit, append(args, pathspec...)...)
	if err != nil {
		return nil, refusef("git %s failed: %v", cmd, err)
	}
	switch cmd {
	case "status":
		res.Output, res.Cut = renderStatus(out, r.git.prefix)
	case "ls-files":
		var paths []string
		for _, p := range bytes.Split(out, []byte{0}) {
			if len(p) > 0 {
				paths = append(paths, DisplayPath(string(p)))
			}
		}
		res.Total = len(paths)
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
		res.Output, res.Cut = cutAtLine(string(out), gitOutputCap)
		res.Cut = res.Cut || cut
	}
	return res, nil
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
	if len(s) <= max {
		return s, false
	}
	s = s[:max]
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[:i+1]
	}
	return s, true
}

// Render is the model text of repo_git.
func (g *GitResult) Render() string {
	var b strings.Builder
	out := g.Output
	if g.Cmd == "status" {
		// The branch line alone means nothing changed.
		if lines := strings.Count(out, "\n"); lines <= 1 && strings.HasPrefix(out, "## ") {
			b.WriteString(out)
			b.WriteString("(" + g.Empty + ")")
			return b.String()
		}
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
		fmt.Fprintf(&b, "(output cut at 12 KB after %s of %s files — narrow with path, or use repo_find)\n", commas(g.Shown), commas(g.Total))
	case g.Cut:
		b.WriteString("(output cut at 12 KB — narrow with path)\n")
	case g.Cmd == "ls-files":
		fmt.Fprintf(&b, "(%s)\n", plural(g.Total, "tracked file", "tracked files"))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
