package replay

import (
	"fmt"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Edits after a compaction (issue 39 item 8). When a session's context is
// compacted, the results of the calls before it are gone from what the
// model sees: only a summary is left. An edit whose changed lines the
// agent had seen only before the latest compaction was made from memory
// of a text no longer in its context. When the file still holds what the
// agent last saw there, the edit matched it: a note. When the lines
// changed since that sight, the agent edited from a memory that was both
// gone and out of date: a finding. What the agent wrote itself, or read
// again, after the compaction counts as seen then.

// FlagEditAfterCompaction: an edit changed lines the agent had seen only
// before its context was compacted.
const FlagEditAfterCompaction FlagKind = "edit-after-compaction"

// compactionState is what the replay knows of a session's compactions.
type compactionState struct {
	count int // the Compactions of the latest call replayed
	// forgot: the calls up to this Seq had their results compacted away
	// (0: none yet); at: the first call after the latest compaction
	forgot, at int
}

// see takes a call's count of compactions: a count higher than the last
// call's means the context was compacted between them.
func (cs *compactionState) see(c transcript.Call) {
	if c.Compactions <= cs.count {
		return
	}
	cs.count = c.Compactions
	cs.forgot = max(cs.forgot, c.Seq-1-c.KeptCalls)
	cs.at = c.Seq
}

// forgotten splits the lines of old (numbered as in before, the file's
// lines before the change) that the agent last saw only before the
// latest compaction into those the file still holds as it saw them and
// those that changed since; last is the latest call that showed one.
func (r *Replayer) forgotten(path string, old LineRange, before []string) (same, changed []LineRange, last int) {
	if r.compaction.forgot == 0 {
		return nil, nil, 0
	}
	ss := r.horizon.sights[path]
	for n := old.From; n <= old.To; n++ {
		seq, sum := lastSeen(ss, n)
		if seq == 0 || seq > r.compaction.forgot {
			continue // never seen (edit-unread's), or seen since
		}
		last = max(last, seq)
		if sum != 0 && n-1 < len(before) && lineSum(before[n-1]) != sum {
			changed = AddRange(changed, LineRange{n, n})
		} else {
			same = AddRange(same, LineRange{n, n})
		}
	}
	return same, changed, last
}

// noteForgotten adds to st what forgotten found for a change of old in
// path, merged into the step's one flag of this kind for path (a patch's
// hunks, an edit's occurrences): a finding once any line changed.
func (r *Replayer) noteForgotten(c transcript.Call, st *Step, path string, old LineRange, before []string) {
	same, changed, last := r.forgotten(path, old, before)
	if len(same)+len(changed) == 0 {
		return
	}
	var f *Flag
	for i := range st.Flags {
		if st.Flags[i].Kind == FlagEditAfterCompaction && st.Flags[i].Path == path {
			f = &st.Flags[i]
		}
	}
	if f == nil {
		st.Flags = append(st.Flags, Flag{Kind: FlagEditAfterCompaction, Path: path, Severity: SeverityNote})
		f = &st.Flags[len(st.Flags)-1]
	}
	for _, rg := range append(same, changed...) {
		f.Lines = AddRange(f.Lines, rg)
	}
	f.lastSeen = max(f.lastSeen, last)
	for _, rg := range changed {
		f.changed = AddRange(f.changed, rg)
		f.Severity = SeverityFinding
	}
	f.Text = forgottenText(c, path, f.Lines, f.changed, f.lastSeen, r.compaction.at)
}

// forgottenText words an edit-after-compaction flag.
func forgottenText(c transcript.Call, path string, lines, changed []LineRange, last, at int) string {
	s := fmt.Sprintf("the agent's %s changed %s %s of %s, which it had last seen at #%d, before its context was compacted (before #%d)",
		repoops.QuoteName(c.AgentTool), lineWord(lines), Ranges(lines), repoops.DisplayPath(path), last, at)
	if len(changed) == 0 {
		return s + "; the file still held what it had seen, so it edited from a memory no longer in its context, which was still right"
	}
	return s + fmt.Sprintf("; %s %s changed since: it edited from a memory that was gone and out of date", lineWord(changed), Ranges(changed))
}

// splitLines is a file's lines, as lineSum compares them.
func splitLines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
