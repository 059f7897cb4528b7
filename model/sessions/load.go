package sessions

import (
	"context"
	"path/filepath"
	"sort"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The sessions pane's work. Every piece runs in a tea.Cmd and comes back in
// an envelope stamped with the pane's load generation, which a new choice
// of session (or going back to the list) bumps.

// sessionsListMsg is the sessions Discover found for the repository.
type sessionsListMsg struct {
	list []discover.SessionInfo
	err  error
}

// discoverSessions lists the sessions recorded for dir, and those of the
// transcripts also names (one it cannot read is left out: it is listed
// for convenience, not found by looking).
func discoverSessions(ctx context.Context, dir string, also []string, env func() discover.Env, gen int) tea.Cmd {
	return pane.Envelop(pane.Sessions, pane.JobLoad, gen, func() tea.Msg {
		dirs := []string{dir}
		if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
			dirs = append(dirs, real)
		}
		var all []discover.SessionInfo
		seen := map[string]bool{}
		for _, d := range dirs {
			list, err := discover.Discover(ctx, d, env())
			if err != nil {
				return sessionsListMsg{err: err}
			}
			for _, s := range list {
				if k := s.Path + "\x00" + s.ID; !seen[k] {
					seen[k] = true
					all = append(all, s)
				}
			}
		}
		for _, path := range also {
			if s, err := discover.InspectTranscript(ctx, path); err == nil && !seen[s.Path+"\x00"+s.ID] {
				seen[s.Path+"\x00"+s.ID] = true
				all = append(all, s)
			}
		}
		sort.SliceStable(all, func(i, j int) bool { return newestOf(all[i]).After(newestOf(all[j])) })
		return sessionsListMsg{list: all}
	})
}

// replayRun is one followed transcript: the follower and the replayers
// (one per repox session id: a repox log holds many sessions, each with its
// own gate). The mutex makes sure a Replayer is used by one goroutine at a
// time: steps, gate checks and the final Close all take it.
type replayRun struct {
	ctx    context.Context
	cancel context.CancelFunc
	path   string // the transcript
	filter string // only this repox session's calls ("": all)
	root   string // the repository the calls are replayed against
	fol    *transcript.Follower
	// against: a finished session is replayed from its start state
	// (plans: the first pass), one still being written against the tree
	// as it is (plans nil)
	against replay.Against
	plans   *replay.StartPlans
	// lastRecord: the time of the session's latest record when following
	// began (zero: its records have no times)
	lastRecord time.Time

	mu     sync.Mutex
	reps   map[string]*replay.Replayer
	closed bool
}

// followStartedMsg says following began (or why it could not).
type followStartedMsg struct {
	run *replayRun
	err error
}

// followUpdateMsg is one Update of the follower; closed: it stopped.
type followUpdateMsg struct {
	upd    transcript.Update
	closed bool
	err    error
}

// stepMsg is one call replayed: its index in the pane's calls, the step,
// then and now with their differences, and, for the last queued call, what
// the agent of that session has seen so far and its gate for the open file.
type stepMsg struct {
	i          int
	step       replay.Step
	then, now  []ui.DiffLine
	seen       []replay.FileSeen
	snap       bool
	view       viewFile
	gate       repoops.GateVerdict
	disk       *replay.DiskMarks // the view's file's marks on disk (nil: not compared; ondisk.go)
	err        error
	sessionKey string
	start      *replay.StartInfo // what preparing the session's replayer did, when this step made it
}

// agentGateMsg is the agent's gate for one file, and its marks on the
// file on disk.
type agentGateMsg struct {
	view    viewFile
	session string
	verdict repoops.GateVerdict
	disk    *replay.DiskMarks
	ok      bool
}

