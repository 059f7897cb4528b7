package model

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	ct "github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
)

// tourLetters are the tour's own keys typed as text: each must reach a
// prompt open on top, none may turn, list or end the tour.
var tourLetters = []string{"n", "p", "x", "?", "y"}

// typeInto types the tour's letters into whatever is on top and checks
// the tour did not take one: still at step at, the overlay with id still
// on top and saying it takes text, the letters in its frame when shown
// (the sessions pane's filter with no session to list is not drawn).
func typeInto(t *testing.T, m *Model, at int, id ct.ID, what string, shown bool) {
	t.Helper()
	for _, k := range tourLetters {
		tourType(t, m, k)
	}
	if m.tours.tour == nil {
		t.Fatalf("%s: a letter typed into it ended the tour", what)
	}
	if got := m.tours.tour.At(); got != at {
		t.Errorf("%s: the letters typed into it turned the tour to step %d, want %d", what, got+1, at+1)
	}
	if o := m.Overlays.Top(); o == nil || o.ID() != id {
		t.Fatalf("%s: %s on top after typing, want the prompt still open", what, topName(m))
	}
	if o := m.Overlays.Top(); opensHelp(o) {
		t.Errorf("%s: says it has no text field while the letters are typed", what)
	}
	if frame := ansi.Strip(m.Render()); shown && !strings.Contains(frame, strings.Join(tourLetters, "")) {
		t.Errorf("%s: %q not typed into it:\n%s", what, strings.Join(tourLetters, ""), frame)
	}
}

// tourType presses k and starts what it leads to (a closed pane's end among
// it) without waiting for any of it.
func tourType(t *testing.T, m *Model, k string) {
	t.Helper()
	_, cmd := m.Update(panetest.Key(k))
	drive(t, m, cmd, func() bool { return true })
}

// closeAll presses esc until nothing is on top.
func closeAll(t *testing.T, m *Model) {
	t.Helper()
	for range 4 {
		if m.Overlays.Top() == nil {
			return
		}
		tourType(t, m, "esc")
	}
	t.Fatalf("esc left %s on top", topName(m))
}

// topName names the overlay on top for a failure message.
func topName(m *Model) string {
	if o := m.Overlays.Top(); o != nil {
		return o.Title()
	}
	return "nothing"
}

// TestTourKeysLeavePromptsAlone: while the console the presenter opened
// with `:`, find, search, the edit preview's fields, the viewer's search
// prompt or the sessions pane's filter is on top, n, p, x, ? and y are
// letters typed into it; the console a step opens only to show repox's
// answer leaves them to the tour until `:` makes it take a call.
func TestTourKeysLeavePromptsAlone(t *testing.T) {
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	for range 4 {
		tourPress(t, m, "n") // step 5: server/handlers.go in the viewer
	}
	const at = 4
	tourType(t, m, ":")
	typeInto(t, m, at, ct.Console, "the console after :", true)
	closeAll(t, m)

	for _, o := range []struct {
		key  string
		id   ct.ID
		what string
	}{
		{":", ct.Console, "the console opened with : over the viewer"},
		{"f", ct.Find, "find"},
		{"s", ct.Search, "search"},
		{"e", ct.Preview, "the edit preview's field"},
		{"/", ct.Prompt, "the viewer's search prompt"},
	} {
		tourType(t, m, o.key)
		typeInto(t, m, at, o.id, o.what, true)
		closeAll(t, m)
	}

	tourPress(t, m, "n")                  // step 6: the sessions pane on the session's calls
	_, cmd := m.Update(panetest.Key("h")) // back to its list of sessions, not typing
	drive(t, m, cmd, func() bool { return !m.sessions.Progress().Following && !m.sessions.Loading() })
	tourType(t, m, "/")
	typeInto(t, m, at+1, ct.Sessions, "the sessions pane's filter", false)
}

// TestTourConsoleShowsUntilColon: the console a step opens takes no
// letters (n turns the step), `:` makes it take a call, once it has been
// closed the next step shows its answer again without taking keys, and
// the explorer's own keys work over it as if it were not there.
func TestTourConsoleShowsUntilColon(t *testing.T) {
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	if !m.console.Showing() {
		t.Fatal("the console step 1 opened takes typed keys; the tour's n would be typed")
	}
	tourType(t, m, ":")
	if m.console.Showing() || m.Overlays.Top() != overlay(m.console) {
		t.Fatal(": over the step's console did not let it take a call")
	}
	closeAll(t, m)
	tourPress(t, m, "n")
	if m.tours.tour.At() != 1 || !m.console.Showing() {
		t.Errorf("after esc and n: step %d, console showing only %v; want step 2 shown, not typing", m.tours.tour.At()+1, m.console.Showing())
	}
	// the explorer's own keys work over the console that only shows:
	// f opens find in its place, where letters are typed again
	tourType(t, m, "f")
	if o := m.Overlays.Top(); o == nil || o.ID() != ct.Find || len(m.Overlays.Items) != 1 {
		t.Fatalf("f over the step's console: %s on top of %d overlays, want find alone", topName(m), len(m.Overlays.Items))
	}
	typeInto(t, m, 1, ct.Find, "find opened over the step's console", true)
	closeAll(t, m)
	tourPress(t, m, "p")
	if m.tours.tour.At() != 0 || !m.console.Showing() {
		t.Errorf("after find, esc and p: step %d, console showing only %v; want step 1 shown, not typing", m.tours.tour.At()+1, m.console.Showing())
	}
}
