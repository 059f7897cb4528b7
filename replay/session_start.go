package replay

import (
	"context"

	"github.com/repoxhq/repox/replay/transcript"
)

// A face that replays a transcript a call at a time (the TUI's sessions
// pane) asks the report's questions the report's way: a finished session
// is replayed from its start state (PlanStart, then PrepareSession before
// the first Step), a session still being written against the tree as it
// is (its later changes are not known yet, so no start can be rebuilt).

// StartPlans is the first pass over one transcript: for each of its
// sessions (one for a Claude Code, Codex or Gemini CLI file; one per
// session of a repox call log), the files it changed and how to rebuild
// each as it was at the start.
type StartPlans struct {
	plans map[string]*startPlan
}

// PlanStart reads the transcript at path once, its subagents merged, for
// the first pass of every session in it.
func PlanStart(ctx context.Context, path string) (*StartPlans, error) {
	f, err := transcript.OpenTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	plans, _, err := planSessions(f, path)
	if err != nil {
		return nil, err
	}
	return &StartPlans{plans: plans}, ctx.Err()
}

// PrepareSession readies r for session (its repox session id, "" for
// one-session transcripts): against its start state with sp's plan, or
// against the tree as it is. sp nil: no plan (the tree as it is). Call it
// before the first Step.
func (r *Replayer) PrepareSession(ctx context.Context, sp *StartPlans, session string, against Against, branch string) StartInfo {
	var p *startPlan
	if sp != nil {
		p = sp.plans[session]
	}
	if sp == nil {
		against = AgainstNow
	}
	return r.Prepare(ctx, p, against, branch)
}
