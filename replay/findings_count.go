package replay

import (
	"context"
	"io"
	"maps"
)

// FindingCounts is what a session list shows of a session's replay: its
// calls, and its findings and notes by kind.
type FindingCounts struct {
	Calls    int
	Findings map[FlagKind]int // findings (not notes), by kind
	Notes    int
}

// Total is the number of findings, notes apart.
func (f FindingCounts) Total() int {
	n := 0
	for _, k := range f.Findings {
		n += k
	}
	return n
}

// CountFindings replays the transcript as Report does (from the session's
// start state unless opts.Against says now; the working tree is never
// changed) and counts what the report would list, printing nothing.
// opts.JSON and opts.Thinking do not apply.
func CountFindings(ctx context.Context, opts ReportOptions) (FindingCounts, error) {
	against := AgainstStart
	if opts.Against != "" {
		var err error
		if against, err = ParseAgainst(string(opts.Against)); err != nil {
			return FindingCounts{}, err
		}
	}
	f, err := OpenTranscript(opts.Transcript)
	if err != nil {
		return FindingCounts{}, err
	}
	defer f.Close()
	w := &reportWriter{w: io.Discard, file: opts.Transcript}
	run, err := runReportWith(ctx, f, reportOptions{path: opts.Transcript, root: opts.Root, session: opts.Session, against: against, limits: opts.Limits}, w)
	if err != nil {
		return FindingCounts{}, err
	}
	return FindingCounts{Calls: run.tally.calls, Findings: maps.Clone(run.tally.flags), Notes: run.tally.nnotes}, nil
}
