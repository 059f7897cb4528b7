package grep

import (
	"context"
	"sort"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// grepFeed carries a running search's findings from its goroutines to the
// update loop: the search appends, the loop takes what piled up.
type grepFeed struct {
	mu    sync.Mutex
	files []repoops.GrepFileHits
	prog  repoops.GrepProgress
	done  bool
	res   *repoops.GrepResult
	err   error
	wake  chan struct{}
}

func (f *grepFeed) poke() {
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// searchBatchMsg is what a running search found since the last batch.
type searchBatchMsg struct {
	feed  *grepFeed
	files []repoops.GrepFileHits
	prog  repoops.GrepProgress
	done  bool
	res   *repoops.GrepResult
	err   error
}

// searchBatchEvery is how often a running search hands over what it found
// after its first batch (the first goes out at once).
const searchBatchEvery = 40 * time.Millisecond

// start runs the request: a new generation, the old results cleared.
func (p *Pane) start() tea.Cmd {
	p.stop()
	p.gen++
	p.running, p.cancelled = true, false
	p.ran = p.args()
	p.files, p.byPath, p.totalLines = nil, map[string]*searchFile{}, 0
	p.prog, p.res, p.err, p.seen = repoops.GrepProgress{}, nil, "", nil
	p.rows, p.Cursor, p.Top = nil, 0, 0
	p.AgentView = pane.AgentState{On: p.AgentView.On, Loading: true, Tool: repoops.ToolGrep, Call: repoops.CallText(repoops.ToolGrep, p.ran)}
	ctx, cancel := context.WithCancel(p.C.Ctx)
	p.cancel, p.ctx = cancel, ctx
	feed := &grepFeed{wake: make(chan struct{}, 1)}
	s, args := p.C.Session, p.ran
	st := &repoops.GrepStream{
		OnFile: func(h repoops.GrepFileHits) {
			feed.mu.Lock()
			feed.files = append(feed.files, h)
			feed.mu.Unlock()
			feed.poke()
		},
		OnProgress: func(pr repoops.GrepProgress) {
			feed.mu.Lock()
			if pr.Done >= feed.prog.Done {
				feed.prog = pr
			}
			feed.mu.Unlock()
		},
	}
	run := func() {
		res, err := s.GrepStream(ctx, args, st)
		feed.mu.Lock()
		feed.done, feed.res, feed.err = true, res, err
		feed.mu.Unlock()
		feed.poke()
	}
	return p.wait(ctx, feed, run)
}

// wait takes the next batch. The first command starts the search (run)
// and answers at its first match (or the end); every later one answers
// after searchBatchEvery with what piled up, or at once when the search
// ends, so a fast search does not flood the loop and the progress moves.
func (p *Pane) wait(ctx context.Context, feed *grepFeed, run func()) tea.Cmd {
	return pane.Envelop(pane.Search, pane.JobMatch, p.gen, func() tea.Msg {
		deadline := time.NewTimer(searchBatchEvery)
		defer deadline.Stop()
		if run != nil {
			go run()
		}
	wait:
		for {
			select {
			case <-feed.wake:
				if run != nil || feed.finished() {
					break wait
				}
			case <-deadline.C:
				break wait
			case <-ctx.Done():
				return nil
			}
		}
		feed.mu.Lock()
		defer feed.mu.Unlock()
		m := searchBatchMsg{feed: feed, files: feed.files, prog: feed.prog, done: feed.done, res: feed.res, err: feed.err}
		feed.files = nil
		return m
	})
}

func (f *grepFeed) finished() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.done
}

func (p *Pane) onBatch(msg searchBatchMsg) tea.Cmd {
	keep := p.rowKey()
	for _, h := range msg.files {
		f := &searchFile{path: h.Path, shown: repoops.DisplayPath(h.Path), count: h.Count, lines: h.Lines}
		i := sort.Search(len(p.files), func(i int) bool { return repoops.PathLess(h.Path, p.files[i].path) })
		p.files = append(p.files, nil)
		copy(p.files[i+1:], p.files[i:])
		p.files[i] = f
		p.byPath[f.shown] = f
		p.totalLines += h.Count
	}
	p.prog = msg.prog
	if msg.done {
		p.running = false
		p.cancel = nil
		if msg.err != nil {
			p.err = msg.err.Error()
			p.AgentView.Apply(repoops.Result{IsError: true, Text: p.err})
		} else {
			p.res = msg.res
			p.AgentView.Apply(repoops.Result{Text: msg.res.Render(), Structured: msg.res})
			p.seen = map[string]map[int]bool{}
			for _, f := range msg.res.Files {
				ls := map[int]bool{}
				for _, l := range f.Lines {
					ls[l.Line] = true
				}
				p.seen[f.Path] = ls
			}
		}
	}
	p.rebuild(keep)
	if msg.done {
		return nil
	}
	return p.wait(p.ctx, msg.feed, nil)
}

// rowKey names the cursor's row, to find it again after a rebuild.
func (p *Pane) rowKey() [2]any {
	if r, ok := p.selected(); ok {
		return [2]any{r.file, r.line}
	}
	return [2]any{}
}

// rebuild flattens the files into rows, keeping the cursor on its row.
// The rule goes after the last line the model is shown.
func (p *Pane) rebuild(keep [2]any) {
	p.rows = p.rows[:0]
	lastSeen := -1
	for _, f := range p.files {
		p.rows = append(p.rows, searchRow{file: f, line: -1})
		for i := range f.lines {
			p.rows = append(p.rows, searchRow{file: f, line: i})
			if p.seen != nil && p.seen[f.shown][f.lines[i].Line] {
				lastSeen = len(p.rows) - 1
			}
		}
	}
	if p.res != nil && p.res.ShownLines < p.res.TotalLines && lastSeen >= 0 {
		p.rows = append(p.rows[:lastSeen+1], append([]searchRow{{rule: true}}, p.rows[lastSeen+1:]...)...)
	}
	if keep != ([2]any{}) {
		for i, r := range p.rows {
			if !r.rule && [2]any{r.file, r.line} == keep {
				p.Cursor = i
				break
			}
		}
	}
	p.clamp()
}
