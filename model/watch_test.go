package model

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// nextDisk waits for the watcher's next message (the wait is a deadline for
// a hung test, not a timing assertion).
func nextDisk(t *testing.T, d *diskWatcher) diskMsg {
	t.Helper()
	got := make(chan tea.Msg, 1)
	go func() { got <- d.next()() }()
	select {
	case msg := <-got:
		dm, ok := msg.(diskMsg)
		if !ok {
			t.Fatalf("watcher sent %T", msg)
		}
		return dm
	case <-time.After(20 * time.Second):
		t.Fatal("no change reported")
	}
	return diskMsg{}
}

func TestWatcherReportsTheFileAndListings(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	d := newDiskWatcher(dir)
	d.debounce = time.Millisecond
	d.start()
	defer d.close()
	d.set(1, "src/main.go", []string{"", "docs"})
	if w, p := d.followed(); w != 3 || p != 0 {
		t.Fatalf("watched %d, polled %d; want the root, docs and src watched", w, p)
	}
	writeFiles(t, dir, map[string]string{"src/main.go": "package main\n// more\n"})
	if msg := nextDisk(t, d); msg.file != "src/main.go" || len(msg.dirs) != 0 {
		t.Fatalf("after a write to the open file: %+v", msg)
	}
	writeFiles(t, dir, map[string]string{"docs/new.txt": "x\n"})
	if msg := nextDisk(t, d); msg.file != "" || strings.Join(msg.dirs, ",") != "docs" {
		t.Fatalf("after a new file in docs: %+v", msg)
	}
	// A folder no longer open is no longer followed.
	d.set(2, "", []string{""})
	if w, _ := d.followed(); w != 1 {
		t.Fatalf("watched %d after closing docs and the file", w)
	}
	d.set(1, "src/main.go", []string{"", "docs"}) // an older set arriving late
	if w, _ := d.followed(); w != 1 {
		t.Fatalf("an older set was applied")
	}
}

// TestWatcherPollsWhereWatchesRunOut: past the watch limit, folders and
// the open file are followed by stat.
func TestWatcherPollsWhereWatchesRunOut(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	d := newDiskWatcher(dir)
	d.debounce, d.poll, d.maxWatches = time.Millisecond, 10*time.Millisecond, 1
	d.start()
	defer d.close()
	d.set(1, "src/main.go", []string{"", "docs"})
	if w, p := d.followed(); w != 1 || p != 2 {
		t.Fatalf("watched %d, polled %d; want 1 and 2", w, p)
	}
	// docs and src are polled (the root sorts first and got the watch).
	os.Remove(filepath.Join(dir, "docs", "long.txt"))
	if msg := nextDisk(t, d); strings.Join(msg.dirs, ",") != "docs" {
		t.Fatalf("a removal in a polled folder: %+v", msg)
	}
	writeFiles(t, dir, map[string]string{"src/main.go": "package main\n// grown by polling\n"})
	if msg := nextDisk(t, d); msg.file != "src/main.go" {
		t.Fatalf("a write to the polled open file: %+v", msg)
	}
}

// TestDiskChangeUpdatesInPlace: a change to the open file re-reads it
// keeping the place; a fresh full read's gate turns to "changed on disk";
// a new file shows in its open folder with the cursor kept.
func TestDiskChangeUpdatesInPlace(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	m.watch = newDiskWatcher(dir) // not started: messages are sent by hand
	m.watch.close()               // and its next() answers nil at once
	openFixtureFile(t, m, dir, "docs/long.txt")
	explicitRead(t, m, "docs/long.txt")
	run(m, m.checkGate())
	press(m, "tab")
	for range 30 {
		press(m, "ctrl+d")
	}
	press(m, "right")
	v := m.viewer
	top, cur := firstShownLine(m), v.Cursor()
	if top <= 1 {
		t.Fatalf("the viewer's first row is line %d: the test shows nothing", top)
	}
	writeFiles(t, dir, map[string]string{"docs/long.txt": numbered(1500)})
	_, cmd := m.Update(diskMsg{file: "docs/long.txt"})
	if v.Total() != 1400 || firstShownLine(m) != top {
		t.Fatalf("the old lines left the screen before the new ones came")
	}
	run(m, cmd)
	if v.Total() != 1500 || firstShownLine(m) != top || v.Cursor() != cur {
		t.Errorf("after the change: total %d top %d cursor %d; want 1500, %d, %d", v.Total(), firstShownLine(m), v.Cursor(), top, cur)
	}
	if _, text, _ := m.gateStatus(); !regexp.MustCompile(`shut — changed on disk since \d\d:\d\d:\d\d$`).MatchString(text) {
		t.Errorf("gate after the change: %q", text)
	}
	// The tree: a new file in an open folder, the cursor stays on its row.
	m.focus = paneTree
	selectPath(t, m, "docs/long.txt")
	writeFiles(t, dir, map[string]string{"docs/a-new.txt": "x\n"})
	_, cmd = m.Update(diskMsg{dirs: []string{"docs"}})
	run(m, cmd)
	if path, _, _ := m.tree.Selected(); path != "docs/long.txt" {
		t.Errorf("cursor moved to %q", path)
	}
	if !slices.Contains(m.tree.Rows(), "docs/a-new.txt") {
		t.Errorf("the new file is not in the tree: %v", m.tree.Rows())
	}
}

// TestFlowFollowsTheDisk drives the real program: append to the open file
// from outside and see the viewer and the gate update without a key.
func TestFlowFollowsTheDisk(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture", File: "src/main.go", Watch: true})
	defer m.closeWatch()
	tm := teatest.NewTestModel(t, m,
		teatest.WithInitialTermSize(140, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	out := tm.Output()
	// The renderer writes only the cells that change, so a changed line may
	// never reach the output whole: while the text is not seen, a resize
	// makes the program draw the whole frame again.
	width := 140
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, out, func(b []byte) bool {
			if bytes.Contains([]byte(ansi.Strip(string(b))), []byte(s)) {
				return true
			}
			width = 281 - width
			tm.Send(tea.WindowSizeMsg{Width: width, Height: 30})
			return false
		}, teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
	}
	waitFor("lines 1-8 of 8")
	// An explicit full read by the explorer session, then the gate is open.
	if res := m.Session.Call(context.Background(), "repo_read_file", []byte(`{"path":"src/main.go"}`)); res.IsError {
		t.Fatal(res.Text)
	}
	tm.Type("r") // reload: checks the gate again
	waitFor("open — all 8 lines seen, unchanged")
	f, err := os.OpenFile(filepath.Join(dir, "src", "main.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("// appended from another shell\n")
	f.Close()
	waitFor("lines 1-9 of 9")
	waitFor("shut — changed on disk since ")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if fm.viewer.Total() != 9 {
		t.Errorf("viewer total %d", fm.viewer.Total())
	}
}

// firstShownLine is the number in the gutter of the viewer's first row
// under its title (0 when it shows no numbered line).
func firstShownLine(m *Model) int {
	rows := strings.Split(ansi.Strip(m.ViewerView(m.viewerWidth(), m.viewerHeight())), "\n")
	if len(rows) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(strings.Fields(rows[1] + " x")[0])
	return n
}
