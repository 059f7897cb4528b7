package replay

import "context"

// CountFindings replays the transcript as the report does (from the session's
// start state unless opts.Against says now; the working tree is never
// changed) and returns the driver's counts, the report's summary, printing
// nothing.
func CountFindings(ctx context.Context, opts RunOptions) (Counts, error) {
	t, err := TallyFindings(ctx, opts)
	return t.Counts, err
}

// Tally is what a list of sessions shows of one replayed session: the
// driver's counts and the root's checkout, as the report's summary and
// its `checkout` line say them.
type Tally struct {
	Counts   Counts
	Checkout Checkout
}

// TallyFindings is CountFindings with the checkout the run started on.
func TallyFindings(ctx context.Context, opts RunOptions) (Tally, error) {
	var s countSink
	sum, err := Run(ctx, opts, &s)
	return Tally{Counts: sum.Counts, Checkout: s.start.Checkout()}, err
}

// countSink takes a run and keeps only what it started on: the driver
// counts.
type countSink struct{ start StartInfo }

func (s *countSink) Begin(b RunStart) error { s.start = b.Start; return nil }
func (*countSink) Step(StepEvent) error     { return nil }
func (*countSink) End(Summary) error        { return nil }
func (*countSink) noConversation()          {}