// startFollow opens the transcript and the repository to replay against:
// the session's folder when it lies in the explored repository (fallback),
// fallback when it records none or one not on this machine; a folder
// elsewhere is refused (replay.RootFor: a transcript never chooses the root).
func startFollow(parent context.Context, path, filter, cwd, fallback string, now func() time.Time, gen int) tea.Cmd {
	return pane.Envelop(pane.Sessions, pane.JobLoad, gen, func() tea.Msg {
		root, _, err := replay.RootFor("", cwd, fallback, "repox", "replay", path)
		if err != nil {
			return followStartedMsg{err: err}
		}
		ctx, cancel := context.WithCancel(parent)
		run := &replayRun{ctx: ctx, cancel: cancel, path: path, filter: filter, root: root, reps: map[string]*replay.Replayer{}, against: replay.AgainstStart}
		// the first pass tells whether the session is live, by its
		// records' times (transcript.Live), never by the file's mtime
		plans, err := replay.PlanStart(ctx, path)
		if err != nil {
			cancel()
			return followStartedMsg{err: err}
		}
		run.lastRecord = plans.LastRecord(filter)
		if live, _ := transcript.Live(now(), run.lastRecord, time.Time{}); live {
			run.against = replay.AgainstNow // its later changes are not known yet
		} else {
			run.plans = plans // finished: the report's question, from the session's start
		}
		fol, err := transcript.Follow(ctx, path, transcript.FollowOptions{})
		if err != nil {
			cancel()
			return followStartedMsg{err: err}
		}
		run.fol = fol
		return followStartedMsg{run: run}
	})
}

// wait is the next Update of the follower. It blocks until the transcript
// grows (or following stops); the pane keeps one wait in flight.
func (r *replayRun) wait(gen int) tea.Cmd {
	return pane.Envelop(pane.Sessions, pane.JobLoad, gen, func() tea.Msg {
		upd, ok := <-r.fol.Updates()
		if !ok {
			return followUpdateMsg{closed: true, err: r.fol.Err()}
		}
		return followUpdateMsg{upd: upd}
	})
}

// replayer is the Replayer of one session, made and prepared on first
// use (start: what Prepare did, then; branch: the one the transcript
// recorded, for the checkout). r.mu held.
func (r *replayRun) replayer(key, branch string) (rp *replay.Replayer, start *replay.StartInfo, err error) {
	if rp, ok := r.reps[key]; ok {
		return rp, nil, nil
	}
	rp, err = replay.NewReplayer(r.ctx, r.root)
	if err != nil {
		return nil, nil, err
	}
	info := rp.PrepareSession(r.ctx, r.plans, key, r.against, branch)
	r.reps[key] = rp
	return rp, &info, nil
}

// reset forgets every replayer (the transcript was replaced). r.mu held.
func (r *replayRun) reset() {
	for k, rp := range r.reps {
		rp.Close()
		delete(r.reps, k)
	}
}

// step replays call i. reset: the transcript was replaced, start afresh.
// snap: also take what the agent has seen, and its gate and marks on disk
// for the viewer's file. diff: also lay out then beside now (the call is
// the selected one). branch is the one the transcript recorded.
func (r *replayRun) step(gen, i int, c transcript.Call, reset, snap, diff bool, view viewFile, branch string) tea.Cmd {
	return pane.Envelop(pane.Sessions, pane.JobLoad, gen, func() tea.Msg {
		r.mu.Lock()
		defer r.mu.Unlock()
		msg := stepMsg{i: i, snap: snap, view: view, sessionKey: c.Session}
		if r.closed {
			msg.err = context.Canceled
			return msg
		}
		if reset {
			r.reset()
		}
		rp, start, err := r.replayer(c.Session, branch)
		msg.start = start
		if err != nil {
			msg.err = err
			return msg
		}
		msg.step = rp.Step(r.ctx, c)
		if diff {
			msg.then, msg.now = thenNow(msg.step)
		}
		if snap {
			msg.seen = rp.Horizon().Files()
			if view.path != "" {
				msg.gate = rp.AgentGate(repoops.DisplayPath(view.path))
				msg.disk = onDisk(r.ctx, rp, view.path)
			}
		}
		return msg
	})
}

// agentGate asks the agent's session (key) for its gate on the viewer's
// file, and for its marks on the file on disk.
func (r *replayRun) agentGate(gen int, key string, view viewFile) tea.Cmd {
	return pane.Envelop(pane.Sessions, pane.JobGate, gen, func() tea.Msg {
		r.mu.Lock()
		defer r.mu.Unlock()
		rp, ok := r.reps[key]
		if r.closed || !ok {
			return agentGateMsg{view: view, session: key}
		}
		return agentGateMsg{view: view, session: key, verdict: rp.AgentGate(repoops.DisplayPath(view.path)), disk: onDisk(r.ctx, rp, view.path), ok: true}
	})
}

// close stops following and removes the scratch copies; it waits for a
// step in flight (whose context it cancels first).
func (r *replayRun) close() {
	r.cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.closed = true
	r.reset()
}

// closeCmd runs close off the update loop.
func (r *replayRun) closeCmd() tea.Cmd {
	return func() tea.Msg {
		r.close()
		return nil
	}
}
