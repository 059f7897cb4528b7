package preview

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

const dupGo = "package dup\n\nvar a = 1\nvar x = 2\nvar b = 3\nvar x = 2\n"

// now is a tick that fires at once, so a debounced plan runs in run().
func now(_ time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return f(time.Time{}) }
}

// harness is an edit preview over a repository of its own, opened the way
// the root opens it (New, Prefill, Start) on lines first..last of a file,
// with a driver that delivers the preview's envelopes as the root's
// deliver does: when their generation is current.
type harness struct {
	t      testing.TB
	dir    string
	c      *pane.Common
	p      *Pane
	after  []bool    // the after calls: wrote
	other  []tea.Msg // messages for the root (AppliedMsg)
	frozen bool      // the debounce never fires
}

// newHarness writes files into a fresh repository and opens the preview on
// lines first..last of path.
func newHarness(t testing.TB, files map[string]string, path string, first, last int) *harness {
	t.Helper()
	var dir string
	if repotest.HaveGit() {
		dir = repotest.GitRepo(t, files)
	} else {
		dir = repotest.PlainDir(t, files)
	}
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	ctx := context.Background()
	h := &harness{t: t, dir: dir}
	h.c = &pane.Common{Ctx: ctx, Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	lines := strings.Split(files[path], "\n")
	from := "line " + repoops.Commas(first)
	if first != last {
		from = "lines " + repoops.Commas(first) + "-" + repoops.Commas(last)
	}
	tick := func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		if h.frozen {
			return nil
		}
		return now(d, f)
	}
	h.p = New(h.c, path, from, tick, func(wrote bool) tea.Cmd { h.after = append(h.after, wrote); return nil })
	h.p.Prefill(strings.Join(lines[first-1:last], "\n"), last, 0, 0)
	h.p.SetSize(100, 28)
	h.run(h.p.Start())
	return h
}

// deliver is the root's deliver for what the preview gets.
func (h *harness) deliver(msg tea.Msg) tea.Cmd {
	env, ok := msg.(pane.Msg)
	switch {
	case !ok:
		h.other = append(h.other, msg)
		return nil
	case env.To != pane.Preview || env.Gen != h.p.Generation(env.Job):
		return nil
	}
	return h.p.Update(env.Msg)
}

// run runs cmd and every command its answers lead to, in order.
func (h *harness) run(cmd tea.Cmd) { panetest.Run(cmd, h.deliver, nil) }

// press sends keys to the preview and runs what they lead to.
func (h *harness) press(keys ...string) {
	for _, k := range keys {
		h.run(h.p.Update(panetest.Key(k)))
	}
}

// frame is the preview drawn, styles gone, rows joined, so a wrapped
// sentence can be looked for.
func (h *harness) frame() string {
	var b strings.Builder
	for _, row := range strings.Split(ansi.Strip(h.p.View(100, 28, true)), "\n") {
		b.WriteString(strings.TrimRight(row, " ") + " ")
	}
	return b.String()
}

func (h *harness) path(name string) string { return filepath.Join(h.dir, name) }

func fileIs(t *testing.T, path, want string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s holds\n%q\nwant\n%q", filepath.Base(path), b, want)
	}
}
