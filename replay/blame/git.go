package blame

import (
	"context"
	"fmt"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// gitSpanGap: unattributed runs this close are asked of git together.
const gitSpanGap = 32

// gitBlame fills in the commit of each line no session wrote, through
// repo_git's blame (repoops' hardened git door), run after run of such
// lines; git's answer is cut at repo_git's output cap, so a run is asked
// for again from where the answer stopped. It returns why no commit
// could be told ("": git answered).
func gitBlame(ctx context.Context, repo *repoops.Repo, rel string, lines []Line) string {
	if !repo.IsGit() {
		return "not a git repository"
	}
	at := map[int]*Line{}
	var todo []int
	for i := range lines {
		if lines[i].Call == nil {
			at[lines[i].N] = &lines[i]
			todo = append(todo, lines[i].N)
		}
	}
	if len(todo) == 0 {
		return ""
	}
	sess := repo.NewSession()
	for i := 0; i < len(todo); {
		from, to := todo[i], todo[i]
		j := i + 1
		for ; j < len(todo) && todo[j]-to <= gitSpanGap; j++ {
			to = todo[j]
		}
		i = j
		for from <= to {
			if ctx.Err() != nil {
				return ctx.Err().Error()
			}
			res, err := sess.Git(ctx, repoops.GitArgs{Cmd: "blame", Path: rel, Lines: fmt.Sprintf("%d-%d", from, to)})
			if err != nil {
				return gitWhy(err)
			}
			if len(res.Lines) == 0 {
				break // one line longer than the cap: left without a commit
			}
			for _, bl := range res.Lines {
				if l := at[bl.N]; l != nil {
					l.Commit = &Commit{Hash: bl.Commit, Author: bl.Author, Date: bl.Date, Uncommitted: bl.Uncommitted()}
				}
			}
			from = res.Lines[len(res.Lines)-1].N + 1
		}
	}
	return ""
}

// gitWhy is git's refusal as a short note.
func gitWhy(err error) string {
	msg := transcript.OneLine(err.Error())
	if i := strings.Index(msg, " — "); i > 0 {
		msg = msg[:i]
	}
	return msg
}
