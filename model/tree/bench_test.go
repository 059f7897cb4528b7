package tree

import (
	"fmt"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// BenchmarkExpandWide is expanding a 2,000-entry folder: list it through
// the core, install the rows, draw the tree. The repository has the
// root's benchmark shape at the top (49 packages beside wide/).
func BenchmarkExpandWide(b *testing.B) {
	files := map[string]string{"main.go": "package main\n\nfunc main() {}\n"}
	for p := range 49 {
		files[fmt.Sprintf("pkg%02d/sub00/file000.go", p)] = "package x\n"
	}
	for f := range 2000 {
		files[fmt.Sprintf("wide/entry%04d.txt", f)] = "x\n"
	}
	m := newTestModel(b, repotest.PlainDir(b, files), 120, 40)
	m.Update(m.tree.Start()()) // the root listing, without the horizon
	n := m.tree.nodes["wide"]
	for b.Loop() {
		n.loaded, n.expanded, n.children = false, false, nil
		m.tree.rebuild()
		run(m, m.tree.expand(n))
		if len(m.tree.rows) < 2000 {
			b.Fatalf("rows = %d", len(m.tree.rows))
		}
		_ = m.Render()
	}
}
