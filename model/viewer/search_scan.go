package viewer

import (
	"context"
	"errors"
	"sort"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// scanStepLines is about how many lines one scan step reads (whole
// windows of windowLimit lines) before it reports: progress shows, and a
// cancelled scan stops within one step.
const scanStepLines = 10 * windowLimit

// scanHold, when set (tests), is waited on before each step after the
// first; a cancelled context ends the wait.
var scanHold chan struct{}

// searchScan is the scan of the whole file for one query: which lines
// match, in line order, up to line scanned.
type searchScan struct {
	gen     int
	query   string
	ctx     context.Context // the scan's own: every step reads with it
	cancel  func()
	running bool
	stopped bool   // stopped before the end: esc, or the file changed
	why     string // why it stopped
	scanned int    // lines 1..scanned are searched
	total   int    // lines in the file, as the scan's reads count them
	hits    []searchHit
	cum     []int // cum[i]: matches in hits[:i]
	count   int   // matches found
}

// stop cancels the scan's read in flight.
func (sc *searchScan) stop() {
	if sc.cancel != nil {
		sc.cancel()
		sc.cancel = nil
	}
	sc.running = false
}

// scanMsg is one step of a scan: lines from..upTo searched.
type scanMsg struct {
	query       string
	from, upTo  int
	total       int
	hits        []searchHit
	done        bool
	err         error
	changedFile bool
}

// startScan starts scanning the open file for q from line 1.
func (v *Pane) startScan(q string) tea.Cmd {
	sc := &v.search.scan
	sc.stop()
	gen := sc.gen + 1
	*sc = searchScan{gen: gen, query: q, total: max(v.total, 0)}
	if v.path == "" || v.refusal != "" || v.empty != "" {
		return nil
	}
	ctx, cancel := context.WithCancel(v.c.Ctx)
	sc.running, sc.ctx, sc.cancel = true, ctx, cancel
	return scanStep(ctx, v.reader(), v.path, gen, q, 1, 0)
}

// stopScan stops a running scan (esc), keeping what it found.
func (v *Pane) stopScan(why string) {
	sc := &v.search.scan
	sc.stop()
	sc.gen++ // its batch on the way is stale
	sc.stopped, sc.why = true, why
	v.search.want = 0
}

// scanStep reads windows from line from, through the look session (so
// searching records no read), and reports the lines that match q. total
// is the line count earlier steps saw (0 for the first): a different one
// means the file changed under the scan.
func scanStep(ctx context.Context, s pane.FileReader, path string, gen int, q string, from, total int) tea.Cmd {
	return pane.Envelop(pane.Viewer, pane.JobScan, gen, func() tea.Msg {
		msg := scanMsg{query: q, from: from, upTo: from - 1, total: total}
		if from > 1 && scanHold != nil {
			select {
			case <-scanHold:
			case <-ctx.Done():
				msg.err = ctx.Err()
				return msg
			}
		}
		for read := 0; read < scanStepLines; {
			off, lim := msg.upTo+1, windowLimit
			res, err := s.ReadFile(ctx, repoops.ReadArgs{Path: repoops.DisplayPath(path), Offset: &off, Limit: &lim})
			if err != nil {
				msg.err = err
				return msg
			}
			if msg.total != 0 && res.TotalLines != msg.total {
				msg.changedFile = true
				return msg
			}
			msg.total = res.TotalLines
			for _, l := range res.Lines {
				if n := len(matchesIn(ui.DisplayText(l.Text), q)); n > 0 {
					msg.hits = append(msg.hits, searchHit{line: l.N, n: n})
				}
			}
			msg.upTo += len(res.Lines)
			read += len(res.Lines)
			if len(res.Lines) == 0 || msg.upTo >= res.TotalLines {
				msg.done = true
				return msg
			}
		}
		return msg
	})
}

// onScan takes a step of the current scan: its matches are added, the
// next step starts, and a move waiting for it is made.
func (v *Pane) onScan(msg scanMsg) tea.Cmd {
	s := &v.search
	sc := &s.scan
	if msg.query != sc.query || !sc.running {
		return nil
	}
	switch {
	case msg.err != nil && errors.Is(msg.err, context.Canceled):
		return nil
	case msg.err != nil:
		sc.stop()
		sc.stopped, sc.why = true, msg.err.Error()
		if msg.upTo == 0 && sc.count == 0 {
			sc.stopped = false
			s.status = "search: " + msg.err.Error()
		}
		s.want = 0
		return nil
	case msg.changedFile:
		sc.stop()
		sc.stopped, sc.why = true, "the file changed while it was searched"
		s.want = 0
		return nil
	}
	for _, h := range msg.hits {
		sc.cum = append(sc.cum, sc.count)
		sc.hits = append(sc.hits, h)
		sc.count += h.n
	}
	sc.scanned, sc.total = msg.upTo, msg.total
	var next tea.Cmd
	if msg.done {
		sc.stop() // releases its context
	} else {
		next = scanStep(sc.ctx, v.reader(), v.path, sc.gen, sc.query, msg.upTo+1, msg.total)
	}
	return tea.Batch(next, v.resolveWant())
}

// next is the first matching line after from (d=1) or before it (d=-1),
// wrapping at the ends. known is false while the scan has not covered the
// lines that decide it.
func (sc *searchScan) next(from, d int) (line int, wrapped, known bool) {
	if d > 0 {
		i := sort.Search(len(sc.hits), func(i int) bool { return sc.hits[i].line > from })
		if i < len(sc.hits) {
			return sc.hits[i].line, false, true
		}
		if sc.running {
			return 0, false, false
		}
		if len(sc.hits) > 0 {
			return sc.hits[0].line, true, true
		}
		return 0, false, true
	}
	if sc.running && sc.scanned < from-1 {
		return 0, false, false
	}
	i := sort.Search(len(sc.hits), func(i int) bool { return sc.hits[i].line >= from }) - 1
	if i >= 0 {
		return sc.hits[i].line, false, true
	}
	if sc.running {
		return 0, false, false
	}
	if len(sc.hits) > 0 {
		return sc.hits[len(sc.hits)-1].line, true, true
	}
	return 0, false, true
}

// hit is the scan's record of line.
func (sc *searchScan) hit(line int) (searchHit, bool) {
	i := sort.Search(len(sc.hits), func(i int) bool { return sc.hits[i].line >= line })
	if i < len(sc.hits) && sc.hits[i].line == line {
		return sc.hits[i], true
	}
	return searchHit{}, false
}

// ordinal is the 1-based number of match index on line among all the
// scan found (0 when the scan has not found that line).
func (sc *searchScan) ordinal(line, index int) int {
	i := sort.Search(len(sc.hits), func(i int) bool { return sc.hits[i].line >= line })
	if i < len(sc.hits) && sc.hits[i].line == line {
		return sc.cum[i] + min(index, sc.hits[i].n-1) + 1
	}
	return 0
}
