package model

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/repoxhq/repox/model/panetest"
)

// ascii downgrades a render to the ASCII colour profile: attributes stay,
// colours go, so goldens do not depend on the palette.
func ascii(t *testing.T, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := &colorprofile.Writer{Forward: &buf, Profile: colorprofile.ASCII}
	if _, err := w.WriteString(s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var goldenSizes = [][2]int{{80, 24}, {120, 40}}

// scene builds the model a golden shows.
type scene struct {
	name  string
	setup func(t *testing.T, m *Model, dir string)
}

var scenes = []scene{
	{"start", func(t *testing.T, m *Model, dir string) {}},
	{"expanded", func(t *testing.T, m *Model, dir string) {
		for _, p := range []string{"deep", "deep/a", "deep/a/b", "deep/a/b/c", "src", "empty"} {
			selectPath(t, m, p)
			press(m, "l")
		}
		selectPath(t, m, "src/main.go")
		press(m, "l")
	}},
	{"rule", func(t *testing.T, m *Model, dir string) {
		openFixtureFile(t, m, dir, "docs/long.txt")
		press(m, "tab")
		m.viewer.CenterOn(1000)
	}},
	{"search", func(t *testing.T, m *Model, dir string) {
		openFixtureFile(t, m, dir, "src/main.go")
		press(m, "tab", "/", "n", "e", "e", "d", "l", "e", "enter")
	}},
	{"refusal", func(t *testing.T, m *Model, dir string) {
		selectPath(t, m, "data.bin")
		press(m, "l")
	}},
	{"agent_tree", func(t *testing.T, m *Model, dir string) {
		press(m, "a")
	}},
	{"agent_viewer", func(t *testing.T, m *Model, dir string) {
		openFixtureFile(t, m, dir, "src/main.go")
		press(m, "tab", "a")
	}},
	{"help", func(t *testing.T, m *Model, dir string) {
		press(m, "?")
	}},
	{"find", func(t *testing.T, m *Model, dir string) {
		press(m, "f")
		typeText(m, "sgo")
	}},
	{"find_agent", func(t *testing.T, m *Model, dir string) {
		press(m, "f")
		typeText(m, "*.go")
		press(m, "tab")
	}},
	{"grep", func(t *testing.T, m *Model, dir string) {
		press(m, "s")
		typeText(m, "e")
		press(m, "enter", "down", "down")
	}},
	{"tree_filter", func(t *testing.T, m *Model, dir string) {
		press(m, "/")
		typeText(m, "leaf")
	}},
	{"tree_ignored", func(t *testing.T, m *Model, dir string) {
		press(m, ".")
		selectPath(t, m, "app.log")
	}},
	{"grep_agent", func(t *testing.T, m *Model, dir string) {
		press(m, "s")
		typeText(m, "needle")
		press(m, "enter", "tab")
	}},
}

// TestGoldenFrame renders whole frames; TestGoldenTree and
// TestGoldenViewer render the panes alone. Update with
// `go test ./model/ -run Golden -update`.
func TestGoldenFrame(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	for _, sc := range scenes {
		for _, sz := range goldenSizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, sz[0], sz[1]), func(t *testing.T) {
				m := start(t, dir, sz[0], sz[1])
				sc.setup(t, m, dir)
				golden.RequireEqual(t, ascii(t, m.Render()))
			})
		}
	}
}

func TestGoldenTree(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := start(t, dir, sz[0], sz[1])
			scenes[1].setup(t, m, dir)
			golden.RequireEqual(t, ascii(t, m.TreeView(m.treeWidth(), m.treeHeight())))
		})
	}
}

func TestGoldenViewer(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := start(t, dir, sz[0], sz[1])
			scenes[2].setup(t, m, dir)
			golden.RequireEqual(t, ascii(t, m.ViewerView(m.viewerWidth(), m.viewerHeight())))
		})
	}
}

func TestGoldenTooSmall(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 39, 9)
	golden.RequireEqual(t, ascii(t, m.Render()))
}
