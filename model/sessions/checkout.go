package sessions

import "github.com/repoxhq/repox/replay"

// The checkout in view: when the root the session is replayed against
// looks like another checkout than the session's (another branch, files
// the agent read that do not start as it was shown them), the calls
// view's header says so on a line of its own, and the list's row of the
// session says it short. Both are the core's words (replay.Checkout), the
// ones the report's `checkout` line prints.

// checkout is the chosen session's checkout, once its replay has started.
func (p *Pane) checkout() replay.Checkout {
	if p.chosen == nil || p.start == nil {
		return replay.Checkout{}
	}
	return p.start.Checkout()
}

// checkoutLine is the header's line ("": the root looks like the
// session's own checkout). It is cut at the pane's width, never wrapped.
func (p *Pane) checkoutLine() string {
	co := p.checkout()
	if !co.Odd() {
		return ""
	}
	return "checkout: " + co.Text() + " — " + replay.CheckoutAdvice
}

// checkoutLines is 1 while the header has a checkout line, else 0.
func (p *Pane) checkoutLines() int {
	if p.checkoutLine() != "" {
		return 1
	}
	return 0
}

// tallyCheckout is the list row's checkout ("" while not counted, or
// when the root looks like the session's own checkout).
func (p *Pane) tallyCheckout(key string) string {
	t, ok := p.tallies[key]
	if !ok || t.err != nil {
		return ""
	}
	return t.tally.Checkout.Short()
}
