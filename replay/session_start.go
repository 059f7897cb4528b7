package replay

import (
	"context"
	"time"

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
	stats transcript.Stats // the reader's, at the transcript's end
}

// PlanStart reads the transcript at path once, its subagents merged, for
// the first pass of every session in it.
func PlanStart(ctx context.Context, path string) (*StartPlans, error) {
	f, err := transcript.OpenTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	plans, _, st, err := planSessions(f, path)
	if err != nil {
		return nil, err
	}
	return &StartPlans{plans: plans, stats: st}, ctx.Err()
}

// LastRecord is the time of the latest record of session (its repox
// session id, "" for one-session transcripts) as the first pass read it:
// what a face judges it live by (transcript.Live), zero when its records
// have no times or the transcript holds no call of it.
func (sp *StartPlans) LastRecord(session string) time.Time {
	if sp.stats.Format != transcript.AgentRepox || session == "" {
		return sp.stats.Ended // the transcript's last record, a call or not
	}
	if p := sp.plans[session]; p != nil {
		return p.lastCall
	}
	return time.Time{}
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
