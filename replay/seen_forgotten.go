package replay

// Which of the lines the agent knows are still in the model's context
// (issue 39 item 8, in the pane). After a compaction the results of the
// calls before it are gone from what the model sees; a line the agent
// last saw (read, or wrote) at one of those calls is marked, with the
// call the compaction came before, so a face can draw it apart: seen,
// but no longer in context. The lines come from the horizon's sights
// (seen_sight.go), which move with the agent's edits as FileSeen's
// ranges do; a face never works them out itself.

// compacted tells the horizon that the calls up to forgot had their
// results compacted away, the latest compaction coming before call at.
func (h *Horizon) compacted(forgot, at int) {
	h.forgot, h.compactedAt = forgot, at
}

// withForgotten is f with Forgotten and CompactedAt set: the lines of its
// Read and Edited last seen at a call up to the latest compaction.
func (h *Horizon) withForgotten(f FileSeen) FileSeen {
	f.Forgotten, f.CompactedAt = nil, 0
	if h.forgot == 0 {
		return f
	}
	known := f.Read
	for _, e := range f.Edited {
		known = AddRange(known, e)
	}
	for _, s := range h.sights[f.Path] {
		if s.seq > h.forgot {
			continue
		}
		for _, k := range known {
			if from, to := max(s.r.From, k.From), min(s.r.To, k.To); from <= to {
				f.Forgotten = AddRange(f.Forgotten, LineRange{from, to})
			}
		}
	}
	if len(f.Forgotten) > 0 {
		f.CompactedAt = h.compactedAt
	}
	return f
}
