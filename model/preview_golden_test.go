package model

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/repoxhq/repox/model/panetest"
)

// Goldens of the edit preview, the tool console and the help's end, whole frames at 80×24
// and 120×40. Update with `go test ./model/ -run GoldenOverlays -update`.
func TestGoldenOverlays(t *testing.T) {
	scenes := []scene{
		{"preview_unread", func(t *testing.T, m *Model, dir string) {
			run(m, m.openFile("src/main.go", 7))
			m.focus = paneViewer
			m.common.Session = m.Repo.NewSession() // only looked
			m.tick = now
			press(m, "e", "tab")
			pressMsg(m, endK)
			press(m, "!")
		}},
		{"preview_read", func(t *testing.T, m *Model, dir string) {
			run(m, m.openFile("src/main.go", 6))
			m.focus = paneViewer
			m.common.Session = m.Repo.NewSession()
			m.tick = now
			press(m, "v", "j", "e", "tab")
			pressMsg(m, endK)
			press(m, "enter", "}")
			pressMsg(m, ctrlR)
		}},
		{"preview_confirm", func(t *testing.T, m *Model, dir string) {
			run(m, m.openFile("src/main.go", 5))
			m.focus = paneViewer
			m.common.Session = m.Repo.NewSession()
			m.tick = now
			press(m, "e")
			pressMsg(m, ctrlT)
			press(m, "tab", "/", "/", " ", "h", "i")
			pressMsg(m, ctrlR, ctrlS)
		}},
		{"console", func(t *testing.T, m *Model, dir string) {
			press(m, ":")
			typeLine(m, "repo_grep pattern=needle")
			press(m, "enter")
			m.console.SetDuration(1.5) // the time it took, fixed for the golden
			typeLine(m, "repo_read_file pa")
			press(m, "tab")
		}},
		{"help_end", func(t *testing.T, m *Model, dir string) { // TestGoldenFrame has its top
			run(m, m.openFile("src/main.go", 1))
			m.focus = paneViewer
			press(m, "?", "G")
		}},
	}
	for _, sc := range scenes {
		for _, sz := range goldenSizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, sz[0], sz[1]), func(t *testing.T) {
				t.Setenv("XDG_STATE_HOME", t.TempDir())
				dir := panetest.FixtureRepo(t)
				m := start(t, dir, sz[0], sz[1])
				sc.setup(t, m, dir)
				golden.RequireEqual(t, ascii(t, m.Render()))
			})
		}
	}
}
