package replay

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A session is replayed from its start state. Against the commit after
// the session, the agent's own edits would turn its earlier reads into
// changed-since-read and its Edits into already-applied, and hide the
// finding that mattered (an edit repox refuses). So before the first call,
// each file the session changed is rebuilt as it was when the session
// started, from the transcript alone: the whole file before the first
// change when the result recorded it (Claude Code's originalFile; a Write
// that created it: absent), else the root's file with the session's
// changes reversed, last first (a structured patch's hunks, an Edit's
// new_string back to old_string, a Codex patch's hunks). A change that is
// not in the file is taken as not made yet, so a checkout from before the
// session gives the same start. The same transcript then gives the same
// findings from the pre- or post-session checkout.

// Against names what a replay re-runs the calls against.
type Against string

// AgainstHelp is --against's help text.
const AgainstHelp = "with --report: what the recorded calls are re-run against: start (the session's start state: each file the session changed rebuilt from the transcript, so the findings do not depend on the checkout) or now (the tree as it is: did the agent's view still hold?)"

const (
	AgainstStart Against = "start" // the session's start state, rebuilt (default)
	AgainstNow   Against = "now"   // the tree as it is
)

// change is one call's change of one file. The plan holds every change a
// session made, so it keeps no more of one than a reversal needs: a
// Write's content as its hash (writes), and of a change after one that
// recorded the file before it (settled), only its seq and tool. Keeping
// the arguments made 152 MB of Writes cost 1.66 GB (issue 43 item 6).
type change struct {
	seq   int
	tool  string                // the agent's tool
	calls []transcript.ToolCall // the mapped changes of this file in the call (a repo_write's Args dropped)
	// writes: for each of calls, the SHA-256 of a repo_write's content
	// (nil: not a repo_write, or its arguments did not parse)
	writes []*[sha256.Size]byte
	prior  *transcript.PriorFile
}

// startPlan is what a first pass over a session keeps to rebuild its
// start: each changed file's changes, and of the agent's first read of
// each file before it changed it, hashes of one window (shownRead).
type startPlan struct {
	changes   map[string][]change
	firstRead map[string]*shownRead // rerun_start_shown.go
	// settled: the paths a change recorded the start of (startOf stops
	// there, so later changes keep only seq and tool)
	settled map[string]bool
	// lastCall: the time of the session's last call (a repox log's
	// session's last record)
	lastCall time.Time
}

func newStartPlan() *startPlan {
	return &startPlan{changes: map[string][]change{}, firstRead: map[string]*shownRead{}, settled: map[string]bool{}}
}

// keep adds tc to ch as a reversal needs it: a repo_write as the hash of
// its content.
func (ch *change) keep(tc transcript.ToolCall) {
	var sum *[sha256.Size]byte
	if tc.Tool == repoops.ToolWrite {
		var a repoops.WriteArgs
		if json.Unmarshal(tc.Args, &a) == nil {
			h := sha256.Sum256([]byte(a.Content))
			sum = &h
		}
		tc.Args = nil
	}
	ch.calls = append(ch.calls, tc)
	ch.writes = append(ch.writes, sum)
}

// Add takes what it needs of one call.
func (p *startPlan) add(c transcript.Call) {
	if c.IsError || c.NoResult {
		return // a change that failed, or whose end is unknown, changed nothing known
	}
	if s := c.Saw; s != nil && len(s.Lines) > 0 && s.Path != "" && !strings.HasPrefix(s.Path, "/") {
		if _, changed := p.changes[s.Path]; !changed {
			if _, ok := p.firstRead[s.Path]; !ok {
				p.firstRead[s.Path] = newShownRead(s.Lines)
			}
		}
	}
	byPath := map[string]int{} // the call's change of a path, by index in that path's list
	for _, tc := range c.Repox {
		if !isChange(tc.Tool) {
			continue
		}
		path := argPath(tc.Args)
		if path == "" || strings.HasPrefix(path, "/") {
			continue
		}
		if i, ok := byPath[path]; ok {
			if chs := p.changes[path]; chs[i].calls != nil {
				chs[i].keep(tc)
			}
			continue
		}
		ch := change{seq: c.Seq, tool: c.AgentTool}
		byPath[path] = len(p.changes[path])
		if p.settled[path] {
			p.changes[path] = append(p.changes[path], ch) // never reversed: seq and tool are all
			continue
		}
		ch.keep(tc)
		switch {
		case c.Saw != nil && c.Saw.Prior != nil && c.Saw.Path == path:
			ch.prior = c.Saw.Prior
		case c.Agent == transcript.AgentCodex && tc.Tool == repoops.ToolWrite:
			ch.prior = &transcript.PriorFile{Created: true} // a patch's Add File
		}
		if pr := ch.prior; pr != nil && (pr.Content != nil || pr.Created) {
			p.settled[path] = true
		}
		p.changes[path] = append(p.changes[path], ch)
	}
}

// startHow says how a file's start was found.
type startHow int

const (
	startAsIs     startHow = iota // none of the session's changes is in the file: the root is at the start
	startRecorded                 // the transcript recorded the file before the session's first change
	startReversed                 // the session's changes were reversed in the root's file
	startUnknown                  // a change could not be reversed: the root's file stands in
)

