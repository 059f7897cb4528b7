package discover

import (
	"context"
	"errors"
	"io"
	"os"
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
// from recent writes (the mtime), never from the last line.
func inspect(ctx context.Context, agent transcript.Agent, path string, now time.Time) (SessionInfo, error) {
	f, info, err := transcript.OpenRegular(path, false)
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
	si.Live, si.LiveWhy = liveness(now, info.ModTime(), last)
	return si, nil
}

// LiveRecordWithin: a session is live only while its last record is this
// recent too (an agent thinks, or waits for a tool, between records);
// the replay's wording of a call without a result uses the same bound.
const LiveRecordWithin = transcript.LiveRecordWithin

// liveness judges a transcript live from its file and its records (issue
// 39 item 5): written in the last LiveWithin, and its last record (when
// the format records times) no older than LiveRecordWithin. A transcript
// copied today whose last record is months old is modified now but not
// live, and is not followed as if it were.
func liveness(now, modified, lastRecord time.Time) (bool, string) {
	age := now.Sub(modified)
	if age >= LiveWithin || age <= -LiveWithin {
		return false, ""
	}
	if lastRecord.IsZero() {
		return true, "modified " + age.Round(time.Second).String() + " ago (its records have no times)"
	}
	rec := now.Sub(lastRecord)
	if rec > LiveRecordWithin {
		return false, ""
	}
	return true, "last record " + max(rec, 0).Round(time.Second).String() + " ago, modified " + age.Round(time.Second).String() + " ago"
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
		if age := now.Sub(last[id]); !last[id].IsZero() && age < LiveWithin && age > -LiveWithin {
			si.Live, si.LiveWhy = true, "last call "+age.Round(time.Second).String()+" ago"
		}
		si.Skipped = st.Skipped
		out = append(out, si)
	}
	return out, nil
}

// StillWritten says whether the transcript at path counts as a session
// still being written at now: modified within LiveWithin, the rule
// `repox sessions` marks a session live by.
func StillWritten(path string, now time.Time) bool {
	info, err := os.Stat(path)
	return err == nil && now.Sub(info.ModTime()) < LiveWithin
}
