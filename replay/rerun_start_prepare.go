package replay

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Prepare writes a session's start state into the scratch copy before its
// first call, and says what it did; a changed-since-read's cause is
// worded from what the first pass and the replay learned.

// StartInfo is what Prepare did, for the report's header.
type StartInfo struct {
	Against  Against `json:"against"`
	Changed  int     `json:"changed"`            // files the session changed
	AsIs     int     `json:"asIs,omitempty"`     // of those, in the root as at the start (none of the changes is in it)
	Recorded int     `json:"recorded,omitempty"` // rebuilt from the content the transcript recorded
	Reversed int     `json:"reversed,omitempty"` // rebuilt by reversing the session's changes
	Unknown  int     `json:"unknown,omitempty"`  // could not be rebuilt: the root's file stands in
	Written  int     `json:"written,omitempty"`  // written into the copy (the root's differed)
	Err      string  `json:"error,omitempty"`    // the copy could not be made: replayed as it is
	// Read files the agent read before changing them; ReadDiffer: of
	// those, the ones whose lines at the replay's start are not what the
	// agent was shown first.
	Read       int      `json:"read"`
	ReadDiffer []string `json:"readDiffer,omitempty"`
	// Branch is the one the transcript recorded; RootBranch the root's.
	Branch     string `json:"branch,omitempty"`
	RootBranch string `json:"rootBranch,omitempty"`
}

// Prepare readies the replay of a session whose first pass is p: against
// its start state (the copy made now, and each file the session changed
// written as it was at the start) or against the tree as it is. Call it
// before the first Step.
func (r *Replayer) Prepare(ctx context.Context, p *startPlan, against Against, branch string) StartInfo {
	info := StartInfo{Against: against, Branch: branch, RootBranch: r.real.Branch()}
	if p == nil {
		p = newStartPlan()
	}
	r.plan, r.against = p, against
	info.Changed = len(p.changes)
	if against == AgainstStart && len(p.changes) > 0 {
		first := 0
		for _, chs := range p.changes {
			if first == 0 || chs[0].seq < first {
				first = chs[0].seq
			}
		}
		if err := r.ensureCopy(ctx, first); err != nil {
			info.Err = err.Error()
		} else {
			r.writeStart(p, &info)
		}
	}
	paths := make([]string, 0, len(p.firstRead))
	for path := range p.firstRead {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	look := r.repo.NewSession()
	for _, path := range paths {
		info.Read++
		if !sameLines(ctx, look, path, p.firstRead[path]) {
			info.ReadDiffer = append(info.ReadDiffer, path)
		}
	}
	return info
}

// writeStart writes each changed file's start into the copy.
func (r *Replayer) writeStart(p *startPlan, info *StartInfo) {
	paths := make([]string, 0, len(p.changes))
	for path := range p.changes {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	r.unknownStart = map[string]bool{}
	r.starts = map[string]startFile{}
	for _, path := range paths {
		name := filepath.FromSlash(path)
		b, err := r.sroot.ReadFile(name)
		exists := err == nil
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			r.unknownStart[path] = true
			info.Unknown++
			continue
		}
		start, absent, how := p.startOf(path, string(b), exists)
		r.starts[path] = startFile{content: start, absent: absent, how: how}
		switch how {
		case startAsIs:
			info.AsIs++
		case startRecorded:
			info.Recorded++
		case startReversed:
			info.Reversed++
		case startUnknown:
			info.Unknown++
			r.unknownStart[path] = true
		}
		switch {
		case absent && exists:
			if r.sroot.Remove(name) == nil {
				info.Written++
			}
		case !absent && (!exists || start != string(b)):
			if why := r.budget.admit(!exists, int64(len(start)-len(b))); why != "" {
				r.unknownStart[path] = true // its start is not in the copy
				info.Unknown++
				continue
			}
			r.budget.took(!exists, int64(len(start)-len(b)))
			if dir := filepath.Dir(name); dir != "." {
				r.sroot.MkdirAll(dir, 0o755)
			}
			if r.sroot.WriteFile(name, []byte(start), 0o644) == nil {
				info.Written++
			}
		}
	}
}

// sameLines: path's lines at the replay's start are the lines shown.
// Lines past one read's window are not compared, unless they lie past the
// file's end.
func sameLines(ctx context.Context, s *repoops.Session, path string, shown *shownRead) bool {
	rec, _ := s.CallRecorded(ctx, repoops.ToolRead, transcript.RawJSON(map[string]any{"path": path, "offset": max(shown.from, 1), "limit": min(shown.to-shown.from+1, repoops.ReadMaxLimit)}))
	res, ok := rec.Structured.(*repoops.ReadResult)
	if rec.IsError || !ok || (shown.to >= shown.from+repoops.ReadMaxLimit && shown.to > res.TotalLines) {
		return false
	}
	now := make(map[int]repoops.ReadLine, len(res.Lines))
	for _, l := range res.Lines {
		now[l.N] = l
	}
	for _, l := range shown.lines {
		nl, ok := now[l.n]
		if !ok && l.n <= res.TotalLines {
			continue // past what the read returned: not compared
		}
		if !ok || (nl.CutChars == 0 && !l.matches(nl.Text)) {
			return false
		}
	}
	return true
}

// planSessions reads a transcript once, from its start, for the first pass
// of each of its sessions (one for a Claude Code or Codex file; one per
// session of a repox log), the Seq of each session's last call, and the
// reader's Stats at the end.
func planSessions(r io.ReadSeeker, path string) (map[string]*startPlan, map[string]int, transcript.Stats, error) {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, nil, transcript.Stats{}, err
	}
	plans, last := map[string]*startPlan{}, map[string]int{}
	rd := transcript.NewMergingReader(r, path)
	for {
		c, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return plans, last, rd.Stats(), nil
		}
		if err != nil {
			return nil, nil, transcript.Stats{}, err
		}
		p := plans[c.Session]
		if p == nil {
			p = newStartPlan()
			plans[c.Session] = p
		}
		p.add(c)
		p.lastCall = c.Time
		last[c.Session] = c.Seq
	}
}

