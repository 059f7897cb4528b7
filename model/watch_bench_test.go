package model

import (
	"testing"

	"github.com/repoxhq/repox/model/panetest"
)

// BenchmarkKeystrokeFollowing is BenchmarkKeystroke with and without the
// disk watcher following the open file and the open folders: following
// adds two comparisons to a keystroke, no system call.
func BenchmarkKeystrokeFollowing(b *testing.B) {
	dir := benchRepo(b)
	for _, follow := range []bool{false, true} {
		name := "off"
		if follow {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			m, repo := benchModel(b, dir)
			defer repo.Close()
			if follow {
				m.watch = newDiskWatcher(dir)
				m.watch.start()
				defer m.watch.close()
			}
			run(m, m.tree.RevealPath("wide/entry0000.txt"))
			run(m, m.tree.RevealPath("pkg00/sub00"))
			run(m, m.openFile("main.go", 1))
			if follow {
				run(m, m.syncWatch())
			}
			seq := m.followed.seq
			down, up := panetest.Key("j"), panetest.Key("k")
			i := 0
			for b.Loop() {
				k := down
				if (i/1000)%2 == 1 {
					k = up
				}
				i++
				m.Update(k)
				_ = m.Render()
			}
			if m.followed.seq != seq {
				b.Fatalf("cursor moves told the watcher again (%d times)", m.followed.seq-seq)
			}
		})
	}
}

// TestMovesDoNotTouchTheWatcher: only opening a file or a folder changes
// what is followed.
func TestMovesDoNotTouchTheWatcher(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	m.watch = newDiskWatcher(dir)
	m.watch.close()
	run(m, m.syncWatch())
	seq := m.followed.seq
	press(m, "j", "j", "j", "k", "tab", "j", "tab")
	if m.followed.seq != seq {
		t.Fatalf("moves told the watcher %d times", m.followed.seq-seq)
	}
	selectPath(t, m, "src")
	press(m, "l")
	if m.followed.seq == seq {
		t.Fatal("opening a folder did not tell the watcher")
	}
	if got := m.tree.OpenDirs(); len(got) != 2 || got[1] != "src" {
		t.Errorf("open folders %v", got)
	}
}
