package replay

import "context"

// CountFindings replays the transcript as the report does (from the session's
// start state unless opts.Against says now; the working tree is never
// changed) and returns the driver's counts, the report's summary, printing
// nothing.
func CountFindings(ctx context.Context, opts RunOptions) (Counts, error) {
	sum, err := Run(ctx, opts, countSink{})
	return sum.Counts, err
}

// countSink takes a run and keeps nothing: the driver counts.
type countSink struct{}

func (countSink) Begin(RunStart) error { return nil }
func (countSink) Step(StepEvent) error { return nil }
func (countSink) End(Summary) error    { return nil }
