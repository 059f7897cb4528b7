package sessions

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// onBranch is a finished copy of the Claude Code session at path with
// every line recording git branch, written at dest.
func onBranch(t *testing.T, path, branch, dest string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatal(err)
		}
		v["gitBranch"] = branch
		j, _ := json.Marshal(v)
		out.Write(append(j, '\n'))
	}
	return writeAt(t, dest, out.String())
}

// checkoutModel is the pane on the fixture (branch main; README.md
// changed since the agent read it) with the agents' folders at home
// holding one finished Claude Code session recorded on feature/x.
func checkoutModel(t *testing.T, w, h int) (*Model, string) {
	t.Helper()
	if !repotest.HaveGit() {
		t.Skip("needs git: the root's branch")
	}
	m := sessionsModel(t, w, h, "", "")
	home := t.TempDir()
	env := panetest.FakeEnv(home)
	dir := m.Repo.Dir()
	proj := filepath.Join(env().Home, ".claude", "projects", strings.NewReplacer("/", "-", ".", "-", "_", "-").Replace(dir))
	path := onBranch(t, panetest.ClaudeThenNow(t, dir), "feature/x", filepath.Join(proj, "cc-1.jsonl"))
	m.sessions = New(m.common, env)
	return m, path
}

// fitsWidth: every line of frame is at most w cells, and none wraps (the
// pane is exactly its height).
func fitsWidth(t *testing.T, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d:\n%s", len(lines), h, frame)
	}
	for _, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("a line of %d cells in a pane %d wide: %q", n, w, l)
		}
	}
}

// The root looks like another checkout (another branch; README.md does
// not start as the agent was shown it): the calls view's header says so
// on a line of its own, in the report's words, and the list's row says
// it short; both cut at the pane's width, never wrapped.
func TestSessionsShowTheCheckout(t *testing.T) {
	for _, width := range []int{80, 120, 400} {
		t.Run(strings.Repeat("w", width/40), func(t *testing.T) {
			m, _ := checkoutModel(t, width, 30)
			_, cmd := m.Update(panetest.Key("c"))
			p := m.sessions
			drive(t, m, cmd, func() bool { return !p.loading && p.tallying == "" && len(p.tallies) > 0 })
			w, h := m.size()
			list := ansi.Strip(m.Render())
			fitsWidth(t, list, w, h)
			if !strings.Contains(list, " other checkout? · session cc-1 (no prompt recorded)") {
				t.Errorf("the row's first line does not start with the checkout:\n%s", list)
			}
			row := "3 calls · done · 1 finding (1 changed-since-read) · checkout: branch feature/x recorded, root on main; 1 of 2 files read differ (README.md)"
			if !containsCut(list, row) || (width == 400 && !strings.Contains(list, row)) {
				t.Errorf("the row does not say the checkout (%q):\n%s", row, list)
			}

			_, cmd = m.Update(panetest.Key("enter"))
			drive(t, m, cmd, func() bool {
				return p.run != nil && p.stats.Lines > 0 && !p.stepping && p.next == len(p.calls) && p.start != nil
			})
			frame := ansi.Strip(m.Render())
			fitsWidth(t, frame, w, h)
			head := strings.Split(frame, "\n")[1]
			want := " checkout: the transcript records branch feature/x, the root is on main; 1 of the 2 files the agent read do not start as it was shown them (README.md) — the root may be another checkout than the session's: pass it with --root DIR"
			if !strings.HasPrefix(want, strings.TrimRight(strings.TrimSuffix(strings.TrimRight(head, " "), "…"), " ")) || !strings.HasPrefix(head, " checkout: the transcript records branch feature/x") {
				t.Errorf("the header's second line is %q, want the start of %q:\n%s", head, want, frame)
			}
			if width == 400 && !strings.Contains(head, want[1:]) {
				t.Errorf("at 400 columns the checkout is not whole: %q", head)
			}
			if width == 80 && !strings.Contains(head, "…") {
				t.Errorf("at 80 columns the checkout is not cut with an ellipsis: %q", head)
			}
		})
	}
}

// containsCut: frame holds s, or a start of it cut with an ellipsis at
// the end of a line.
func containsCut(frame, s string) bool {
	for _, l := range strings.Split(frame, "\n") {
		l = strings.TrimRight(l, " ")
		if strings.Contains(l, s) {
			return true
		}
		if cut, ok := strings.CutSuffix(l, "…"); ok {
			for i := len(s); i > 8; i-- {
				if strings.HasSuffix(cut, s[:i]) {
					return true
				}
			}
		}
	}
	return false
}

// A session recorded on the root's branch whose reads start as shown has
// no checkout line.
func TestSessionsNoCheckoutLineOnTheSessionsOwn(t *testing.T) {
	if !repotest.HaveGit() {
		t.Skip("needs git: the root's branch")
	}
	m := sessionsModel(t, 120, 30, "", "")
	writeFiles(t, m.Repo.Dir(), map[string]string{"README.md": "# fixture\n\nA small repository for repox tests.\n"})
	m.cfg.Transcript = onBranch(t, panetest.ClaudeThenNow(t, m.Repo.Dir()), "main", filepath.Join(t.TempDir(), "cc.jsonl"))
	p := m.sessions
	drive(t, m, m.Init(), func() bool {
		return p.run != nil && p.stats.Lines > 0 && !p.stepping && p.next == len(p.calls) && p.start != nil
	})
	if frame := ansi.Strip(m.Render()); strings.Contains(frame, "checkout") {
		t.Errorf("a checkout line for the session's own checkout:\n%s", frame)
	}
}