// reverseResult is what reversing one change in a file did.
type reverseResult int

const (
	revApplied  reverseResult = iota // undone
	revNotThere                      // not in the file: taken as not made yet
	revCannot                        // cannot be undone from what the transcript says
)

// startOf rebuilds path as it was at the session's start from the root's
// file (cur; exists false: there is none).
func (p *startPlan) startOf(path, cur string, exists bool) (string, bool, startHow) {
	chain := p.changes[path]
	state, absent, how := cur, !exists, startAsIs
	end := len(chain)
	for i, ch := range chain {
		if pr := ch.prior; pr != nil && (pr.Content != nil || pr.Created) {
			state, absent, how, end = "", pr.Created, startRecorded, i
			if pr.Content != nil {
				state = *pr.Content
			}
			break
		}
	}
	for i := end - 1; i >= 0; i-- {
		switch res, s, abs := reverse(chain[i], state, absent); res {
		case revApplied:
			state, absent = s, abs
			if how == startAsIs {
				how = startReversed
			}
		case revCannot:
			return cur, !exists, startUnknown
		}
	}
	return state, absent, how
}

// reverse undoes one change in state.
func reverse(ch change, state string, absent bool) (reverseResult, string, bool) {
	if ch.prior != nil && ch.prior.Created {
		if absent {
			return revNotThere, state, absent
		}
		return revApplied, "", true
	}
	if absent {
		return revNotThere, state, absent
	}
	if ch.prior != nil && len(ch.prior.Hunks) > 0 {
		pairs := make([][2]string, len(ch.prior.Hunks))
		for i, h := range ch.prior.Hunks {
			var old, nw []string
			for _, l := range h.Lines {
				if l == "" {
					continue
				}
				switch l[0] {
				case ' ':
					old, nw = append(old, l[1:]), append(nw, l[1:])
				case '-':
					old = append(old, l[1:])
				case '+':
					nw = append(nw, l[1:])
				}
			}
			pairs[i] = [2]string{strings.Join(old, "\n"), strings.Join(nw, "\n")}
		}
		return reversePairs(pairs, false, state)
	}
	res := revNotThere
	for i := len(ch.calls) - 1; i >= 0; i-- {
		tc := ch.calls[i]
		var r reverseResult
		switch tc.Tool {
		case repoops.ToolEdit:
			var a transcript.EditArgs
			if json.Unmarshal(tc.Args, &a) != nil {
				return revCannot, state, absent
			}
			r, state, _ = reversePairs([][2]string{{a.OldString, a.NewString}}, tc.All, state)
			if r == revNotThere && tc.Tolerant {
				r, state = reverseTolerant(a.OldString, a.NewString, state)
			}
		case repoops.ToolWrite:
			if sum := ch.writes[i]; sum == nil || *sum == sha256.Sum256([]byte(state)) {
				return revCannot, state, absent // written, and what was there before is not recorded
			}
			r = revNotThere
		case repoops.ToolInsert:
			var a repoops.InsertArgs
			if json.Unmarshal(tc.Args, &a) != nil || a.AfterLine == nil {
				return revCannot, state, absent
			}
			lines, ins := transcript.SplitLines(state), transcript.SplitLines(a.Content)
			at := *a.AfterLine
			if at < 0 || at+len(ins) > len(lines) || len(ins) == 0 || !equalLines(lines[at:at+len(ins)], ins) {
				r = revNotThere
				break
			}
			state = strings.Join(append(append([]string(nil), lines[:at]...), lines[at+len(ins):]...), "\n")
			if len(lines) > len(ins) {
				state += "\n"
			}
			r = revApplied
		}
		if r == revCannot {
			return revCannot, state, absent
		}
		if r == revApplied {
			res = revApplied
		}
	}
	return res, state, absent
}

// reversePairs turns each pair's new text back into its old, last first.
func reversePairs(pairs [][2]string, all bool, state string) (reverseResult, string, bool) {
	found, missing := 0, 0
	for i := len(pairs) - 1; i >= 0; i-- {
		old, nw := pairs[i][0], pairs[i][1]
		switch {
		case nw == "" && old == "":
			continue
		case nw == "":
			return revCannot, state, false // a pure deletion leaves nothing to find
		case !strings.Contains(state, nw):
			missing++
			continue
		}
		n := 1
		if all {
			n = -1
		}
		state = strings.Replace(state, nw, old, n)
		found++
	}
	switch {
	case found == 0:
		return revNotThere, state, false
	case missing > 0:
		return revCannot, state, false // half there: neither before nor after
	}
	return revApplied, state, false
}

// ParseAgainst is --against's value as an Against.
func ParseAgainst(s string) (Against, error) {
	switch Against(s) {
	case AgainstStart:
		return AgainstStart, nil
	case AgainstNow:
		return AgainstNow, nil
	}
	return "", fmt.Errorf("--against takes start (the session's start state, rebuilt from the transcript) or now (the tree as it is), got %s", repoops.QuoteName(s))
}
