package transcript

import (
	"bytes"
	"encoding/json"
)

// Compactions (issue 39 item 8): when a session's context is compacted,
// the results of the calls before it are gone from what the model sees,
// replaced by a summary. The replay needs to know, call by call, which
// earlier calls' results were still in context, so every reader counts
// the compactions it meets whether or not it decodes the conversation
// (the sessions list's count reads none), and each call carries the
// count at the moment it was made (Call.Compactions).
//
// What each agent records: Claude Code a system record of subtype
// compact_boundary (the summary follows as a user record); Codex a
// "compacted" record and an event_msg "context_compacted" (one
// compaction may write both: a count that moves twice between two calls
// is the same as once); Qwen Code a system chat_compression; GitHub
// Copilot CLI session.compaction_* events; Factory Droid a
// compaction_state; Pi a compaction entry that keeps the entries from
// firstKeptEntryId on (Call.KeptCalls). Pi's branches (/tree) and
// Aider's new runs also leave context behind, but not as a compaction of
// the same context: they are not counted.

// compacted records that the context was compacted here, keeping the
// results of the kept calls made just before it (Pi; 0 for the others).
func (s *stream) compacted(kept int) {
	s.compactions++
	s.keptCalls = max(kept, 0)
}

// compactBoundary is the bytes a Claude Code compaction line holds.
var compactBoundary = []byte(`"compact_boundary"`)

// claudeCompaction reports whether a Claude Code line is a compaction of
// the session's own context: a system compact_boundary record, not a
// subagent's (isSidechain). Only lines holding the subtype are decoded.
func claudeCompaction(b []byte) bool {
	if !bytes.Contains(b, compactBoundary) {
		return false
	}
	var l struct {
		Type        string `json:"type"`
		Subtype     string `json:"subtype"`
		IsSidechain bool   `json:"isSidechain"`
	}
	json.Unmarshal(b, &l) // a field of another shape stays empty
	return l.Type == "system" && l.Subtype == "compact_boundary" && !l.IsSidechain
}
