package viewer

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
)

func footer(m *Model) string { return m.viewer.search.footer() }

// The prompt searches as it is typed: the cursor goes to the first match
// from where the prompt opened, with the count; backspace widens it; esc
// puts the cursor back and drops the query.
func TestSearchIsIncrementalWithACount(t *testing.T) {
	m := viewerOn(t, nil, "docs/long.txt", 80, 24)
	press(m, "/", "l", "i", "n", "e", " ", "9", "0", "0")
	if m.viewer.cursor != 900 || !strings.Contains(footer(m), "1/1") {
		t.Fatalf("typing line 900: cursor %d, footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "backspace") // "line 90": 90 and 900-909
	if m.viewer.cursor != 90 || !strings.Contains(footer(m), "1/11") {
		t.Fatalf("line 90: cursor %d, footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "esc")
	if m.viewer.cursor != 1 || m.viewer.search.query != "" || m.common.Overlays.Top() != nil {
		t.Fatalf("esc: cursor %d query %q", m.viewer.cursor, m.viewer.search.query)
	}
	press(m, "/", "l", "i", "n", "e", " ", "9", "0", "enter")
	press(m, "3", "n") // 90 -> 900, 901, 902
	if m.viewer.cursor != 902 || !strings.Contains(footer(m), "4/11") {
		t.Fatalf("3n: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "N")
	if m.viewer.cursor != 901 || !strings.Contains(footer(m), "3/11") {
		t.Fatalf("N: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "G", "n") // past the last match: wraps to the first
	if m.viewer.cursor != 90 || !strings.Contains(footer(m), "wrapped") {
		t.Fatalf("n at the end: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
}

// Smart case: a query without capitals matches any case, one with a
// capital only itself.
func TestSearchSmartCase(t *testing.T) {
	m := viewerOn(t, nil, "src/util/strings.go", 80, 24)
	press(m, "/", "n", "e", "e", "d", "l", "e", "enter")
	if !strings.Contains(footer(m), "1/3") || m.viewer.cursor != 3 {
		t.Fatalf("needle: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "/", "N", "e", "e", "d", "l", "e", "enter")
	if !strings.Contains(footer(m), "1/2") {
		t.Fatalf("Needle: footer %q", footer(m))
	}
}

// The scan runs to the end of a file far bigger than what the viewer
// holds, through the look session (no read is recorded), and says how
// many lines it searched when nothing matches.
func TestSearchRunsToTheEndOfAHugeFile(t *testing.T) {
	m := viewerOn(t, map[string]string{"docs/huge.txt": numbered(120_000)}, "docs/huge.txt", 80, 24)
	press(m, "/", "z", "z", "z", "enter")
	if got := footer(m); got != "no match for zzz in 120,000 lines" {
		t.Fatalf("no match: %q", got)
	}
	press(m, "/")
	for _, r := range "line 11999" {
		press(m, string(r))
	}
	press(m, "enter") // 11999 and 119990-119999
	if m.viewer.cursor != 11999 || !strings.Contains(footer(m), "1/11 · n next") {
		t.Fatalf("cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "n")
	if m.viewer.cursor != 119990 || !strings.Contains(footer(m), "2/11") {
		t.Fatalf("n: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	if _, ok := m.common.Session.Seen("docs/huge.txt"); ok {
		t.Errorf("searching recorded a read in the explorer's session")
	}
	if m.viewer.loadedLines() > maxHeldLines {
		t.Errorf("%d lines held, over the cap", m.viewer.loadedLines())
	}
}

// runHolding is run, except that scan steps after the first `steps` are
// held back (returned) instead of delivered.
func runHolding(m *Model, cmd tea.Cmd, steps int) []tea.Msg {
	return runHeld(m, cmd, func(msg tea.Msg) bool {
		if env, ok := msg.(pane.Msg); ok && env.Job == pane.JobScan {
			if steps == 0 {
				return true
			}
			steps--
		}
		return false
	})
}

// While the scan runs, the footer shows how far it is; esc stops it and
// keeps what it found; its step still on the way is dropped.
func TestSearchProgressAndEscStops(t *testing.T) {
	m := viewerOn(t, map[string]string{"docs/huge.txt": numbered(120_000)}, "docs/huge.txt", 80, 24)
	press(m, "/")
	_, cmd := m.Update(panetest.Key("9"))
	held := runHolding(m, cmd, 1) // the typed query's first step is in, the second held
	_, cmd = m.Update(panetest.Key("enter"))
	held = append(held, runHolding(m, cmd, 0)...) // the same query: no new scan
	if len(held) != 1 {
		t.Fatalf("%d steps held", len(held))
	}
	if !m.viewer.search.scan.running || !strings.Contains(footer(m), "+ · searching 16% of 120,000 lines · esc stops") {
		t.Fatalf("progress: %q", footer(m))
	}
	found := m.viewer.search.scan.count
	if found == 0 || m.viewer.cursor != 9 {
		t.Fatalf("first step found %d, cursor %d", found, m.viewer.cursor)
	}
	press(m, "esc")
	if m.viewer.search.scan.running || !strings.Contains(footer(m), "stopped (esc)") || m.viewer.search.query != "9" {
		t.Fatalf("after esc: %q", footer(m))
	}
	m.Update(held[0]) // the step that was on its way
	if m.viewer.search.scan.scanned != 20_000 || m.viewer.search.scan.count != found {
		t.Fatalf("a stopped scan took a late step: scanned %d", m.viewer.search.scan.scanned)
	}
	press(m, "esc") // the second esc clears the search
	if m.viewer.search.query != "" || footer(m) != "" {
		t.Fatalf("second esc: %q", footer(m))
	}
}

// TestFlowSearchProgressAndCancel drives the viewer as a program: the scan
// of a big file shows its progress, esc stops it, and a new search runs to
// the end.
func TestFlowSearchProgressAndCancel(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"docs/huge.txt": numbered(60_000)})
	hold := make(chan struct{})
	scanHold = hold
	defer func() { scanHold = nil }()
	m := newTestModel(t, dir, 100, 30)
	m.opened = "docs/huge.txt"
	tm := teatest.NewTestModel(t, m,
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			return bytes.Contains([]byte(ansi.Strip(string(b))), []byte(s))
		}, teatest.WithDuration(60*time.Second), teatest.WithCheckInterval(20*time.Millisecond)) // a bound, not a timing: the race detector is slow
	}
	waitFor("lines 1-")
	tm.Type("/line 1")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("searching 33% of 60,000 lines")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	waitFor("stopped (esc)")
	close(hold) // from here the scan runs freely
	tm.Type("/line 59999")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("1/1 · n next")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if fm.viewer.cursor != 59999 || fm.viewer.search.scan.scanned != 60_000 {
		t.Fatalf("final: cursor %d, scanned %d", fm.viewer.cursor, fm.viewer.search.scan.scanned)
	}
}

// A result opened from the search pane (goTo) has its count too, and n
// moves on from it.
func TestSearchHighlightFromElsewhereIsCounted(t *testing.T) {
	m := newTestModel(t, panetest.FixtureRepo(t), 80, 24)
	run(m, tea.Batch(m.viewer.Open("src/util/strings.go", 3), m.viewer.Highlight("needle", 3))) // as the root's goTo
	if !strings.Contains(footer(m), "/needle  1/3") || m.viewer.cursor != 3 {
		t.Fatalf("after goTo: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	press(m, "n")
	if m.viewer.cursor != 4 || !strings.Contains(footer(m), "2/3") {
		t.Fatalf("n: cursor %d footer %q", m.viewer.cursor, footer(m))
	}
	if _, ok := m.common.Session.Seen("src/util/strings.go"); ok {
		t.Errorf("the count recorded a read")
	}
}

// A file that changes under the scan stops it and says so; n scans again.
func TestSearchStopsWhenTheFileChanges(t *testing.T) {
	m := viewerOn(t, map[string]string{"docs/huge.txt": numbered(30_000)}, "docs/huge.txt", 80, 24)
	press(m, "/")
	_, cmd := m.Update(panetest.Key("7"))
	held := runHolding(m, cmd, 1) // the first step is in, the second held (not yet run)
	if len(held) != 1 {
		t.Fatalf("%d steps held", len(held))
	}
	// The next step reads a file of another length than the first saw.
	v := m.viewer
	env := held[0].(pane.Msg)
	msg := env.Msg.(scanMsg)
	step := scanStep(context.Background(), m.Look, v.path, v.search.scan.gen, "7", msg.from, msg.total+1)
	run(m, step)
	if v.search.scan.running || !strings.Contains(footer(m), "stopped (the file changed while it was searched)") {
		t.Fatalf("footer %q", footer(m))
	}
	press(m, "enter", "n")
	if !v.search.scan.running && v.search.scan.scanned != 30_000 {
		t.Fatalf("n did not scan again: %+v", v.search.scan.scanned)
	}
}
