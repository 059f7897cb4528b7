package replay

import (
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A long session searches the same way again and again (one 40 MB session
// ran the same Grep 1,400 times), and each repo_grep walks and reads every
// file: in a report, that walk was over half the time. A report replays a
// finished transcript against a tree nothing else changes while it runs, so
// a search made again, with no change replayed in between, has the answer
// it had: the memo gives it without walking again.
//
// It is off for a live follow (the agent and the person change the tree
// under it), and it forgets everything at any step that is not made only of
// reading calls: a change replayed (applied, forced or dry-run), a command
// repox does not re-run (a shell command may have written), a new copy (the
// memo is kept per session, and the copy has a session of its own).

//
// It holds at most memoMaxBytes of answers, whatever the transcript's
// length: 2.1 MB of distinct searches kept 430 MB of answers alive
// (issue 43 item 6). Two generations stand in for an LRU: answers go to
// the young one; when it holds half the bound, it becomes the old one and
// the old one is dropped; an answer found in the old one moves back.

// memoMaxBytes bounds the answers the memo holds (about: memoCost).
const memoMaxBytes = 16 << 20

// searchMemo holds the answers of the reading tools whose answer depends on
// the tree alone (not on the gate), for one session of the replay.
type searchMemo struct {
	on        bool
	sess      *repoops.Session
	recs, old map[string]repoops.CallRecord
	bytes     int // what recs holds, by memoCost
}

// memoCost is about what an answer holds: its key, its text, and its
// structured result, which repeats the text's paths and lines with the
// headers of its slices and strings (measured: about twice the text).
func memoCost(key string, rec repoops.CallRecord) int {
	return len(key) + 3*len(rec.Text) + 256
}

// memoTool: the tools whose answer is a function of the tree and the
// arguments. repo_read_file is not one (it grants the gate), nor repo_git
// (it runs on the repository, not the copy).
func memoTool(tool string) bool {
	return tool == repoops.ToolGrep || tool == repoops.ToolFind || tool == repoops.ToolTree
}

// onlyReads says every call a step re-runs only reads; a step with none
// (a shell command repox does not re-run) may have changed anything.
func onlyReads(c transcript.Call) bool {
	if len(c.Repox) == 0 {
		return false
	}
	for _, tc := range c.Repox {
		if !readOnly(tc.Tool) || isChange(tc.Tool) {
			return false
		}
	}
	return true
}

// forget drops every answer.
func (m *searchMemo) forget() { m.recs, m.old, m.bytes = nil, nil, 0 }

// call answers tool with args in sess: from the memo when it holds the
// answer, else by running it (and keeping the answer).
func (m *searchMemo) call(r *Replayer, tool string, args []byte, run func() repoops.CallRecord) repoops.CallRecord {
	if !m.on || !memoTool(tool) {
		return run()
	}
	if m.sess != r.sess {
		m.forget()
		m.sess = r.sess
	}
	key := tool + "\x00" + string(args)
	if rec, ok := m.recs[key]; ok {
		return rec
	}
	rec, ok := m.old[key]
	if ok {
		delete(m.old, key)
	} else {
		rec = run()
	}
	m.keep(key, rec)
	return rec
}

// keep puts an answer in the young generation, turning it old when full.
func (m *searchMemo) keep(key string, rec repoops.CallRecord) {
	cost := memoCost(key, rec)
	if cost > memoMaxBytes/2 {
		return // more than a generation holds: not kept
	}
	if m.bytes+cost > memoMaxBytes/2 {
		m.old, m.recs, m.bytes = m.recs, nil, 0
	}
	if m.recs == nil {
		m.recs = map[string]repoops.CallRecord{}
	}
	m.recs[key] = rec
	m.bytes += cost
}
