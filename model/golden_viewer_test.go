package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGoldenViewerMotions renders the viewer with wrapping on (a long line
// on the rows under it, numbered once), scrolled half a pane right with
// zl, and with a count pending (the hint line says so), at both sizes.
func TestGoldenViewerMotions(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "v%d=%d;", i, i*i)
	}
	long := map[string]string{"min.js": "// min\n" + b.String() + "END\nnext();\n"}
	for _, sc := range []struct {
		name string
		keys []string
	}{
		{"wrap", []string{"w"}},
		{"zl", []string{"j", "z", "l"}},
		{"count", []string{"1", "2"}},
	} {
		for _, sz := range goldenSizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, sz[0], sz[1]), func(t *testing.T) {
				m := viewerOn(t, long, "min.js", sz[0], sz[1])
				press(m, sc.keys...)
				// The viewer and the hint line only: the tree beside it is not the subject.
				golden.RequireEqual(t, ascii(t, m.ViewerView(m.viewerWidth(), m.viewerHeight())+"\n"+m.Styles.RenderHint(m.hintBindings(), m.width)))
			})
		}
	}
}
