package repoops

import (
	"context"
	"fmt"
)

// LogOneline is `git log --oneline -n n` of the whole repository (one
// "hash subject" line per commit, newest first, no decorations), run
// through the git door as repo_git is: nothing the repository's config
// names runs, signatures are not checked, the output is capped at
// repo_git's cap and cut at a line. It is for a face that shows what
// another agent tool printed (the demo's tour shows seed 000's repo_git,
// which dropped its path); it is not a tool, and no model argument
// reaches it. Outside git it refuses as repo_git does.
func (r *Repo) LogOneline(ctx context.Context, n int) (string, error) {
	if r.git == nil {
		why := "there is no .git folder at its root"
		if r.gitNote != "" {
			why = r.gitNote
		}
		return "", refusef("%s is not a git repository that git can be run on here (%s)", r.Name(), why)
	}
	if n < 1 {
		return "", refusef("n is %d: a log has at least one commit", n)
	}
	out, cut, err := r.git.Run(ctx, gitOutputCap, "log", "--no-show-signature", "--no-mailmap", "--no-decorate", "--no-color", fmt.Sprintf("--max-count=%d", n), "--format=%h %s", "--")
	if err != nil {
		return "", refusef("git log failed: %v", err)
	}
	text, _ := cutAtLineMore(string(out), gitOutputCap, cut)
	return text, nil
}