func (r *Replayer) noteNotReplayed(path string, seq int) {
	if r.notReplayed == nil {
		r.notReplayed = map[string][]int{}
	}
	r.notReplayed[path] = append(r.notReplayed[path], seq)
}

// causedFlag says what caused a changed-since-read found at call seq: an
// agent's change the copy could not take, the agent's own later change
// (against the tree as it is), a start that could not be rebuilt, or
// something outside the session.
func (r *Replayer) causedFlag(f Flag, seq int) Flag {
	nr := r.notReplayed[f.Path]
	switch {
	case len(nr) > 0 && nr[len(nr)-1] < seq:
		f.CausedBy = nr[len(nr)-1]
		f.Text += "; cause: the agent's own call #" + strconv.Itoa(f.CausedBy) + ", which could not be replayed on the copy"
		// the agent read the file as its own change left it: the
		// difference is the copy's, which that call's finding already
		// says, not the agent's (a note, not a second finding)
		f.Severity = SeverityNote
		return f
	case r.against == AgainstNow && r.plan != nil:
		for _, ch := range r.plan.changes[f.Path] {
			if ch.seq >= seq {
				f.CausedBy = ch.seq
				f.Text += "; cause: the agent's own call #" + strconv.Itoa(ch.seq) + " (" + repoops.QuoteName(ch.tool) + "), later in this session — replayed against the tree as it is (--against now)"
				return f
			}
		}
	case r.unknownStart[f.Path]:
		f.Text += "; cause unknown: its start state could not be rebuilt from the transcript, so the root's file stood in for it"
		return f
	case r.plan == nil:
		return f
	}
	f.Outside = true
	if r.against == AgainstNow {
		f.Text += "; cause: outside the session (none of the agent's file tools changed it later)"
	} else {
		f.Text += "; cause: outside the session's file tools (the replay starts from the session's start state): another program, a shell command, or a root that is another checkout"
	}
	return f
}
