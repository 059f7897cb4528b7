package model

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// At 80x24 the sessions pane still says what each call is about: a row
// keeps the file's name when a long path does not fit (its middle is
// cut, not its end), a finding wraps between words, and a call with no
// repox equivalent shows the agent's side alone, across the pane, not
// beside an empty half.
func TestSessionsPaneAt80x24(t *testing.T) {
	const long = "cmd/entire/cli/strategy/manual_commit_hooks.go"
	m := sessionsModel(t, 80, 24, "", "")
	writeFiles(t, m.Repo.Dir(), map[string]string{long: "package strategy\n\nfunc Hooks() {}\n"})
	m.cfg.Transcript = panetest.ClaudeSession(t, m.Repo.Dir(), "cc-9", "09:30",
		panetest.ClaudeCall{ID: "t1", Tool: "Read", Input: map[string]any{"file_path": m.Repo.Dir() + "/" + long, "offset": 1, "limit": 2000},
			Result: "     1→package strategy\n     2→\n     3→func OldHooks() {}\n"},
		panetest.ClaudeCall{ID: "t2", Tool: "Bash", Input: map[string]any{"command": "go vet ./cmd/..."}, Result: "vet: ok\n"},
	)
	drive(t, m, m.Init(), settled(m, 2))
	pane := func() []string {
		var out []string
		for _, l := range strings.Split(ansi.Strip(m.Render()), "\n")[:22] {
			out = append(out, strings.TrimRight(ansi.Cut(l, m.treeWidth()+1, 80), " "))
		}
		return out
	}

	// #2 (the Bash call) is selected, as the newest.
	rows := pane()
	if !strings.Contains(rows[1], "manual_commit_hooks.go") {
		t.Errorf("the Read's row does not show its file's name: %q", rows[1])
	}
	for _, r := range rows {
		if strings.HasPrefix(r, "then:") && (strings.Contains(r, "│") || strings.Contains(r, "now:")) {
			t.Errorf("a call with no repox equivalent is split into then and now: %q", r)
		}
	}

	press(m, "k") // #1, the Read, whose file changed since
	drive(t, m, nil, settled(m, 2))
	rows = pane()
	var findings []string
	for _, r := range rows {
		if strings.HasPrefix(r, "! ") || (len(findings) > 0 && strings.HasPrefix(r, "  ")) {
			findings = append(findings, strings.TrimSpace(r))
		}
	}
	if len(findings) == 0 {
		t.Fatalf("no finding on the Read:\n%s", strings.Join(rows, "\n"))
	}
	if joined := strings.Join(findings, " "); !strings.Contains(joined, long) {
		t.Errorf("the finding cuts a word (the path) across lines:\n%s", strings.Join(findings, "\n"))
	}
}
