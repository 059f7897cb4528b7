package find

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// Tests run every command to its end at once: no pause before repo_find.
func init() { ToolDelay = 0 }

// fixtureRepo is a small repository of seven listed files (and two the
// ignore rules hide), the shape the root's fixture has.
func fixtureRepo(t testing.TB) string {
	t.Helper()
	files := map[string]string{
		".gitignore":          "*.log\nvendor/\n",
		"README.md":           "# fixture\n",
		"app.log":             "ignored\n",
		"vendor/dep/dep.go":   "package dep\n",
		"src/main.go":         "package main\n\nfunc main() {}\n",
		"src/util/strings.go": "package util\n\nconst Needle = \"needle\"\n",
		"docs/long.txt":       repotest.Numbered(1400, "line"),
		"deep/a/b/c/leaf.txt": "far down\n",
		"data.bin":            "\x00\x01\x02binary",
	}
	if repotest.HaveGit() {
		return repotest.GitRepo(t, files)
	}
	return repotest.PlainDir(t, files)
}

// harness is find over a repository of its own, opened the way the root
// opens it, with a driver that delivers envelopes as the root's deliver
// does: find's when their generation is current, the file set's batches
// to the set (then find syncs, as Model.filesChanged has it).
type harness struct {
	t      testing.TB
	c      *pane.Common
	p      *Pane
	copied string       // the last Copy: text|label
	opened []string     // the GoTo calls: path
	other  []tea.Msg    // messages for no one here
	msgs   chan tea.Msg // for the feeder: commands' answers
}

func newHarness(t testing.TB, dir string, w, h int) *harness {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	ctx := context.Background()
	hs := &harness{t: t}
	hs.c = &pane.Common{Ctx: ctx, Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true), Files: pane.NewFileSet(ctx, repo)}
	hs.c.GoTo = func(path string, _ int, _ string) tea.Cmd { hs.opened = append(hs.opened, path); return nil }
	hs.c.Copy = func(text, label string) tea.Cmd { hs.copied = text + "|" + label; return nil }
	hs.p = New(hs.c)
	hs.p.SetSize(w, h)
	return hs
}

// open is f: the root's openFind.
func (h *harness) open() tea.Cmd { return tea.Batch(h.c.Files.Want(), h.p.Open()) }

// deliver is the root's deliver for what find and the file set get.
func (h *harness) deliver(msg tea.Msg) tea.Cmd {
	env, ok := msg.(pane.Msg)
	switch {
	case !ok:
		h.other = append(h.other, msg)
		return nil
	case env.To == pane.Files:
		fm, ok := env.Msg.(pane.FeedMsg)
		if env.Gen != h.c.Files.Gen || !ok {
			return nil
		}
		return tea.Batch(h.c.Files.OnBatch(fm.Batch, fm.Feed), h.p.Sync())
	case env.To != pane.Find || env.Gen != h.p.Generation(env.Job):
		return nil
	}
	return h.p.Update(env.Msg)
}

// run runs cmd and every command its answers lead to, in order, on this
// goroutine.
func (h *harness) run(cmd tea.Cmd) { panetest.Run(cmd, h.deliver, nil) }

func (h *harness) press(keys ...string) {
	for _, k := range keys {
		h.run(h.p.Update(panetest.Key(k)))
	}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.press(string(r))
	}
}

// hitPaths are the paths of the last fuzzy pass, best first.
func hitPaths(p *Pane) []string {
	var out []string
	for i := range p.res.ranked() {
		h := p.res.hit(i)
		out = append(out, p.ix.shown(h.idx))
	}
	return out
}

// repoNewSessionCall is what a fresh session's call answers, the text an
// agent would get.
func repoNewSessionCall(t testing.TB, dir, tool, args string) string {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	return repo.NewSession().Call(context.Background(), tool, []byte(args)).Text
}

// The feeder runs commands on goroutines, as the program does, and hands
// their answers to deliver on the test's goroutine one at a time, so a
// test can look at find while a listing is still running.
func (h *harness) do(cmd tea.Cmd) {
	if h.msgs == nil {
		h.msgs = make(chan tea.Msg, 64)
	}
	if cmd != nil {
		go func() { h.msgs <- cmd() }()
	}
}

func (h *harness) feedPress(keys ...string) {
	for _, k := range keys {
		h.do(h.p.Update(panetest.Key(k)))
	}
}

// until handles answers until cond holds.
func (h *harness) until(what string, cond func() bool) {
	h.t.Helper()
	for !cond() {
		select {
		case msg := <-h.msgs:
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					h.do(c)
				}
				continue
			}
			if msg != nil {
				h.do(h.deliver(msg))
			}
		case <-time.After(30 * time.Second): // a hang guard, not a timing check
			h.t.Fatalf("never came: %s", what)
		}
	}
}

// envelopes runs cmd (a batch's parts too) and keeps the envelopes for
// to's job j, undelivered.
func envelopes(cmd tea.Cmd, to pane.ID, j pane.Job) []pane.Msg {
	var out []pane.Msg
	for queue := []tea.Cmd{cmd}; len(queue) > 0; {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case pane.Msg:
			if msg.To == to && msg.Job == j {
				out = append(out, msg)
			}
		}
	}
	return out
}
