package tree

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/panetest"
)

// feedDriver runs commands on goroutines, as the program does, and feeds
// their messages to Update on the test's goroutine one at a time, so a
// test can look at the model while a listing is still running.
type feedDriver struct {
	t    testing.TB
	m    *Model
	msgs chan tea.Msg
}

func newFeedDriver(t testing.TB, m *Model) *feedDriver {
	return &feedDriver{t: t, m: m, msgs: make(chan tea.Msg, 64)}
}

func (d *feedDriver) do(cmd tea.Cmd) {
	if cmd != nil {
		go func() { d.msgs <- cmd() }()
	}
}

func (d *feedDriver) press(keys ...string) {
	for _, k := range keys {
		_, cmd := d.m.Update(panetest.Key(k))
		d.do(cmd)
	}
}

// until handles messages until cond holds.
func (d *feedDriver) until(what string, cond func() bool) {
	d.t.Helper()
	for !cond() {
		select {
		case msg := <-d.msgs:
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					d.do(c)
				}
				continue
			}
			if msg != nil {
				_, cmd := d.m.Update(msg)
				d.do(cmd)
			}
		case <-time.After(30 * time.Second): // a hang guard, not a timing check
			d.t.Fatalf("never came: %s", what)
		}
	}
}

// streamedPaths is a file set in two parts, with matches for q in both.
func streamedPaths() (first, rest []string) {
	all := panetest.MonorepoPaths(600)
	return all[:300], all[300:]
}

func filterRowPaths(rows []*node) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.path
	}
	return out
}

// TestTreeFilterWhileListing: the tree filter matches the paths listed so
// far and says so, and settles on a pass over the whole list.
func TestTreeFilterWhileListing(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 120, 40)
	first, rest := streamedPaths()
	l := panetest.NewPacedListing(t, first, rest)
	m.common.Files.Each = l.Each
	d := newFeedDriver(t, m)
	const q = "token"
	d.press("/")
	for _, r := range q {
		d.press(string(r))
	}
	f := m.tree.filter
	if f == nil {
		t.Fatal("the filter did not open")
	}
	landed := func(n int, done bool) func() bool {
		return func() bool {
			return f.ix != nil && f.at.N == n && f.at.Done == done && !f.building && !f.matching && f.forQuery == q
		}
	}
	d.until("rows over the first part", landed(len(first), false))
	part, _, _ := filterPass(buildFilterIndex(first, nil), q, func() bool { return false })
	if got, want := filterRowPaths(f.rows), filterRowPaths(part); !slices.Equal(got, want) || len(want) == 0 {
		t.Fatalf("while listing: %v, want %v", got, want)
	}
	if s := f.footer(m.common.Files); !strings.Contains(s, "listing… 300 files so far") {
		t.Fatalf("footer while listing: %q", s)
	}
	l.Open()
	d.until("rows over the whole set", landed(len(first)+len(rest), true))
	whole, n, _ := filterPass(buildFilterIndex(append(slices.Clone(first), rest...), nil), q, func() bool { return false })
	if got, want := filterRowPaths(f.rows), filterRowPaths(whole); !slices.Equal(got, want) || f.matches != n {
		t.Fatalf("after listing: %v, want %v", got, want)
	}
	if len(whole) <= len(part) {
		t.Fatalf("the second part holds no match for %q: the test shows nothing", q)
	}
	if s := f.footer(m.common.Files); strings.Contains(s, "listing…") {
		t.Fatalf("footer after the listing: %q", s)
	}
}
