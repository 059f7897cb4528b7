package blame

import (
	"bytes"
	"context"
	"encoding/json"
	"path"
	"path/filepath"
	"strings"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// sessionEnd is one session's end state of the file: its lines (keyed as
// lineKeys keys them) and, for each, the call that last wrote it (nil:
// not written by the session).
type sessionEnd struct {
	keys   []string
	origin []*Call
}

// replaySession replays one session against its start state and returns
// its end state of the file at rel (relative to root); nil when the
// session did not change it.
func replaySession(ctx context.Context, s discover.SessionInfo, root, rel string, limits repoops.CopyOptions) (*sessionEnd, error) {
	sink := &fileSink{info: s, path: rel, root: root}
	opts := replay.RunOptions{Transcript: s.Path, Root: root, Against: replay.AgainstStart, Limits: limits}
	if s.Agent == transcript.AgentRepox {
		opts.Session = s.ID
	}
	if _, err := replay.Run(ctx, opts, sink); err != nil {
		return nil, err
	}
	if !sink.wrote {
		return nil, nil
	}
	return &sessionEnd{keys: sink.keys, origin: sink.origin}, nil
}

// fileSink follows one file through a session's replay: after each step
// that changed a file, the file as the step left it is diffed with the
// file before it, and the lines the diff says were written take the call.
type fileSink struct {
	info    discover.SessionInfo
	path    string // relative to root, /-separated
	root    string
	started bool
	known   bool     // keys holds the file before the next step
	raw     []byte   // the file as the last step left it
	keys    []string // its lines, keyed
	origin  []*Call  // who wrote each
	wrote   bool     // some call of the session wrote a line of it
}

func (s *fileSink) Begin(replay.RunStart) error { return nil }
func (s *fileSink) Step(replay.StepEvent) error { return nil }
func (s *fileSink) End(replay.Summary) error    { return nil }

func (s *fileSink) StepState(e replay.StepEvent, st replay.StepState) error {
	if !s.started {
		s.started = true
		if content, _, ok := st.Start(s.path); ok {
			s.known = true
			s.raw = []byte(content)
			s.keys = lineKeys(s.raw)
			s.origin = make([]*Call, len(s.keys))
		}
	}
	applied, touched := false, false
	for _, o := range e.Step.Now {
		if o.Applied || o.AlreadyApplied != "" { // found on disk: still the call's change
			applied = true
			touched = touched || samePath(argPath(o.Args), s.path, s.root)
		}
	}
	if !applied || !s.known && !touched {
		// an unknown start learns nothing from the stand-in the copy holds
		return nil
	}
	b, ok := st.File(s.path)
	if !ok {
		b = nil // not in the copy: gone (or never there)
	}
	if s.known && bytes.Equal(b, s.raw) {
		return nil // the step changed another file, or wrote the same text
	}
	c := s.call(e.Step, st)
	keys := lineKeys(b)
	var origin []*Call
	if s.known {
		origin = carry(s.keys, s.origin, keys, c)
	} else {
		// the start could not be rebuilt: only the region the step says
		// its edit produced is the call's
		origin = make([]*Call, len(keys))
		if samePath(e.Step.Path, s.path, s.root) {
			for _, r := range e.Step.Lines {
				for n := max(r.From, 1); n <= r.To && n <= len(keys); n++ {
					origin[n-1] = c
				}
			}
		}
		s.known = true
	}
	var own []replay.LineRange
	for i, o := range origin {
		if o == c {
			s.wrote = true
			c.Wrote++
			own = replay.AddRange(own, replay.LineRange{From: i + 1, To: i + 1})
		}
	}
	c.Seen, c.SeenLines = without(c.Seen, own)
	s.raw, s.keys, s.origin = b, keys, origin
	return nil
}

// call is the Call a step's written lines are attributed to.
func (s *fileSink) call(step replay.Step, st replay.StepState) *Call {
	c := &Call{Agent: s.info.Agent, Session: s.info.ID, Transcript: s.info.Path, Seq: step.Call.Seq,
		Time: step.Call.Time, Tool: step.Call.AgentTool}
	if c.Time.IsZero() {
		c.Time = s.info.Started
	}
	if fs, ok := st.Seen(s.path); ok {
		c.Seen = fs.Read
		for _, e := range fs.Edited {
			c.Seen = replay.AddRange(c.Seen, e)
		}
		c.Written = fs.Written
	}
	if b, ok := st.File(s.path); ok {
		c.FileLines = repoops.CountLines(b)
	}
	for _, f := range step.Flags {
		if carried[f.Kind] && (f.Path == "" || samePath(f.Path, s.path, s.root)) {
			dup := false
			for _, k := range c.Flags {
				dup = dup || k == f.Kind
			}
			if !dup {
				c.Flags = append(c.Flags, f.Kind)
			}
		}
	}
	return c
}

// argPath is the path a repox call's arguments name.
func argPath(args json.RawMessage) string {
	var a struct {
		Path string `json:"path"`
	}
	json.Unmarshal(args, &a)
	return a.Path
}

// samePath: p (as a call named it: relative to root, or absolute) is rel.
func samePath(p, rel, root string) bool {
	if p == "" {
		return false
	}
	if filepath.IsAbs(p) {
		r, err := filepath.Rel(root, p)
		if err != nil {
			return false
		}
		p = r
	}
	p = path.Clean(filepath.ToSlash(p))
	return p == rel || strings.TrimPrefix(p, "./") == rel
}

// without is rs less the lines in cut, and how many lines that leaves.
func without(rs, cut []replay.LineRange) ([]replay.LineRange, int) {
	var out []replay.LineRange
	n := 0
	for _, r := range rs {
		for l := r.From; l <= r.To; l++ {
			in := false
			for _, c := range cut {
				in = in || l >= c.From && l <= c.To
			}
			if !in {
				out = replay.AddRange(out, replay.LineRange{From: l, To: l})
				n++
			}
		}
	}
	return out, n
}
