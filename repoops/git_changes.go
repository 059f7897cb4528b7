package repoops

import (
	"bytes"
	"strings"
)

// GitChange is one path of repo_git status, typed for a face that marks
// paths (the TUI's tree): the raw repo-relative path (a rename's new path)
// and git's two status letters (index, work tree).
type GitChange struct {
	Path string
	X, Y byte
}

// Untracked: a file git does not track and no ignore rule hides.
func (c GitChange) Untracked() bool { return c.X == '?' }

// Staged: the index holds a change of it.
func (c GitChange) Staged() bool { return c.X != ' ' && c.X != '?' && c.X != '!' }

// Modified: the work tree holds a change not staged.
func (c GitChange) Modified() bool { return c.Y != ' ' && c.Y != '?' && c.Y != '!' }

// statusChanges reads `status --porcelain=v1 -z` into changes, every one,
// not cut by the output cap (the text is; this list is not model text).
// Paths outside the root's folder (prefix: its place in the work tree) are
// left out.
func statusChanges(out []byte, prefix string) []GitChange {
	var cs []GitChange
	recs := bytes.Split(out, []byte{0})
	for i := 0; i < len(recs); i++ {
		rec := string(recs[i])
		if len(rec) < 4 || strings.HasPrefix(rec, "## ") {
			continue
		}
		xy, name := rec[:2], rec[3:]
		if xy[0] == 'R' || xy[0] == 'C' {
			i++ // the original path follows
		}
		if prefix != "" {
			q, ok := strings.CutPrefix(name, prefix+"/")
			if !ok {
				continue
			}
			name = q
		}
		cs = append(cs, GitChange{Path: strings.TrimSuffix(name, "/"), X: xy[0], Y: xy[1]})
	}
	return cs
}
