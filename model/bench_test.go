package model

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The benchmark repository: 100,000 files, built once per test binary run
// and removed by TestMain. 49 packages × 20 folders × 100 files, one
// 2,000-entry folder (wide/), and a source file to keep open in the viewer.
var bigRepo struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	done := repotest.IsolateCache() // preview_flow_test.go runs a built repox
	code := m.Run()
	done()
	if bigRepo.dir != "" {
		os.RemoveAll(filepath.Dir(bigRepo.dir))
	}
	os.Exit(code)
}

func benchRepo(b *testing.B) string {
	bigRepo.once.Do(func() {
		base, err := os.MkdirTemp("", "repox-bench-")
		if err != nil {
			bigRepo.err = err
			return
		}
		dir := filepath.Join(base, "big")
		bigRepo.dir = dir
		write := func(p, body string) {
			if bigRepo.err != nil {
				return
			}
			bigRepo.err = os.WriteFile(filepath.Join(dir, p), []byte(body), 0o644)
		}
		mkdir := func(p string) {
			if bigRepo.err == nil {
				bigRepo.err = os.MkdirAll(filepath.Join(dir, p), 0o755)
			}
		}
		files := 0
		for p := range 49 {
			for s := range 20 {
				d := fmt.Sprintf("pkg%02d/sub%02d", p, s)
				mkdir(d)
				for f := range 100 {
					write(fmt.Sprintf("%s/file%03d.go", d, f), "package x\n")
					files++
				}
			}
		}
		mkdir("wide")
		for f := range 2000 {
			write(fmt.Sprintf("wide/entry%04d.txt", f), "x\n")
			files++
		}
		write("main.go", "package main\n\nfunc main() {}\n")
		if files+1 < 100_000 {
			bigRepo.err = fmt.Errorf("only %d files", files)
		}
	})
	if bigRepo.err != nil {
		b.Fatal(bigRepo.err)
	}
	return bigRepo.dir
}

// benchModel opens the repository and runs the root listing only (the
// horizon is computed off the first frame's path, so it is left out).
func benchModel(b *testing.B, dir string) (*Model, *repoops.Repo) {
	repo, err := repoops.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	m := New(context.Background(), repo, Config{Name: "big"})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(m.tree.Start()()) // the root listing lands; the horizon and git marks it asks for are left out
	return m, repo
}

// BenchmarkFirstFrame is start-up to the first full frame: open the
// repository, list the root, lay out and render.
func BenchmarkFirstFrame(b *testing.B) {
	dir := benchRepo(b)
	b.ResetTimer()
	for b.Loop() {
		m, repo := benchModel(b, dir)
		if m.Render() == "" {
			b.Fatal("empty frame")
		}
		repo.Close()
	}
}

// BenchmarkKeystroke is one cursor move in the tree plus the frame it
// causes, with a 2,000-entry folder open and a file in the viewer.
func BenchmarkKeystroke(b *testing.B) {
	dir := benchRepo(b)
	m, repo := benchModel(b, dir)
	defer repo.Close()
	run(m, m.tree.RevealPath("wide/entry0000.txt"))
	run(m, m.tree.RevealPath("pkg00/sub00"))
	run(m, m.openFile("main.go", 1))
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
}
