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

// searchMemo holds the answers of the reading tools whose answer depends on
// the tree alone (not on the gate), for one session of the replay.
type searchMemo struct {
	on   bool
	sess *repoops.Session
	recs map[string]repoops.CallRecord
}

// memoTool: the tools whose answer is a function of the tree and the
// arguments. repo_read_file is not one (it grants the gate), nor repo_git
// (it runs on the repository, not the copy).
func memoTool(tool string) bool {
	return tool == "repo_grep" || tool == "repo_find" || tool == "repo_tree"
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
func (m *searchMemo) forget() { m.recs = nil }

// call answers tool with args in sess: from the memo when it holds the
// answer, else by running it (and keeping the answer).
func (m *searchMemo) call(r *Replayer, tool string, args []byte, run func() repoops.CallRecord) repoops.CallRecord {
	if !m.on || !memoTool(tool) {
		return run()
	}
	if m.sess != r.sess {
		m.sess, m.recs = r.sess, nil
	}
	key := tool + "\x00" + string(args)
	if rec, ok := m.recs[key]; ok {
		return rec
	}
	rec := run()
	if m.recs == nil {
		m.recs = map[string]repoops.CallRecord{}
	}
	m.recs[key] = rec
	return rec
}
