package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestMiddleCutKeepsTheName(t *testing.T) {
	p := "src/app/internal/core/engine/v2/impl/deep.go"
	for w := 1; w <= len(p)+2; w++ {
		got := MiddleCut(p, w)
		if ansi.StringWidth(got) > w {
			t.Fatalf("MiddleCut(%d) = %q: %d cells", w, got, ansi.StringWidth(got))
		}
		if w >= len("…/deep.go") && !strings.HasSuffix(got, "/deep.go") {
			t.Errorf("MiddleCut(%d) = %q lost the name", w, got)
		}
	}
	if got := MiddleCut(p, 24); got != "src/…/v2/impl/deep.go" {
		t.Errorf("MiddleCut(24) = %q", got)
	}
	if got := MiddleCut(p, 100); got != p {
		t.Errorf("a path that fits is cut: %q", got)
	}
}

// TestTooSmallFitsNarrowTerminals: at 30 columns (and narrower) the whole
// message is shown, wrapped, never cut.
func TestTooSmallFitsNarrowTerminals(t *testing.T) {
	s := NewStyles(true, true)
	for _, w := range []int{30, 24, 16} {
		out := ansi.Strip(s.TooSmall(w, 8))
		joined := strings.Join(strings.Fields(out), " ")
		if !strings.Contains(joined, "terminal too small:") || !strings.Contains(joined, "needs 40×10") || strings.Contains(out, "…") {
			t.Errorf("at %d columns:\n%s", w, out)
		}
	}
}

// TestDeepTreeRowsKeepTheSelectedName: rows deeper than the pane is wide
// give up indentation so the cursor row's name shows whole.
func TestDeepTreeRowsKeepTheSelectedName(t *testing.T) {
	s := NewStyles(true, true)
	rows := []TreeRow{
		{Name: "nilcheck_test.go", Depth: 5},
		{Name: "rewriteAMD64.go", Depth: 5},
		{Name: "regalloc_test.go", Depth: 5},
	}
	out := ansi.Strip(s.RenderTree(TreeView{Title: "tree", Rows: rows, Cursor: 1, Focused: true}, 26, 4))
	lines := strings.Split(out, "\n")
	if !strings.Contains(lines[2], "rewriteAMD64.go") {
		t.Errorf("the selected row lost its name:\n%s", out)
	}
	if !strings.HasPrefix(lines[1], "…") {
		t.Errorf("shifted rows do not say so:\n%s", out)
	}
	// A shallow cursor row shifts nothing.
	out = ansi.Strip(s.RenderTree(TreeView{Title: "tree", Rows: []TreeRow{{Name: "a.go", Depth: 1}}, Cursor: 0}, 26, 2))
	if !strings.HasPrefix(strings.Split(out, "\n")[1], "    a.go") {
		t.Errorf("a row that fits was shifted:\n%s", out)
	}
}

// TestAgentRowsWrapWithoutLosingText: every character of the text is in the
// rows, in order, no row wider than the pane.
func TestAgentRowsWrapWithoutLosingText(t *testing.T) {
	lines := []string{"a.txt — lines 1-1000 of 1400", "(truncated) — use limit>=1400 to read all lines", "12→\tx世界y"}
	rows := AgentRows(lines, 10)
	for _, r := range rows {
		if ansi.StringWidth(r) > 10 {
			t.Fatalf("row %q is wider than 10", r)
		}
	}
	if got := AgentRows([]string{"世界"}, 1); len(got) != 2 {
		t.Errorf("wide characters in a 1-cell pane: %q", got)
	}
	want := agentLine(lines[0]) + agentLine(lines[1]) + agentLine(lines[2])
	if got := strings.Join(rows, ""); got != want {
		t.Errorf("rows lose text:\n%q\n%q", got, want)
	}
}
