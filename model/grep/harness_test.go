package grep

import (
	"context"
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// grepFixture holds "needle" on two lines of two files, "Needle" on a
// third, as the root's fixture does.
func grepFixture(t testing.TB) string {
	t.Helper()
	files := map[string]string{
		".gitignore":          "*.log\n",
		"README.md":           "# fixture\n",
		"app.log":             "needle, ignored\n",
		"src/main.go":         "package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n",
		"src/util/strings.go": "package util\n\n// Needle is found by search.\nconst Needle = \"needle\"\n",
		"docs/long.txt":       repotest.Numbered(1400, "line"),
	}
	if repotest.HaveGit() {
		return repotest.GitRepo(t, files)
	}
	return repotest.PlainDir(t, files)
}

// harness is the search over a repository of its own, with a driver that
// delivers its envelopes as the root's deliver does: when their
// generation is current.
type harness struct {
	t      testing.TB
	c      *pane.Common
	p      *Pane
	copied string   // the last Copy: text|label
	opened []string // the GoTo calls: path:line:highlight
}

func newHarness(t testing.TB, dir string, w, h int) *harness {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	hs := &harness{t: t}
	hs.c = &pane.Common{Ctx: context.Background(), Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	hs.c.GoTo = func(path string, line int, hl string) tea.Cmd {
		hs.opened = append(hs.opened, path+":"+strconv.Itoa(line)+":"+hl)
		return nil
	}
	hs.c.Copy = func(text, label string) tea.Cmd { hs.copied = text + "|" + label; return nil }
	hs.p = New(hs.c)
	hs.p.SetSize(w, h)
	hs.run(hs.p.Open())
	return hs
}

// run runs cmd and every command its answers lead to.
func (h *harness) run(cmd tea.Cmd) {
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
			if msg.To == pane.Search && msg.Gen == h.p.Generation(msg.Job) {
				queue = append(queue, h.p.Update(msg.Msg))
			}
		}
	}
}

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

// esc is the root's esc with the search on top: the search may take it
// (cancelling a running search); else it closes (true).
func (h *harness) esc() (closed bool) {
	if h.p.Escape() {
		return false
	}
	h.run(h.p.Close())
	return true
}

// repoNewSessionCall is what a fresh session's call answers.
func repoNewSessionCall(t testing.TB, dir, tool, args string) string {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	return repo.NewSession().Call(context.Background(), tool, []byte(args)).Text
}
