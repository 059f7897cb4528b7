package discover

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// readSummary reads a transcript through once, keeping no result text.
func readSummary(ctx context.Context, r io.Reader, each func(transcript.Call)) (transcript.Stats, error) {
	return readSummaryOf(ctx, r, "", each)
}

// readSummaryOf is readSummary of the transcript at path, its subagents'
// calls merged ("": none).
func readSummaryOf(ctx context.Context, r io.Reader, path string, each func(transcript.Call)) (transcript.Stats, error) {
	rd := transcript.NewSummaryReader(transcript.ContextReader(ctx, r))
	if path != "" {
		rd.WithSubagents(path)
	}
	for {
		c, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return rd.Stats(), nil
		}
		if err != nil {
			return rd.Stats(), err
		}
		if each != nil {
			each(c)
		}
	}
}

// inspect reads a transcript through once for its summary. Liveness comes
// from its records' times (transcript.Live), never from the mtime or the
// last line.
func inspect(ctx context.Context, agent transcript.Agent, path string, now time.Time) (SessionInfo, error) {
	f, info, err := transcript.OpenSession(path, false) // a file, or a session of many records assembled
	if err != nil {
		return SessionInfo{}, err
	}
	defer f.Close()
	var head transcript.HeadTap
	last := time.Time{} // a merged subagent's calls are not the transcript's records
	st, err := readSummaryOf(ctx, io.TeeReader(f, &head), path, func(c transcript.Call) {
		if c.Time.After(last) {
			last = c.Time
		}
	})
	if err != nil {
		return SessionInfo{}, err
	}
	if st.Format != "" && st.Format != agent {
		agent = st.Format
	}
	si := SessionInfo{Agent: agent, Path: path, ID: st.SessionID, Cwd: st.Cwd, Started: st.Started,
		Modified: info.ModTime(), Calls: st.Calls, FileCalls: st.FileCalls, Skipped: st.Skipped,
		Title: transcript.SessionTitle(agent, head.Buf)}
	if st.Ended.After(last) {
		last = st.Ended // the last record's time, a call's or not
	}
	if !st.Started.IsZero() && last.After(st.Started) {
		si.Ended = last
	}
	si.JudgeLive(now)
	return si, nil
}

// LiveRecordWithin: a session is live while its last record is this
// recent (an agent thinks, or waits for a tool, between records); the
// replay's wording of a call without a result uses the same rule.
const LiveRecordWithin = transcript.LiveRecordWithin

// LastRecord is the time of the session's latest record (a call, a
// message, any record of a known type; a repox log's session: its last
// call), zero when its records have no times.
func (s SessionInfo) LastRecord() time.Time {
	if !s.Ended.IsZero() {
		return s.Ended
	}
	return s.Started // one record time, or none
}

// JudgeLive sets Live and LiveWhy as of now, from the records alone
// (transcript.Live; issue 39 item 5): a transcript copied today whose last
// record is months old is modified now but not live, and one whose
// records have no times is live only to a face that sees it grow. A kept
// summary (the search index's) is judged again with it, as time passes.
func (s *SessionInfo) JudgeLive(now time.Time) {
	s.Live, s.LiveWhy = transcript.Live(now, s.LastRecord(), time.Time{})
}

// inspectRepoxLog lists the sessions of one repox call log, in the order
// they first appear. A session is live when its last call is recent.
func inspectRepoxLog(ctx context.Context, path string, now time.Time) ([]SessionInfo, error) {
	f, info, err := transcript.OpenRegular(path, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	byID := map[string]*SessionInfo{}
	var order []string
	last := map[string]time.Time{}
	st, err := readSummary(ctx, f, func(c transcript.Call) {
		si, ok := byID[c.Session]
		if !ok {
			si = &SessionInfo{Agent: transcript.AgentRepox, Path: path, ID: c.Session, Started: c.Time, Modified: info.ModTime()}
			byID[c.Session] = si
			order = append(order, c.Session)
		}
		si.Calls++
		if c.IsFileTool() {
			si.FileCalls++
		}
		last[c.Session] = c.Time
	})
	if err != nil {
		return nil, err
	}
	var out []SessionInfo
	for _, id := range order {
		si := *byID[id]
		if l := last[id]; !si.Started.IsZero() && l.After(si.Started) {
			si.Ended = l
		}
		si.JudgeLive(now)
		si.Skipped = st.Skipped
		out = append(out, si)
	}
	return out, nil
}
