package search

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
)

// Discovery reads every transcript through to summarise it (replay's
// DiscoverAll counts each session's calls), which at 1 GB of transcripts
// costs seconds: more than the search. So the index keeps, per folder
// searched, what discovery answered, and uses it again while
//
//   - every transcript it listed has the stamp it had (a changed one is
//     summarised again alone with discover.InspectTranscript; a changed
//     repox log, which holds many sessions, or one that is gone, sends
//     the folder back to discovery);
//   - no folder on the way to a listed transcript (up to watchDepth levels
//     above it, never the home folder or above) has changed: a new
//     transcript beside one listed, or in a new day's folder of Codex,
//     changes one of them;
//   - it is younger than discoveryMaxAge: the one case the folders do not
//     show, an agent's first session for the folder (its folder is not
//     watched yet), waits at most that long.
const (
	discoveryMaxAge = 10 * time.Minute
	watchDepth      = 4
)

// runDiscovery is discoverAll (tests count the runs).
var runDiscovery = discoverAll

// discovered is what the index keeps of one folder's discovery.
type discovered struct {
	At       int64                  `json:"at"` // unix ns
	Sessions []discover.SessionInfo `json:"sessions"`
	Passed   []string               `json:"passed,omitempty"`
	Stamps   map[string]stamp       `json:"stamps"`  // each listed transcript's
	Folders  map[string]int64       `json:"folders"` // each watched folder's mtime, ns
}

// MarshalJSON and UnmarshalJSON let a stamp travel in the cache's JSON.
func (s stamp) MarshalJSON() ([]byte, error) { return json.Marshal([2]int64{s.size, s.mtime}) }

func (s *stamp) UnmarshalJSON(b []byte) error {
	var v [2]int64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	s.size, s.mtime = v[0], v[1]
	return nil
}

// discoverCached is discover through the index's copy (see above).
func (ix *index) discoverCached(ctx context.Context, dir string, env discover.Env, errOut io.Writer) ([]discover.SessionInfo, error) {
	abs, err := folderOf(dir)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	if d, ok := ix.loadDiscovered(ctx, abs); ok {
		if list, ok := d.reuse(ctx, now); ok {
			for _, p := range d.Passed {
				fmt.Fprintf(errOut, "repox sessions: %s\n", p)
			}
			return list, nil
		}
	}
	d := discovered{At: now.UnixNano(), Stamps: map[string]stamp{}, Folders: map[string]int64{}}
	d.Sessions, d.Passed, err = runDiscovery(ctx, abs, env)
	if err != nil {
		return nil, err
	}
	for _, p := range d.Passed {
		fmt.Fprintf(errOut, "repox sessions: %s\n", p)
	}
	for _, s := range d.Sessions {
		if st, ok := stampOf(s.Path, now); ok {
			d.Stamps[s.Path] = st
		}
		for i, f := 0, filepath.Dir(s.Path); i < watchDepth && f != env.Home && f != filepath.Dir(f); i, f = i+1, filepath.Dir(f) {
			if m, ok := folderStamp(f, now); ok {
				d.Folders[f] = m
			}
		}
	}
	ix.saveDiscovered(ctx, abs, d) // a cache: not kept is only slower next time
	return d.Sessions, nil
}

// reuse is the kept list brought up to date, or false when discovery must
// run again.
func (d *discovered) reuse(ctx context.Context, now time.Time) ([]discover.SessionInfo, bool) {
	if age := now.Sub(time.Unix(0, d.At)); age < 0 || age > discoveryMaxAge {
		return nil, false
	}
	for f, m := range d.Folders {
		if cur, ok := folderStamp(f, now); !ok || cur != m {
			return nil, false
		}
	}
	out := make([]discover.SessionInfo, 0, len(d.Sessions))
	for _, s := range d.Sessions {
		if cur, ok := stampOf(s.Path, now); ok && cur == d.Stamps[s.Path] && cur.mtime != -1 {
			s.JudgeLive(now) // kept up to 10 minutes: live then may be done now
			out = append(out, s)
			continue
		}
		if s.Agent == transcript.AgentRepox {
			return nil, false // a log of many sessions: listed by discovery
		}
		fresh, err := discover.InspectTranscript(ctx, s.Path)
		if err != nil {
			return nil, false
		}
		out = append(out, fresh)
	}
	discover.SortNewestFirst(out)
	return out, true
}

// folderStamp is a folder's mtime (ns); -1 when it changed within
// racyMargin (not to be trusted: it is looked at again next time).
func folderStamp(f string, now time.Time) (int64, bool) {
	st, err := os.Lstat(f)
	if err != nil || !st.IsDir() {
		return 0, false
	}
	if now.Sub(st.ModTime()) < racyMargin {
		return -1, true
	}
	return st.ModTime().UnixNano(), true
}

func (ix *index) loadDiscovered(ctx context.Context, dir string) (discovered, bool) {
	var raw []byte
	var d discovered
	if err := ix.db.QueryRowContext(ctx, "SELECT data FROM discovered WHERE dir = ?", dir).Scan(&raw); err != nil {
		return d, false
	}
	if json.Unmarshal(raw, &d) != nil || d.Stamps == nil {
		return d, false
	}
	for _, m := range d.Folders {
		if m == -1 {
			return d, false
		}
	}
	return d, true
}

func (ix *index) saveDiscovered(ctx context.Context, dir string, d discovered) {
	raw, err := json.Marshal(d)
	if err != nil {
		return
	}
	ix.db.ExecContext(ctx, "INSERT INTO discovered(dir, data) VALUES(?, ?) ON CONFLICT(dir) DO UPDATE SET data = excluded.data", dir, raw)
}
