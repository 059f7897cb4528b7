package panetest

import (
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Run executes cmd and everything it leads to, feeding each message to
// update, the way the program would but in order and on this goroutine.
// The messages hold says to keep back are returned instead of delivered.
func Run(cmd tea.Cmd, update func(tea.Msg) tea.Cmd, hold func(tea.Msg) bool) []tea.Msg {
	var held []tea.Msg
	for queue := []tea.Cmd{cmd}; len(queue) > 0; {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if batch, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, batch...)
			continue
		}
		if msg == nil {
			continue
		}
		if hold != nil && hold(msg) {
			held = append(held, msg)
			continue
		}
		queue = append(queue, update(msg))
	}
	return held
}

// A Driver runs commands the way the program does: each on its own
// goroutine, each message through update on the test's goroutine. One
// Driver serves a model for the whole test, so a command an earlier Drive
// launched (a follower's wait) answers into a later one.
type Driver struct {
	update func(tea.Msg) tea.Cmd
	msgs   chan tea.Msg
	wg     sync.WaitGroup
}

// NewDriver is the driver of a model whose Update is update; before the
// test's cleanups close the repository, shutdown runs (to stop following)
// and every command still running is waited for.
func NewDriver(t testing.TB, update func(tea.Msg) tea.Cmd, shutdown func()) *Driver {
	d := &Driver{update: update, msgs: make(chan tea.Msg, 1024)}
	t.Cleanup(func() { shutdown(); d.wg.Wait() })
	return d
}

// Drive runs cmd and what it leads to until done holds. Commands that
// wait simply wait. The bound only keeps a broken test from hanging; no
// timing is asserted: when it passes, the test fails with what().
func (d *Driver) Drive(t testing.TB, cmd tea.Cmd, done func() bool, what func() string) {
	t.Helper()
	launch := func(c tea.Cmd) {
		if c != nil {
			d.wg.Add(1)
			go func() { defer d.wg.Done(); d.msgs <- c() }()
		}
	}
	launch(cmd)
	deadline := time.After(30 * time.Second)
	for !done() {
		select {
		case msg := <-d.msgs:
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					launch(c)
				}
			case nil, tea.QuitMsg:
			default:
				launch(d.update(msg))
			}
		case <-deadline:
			t.Fatalf("the model did not settle: %s", what())
		}
	}
}
