package model

import (
	"strings"
	"testing"
)

// TestStatusFieldsNameTheirFile: with src/main.go open and README.md
// selected in the tree, the path is the tree's and the gate says it is
// src/main.go's.
func TestStatusFieldsNameTheirFile(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 120, 40)
	openFixtureFile(t, m, dir, "src/main.go")
	m.focus = paneTree
	selectPath(t, m, "README.md")
	st := m.status()
	if st.Path != "README.md" {
		t.Fatalf("status path %q", st.Path)
	}
	if !strings.HasPrefix(st.GateText, "src/main.go: edit gate (explorer session): ") || !strings.HasPrefix(st.GateTiny, "main.go ") {
		t.Errorf("gate fields do not name their file: %q / %q", st.GateText, st.GateTiny)
	}
	m.focus = paneViewer
	if st := m.status(); st.Path != "src/main.go:1" || strings.HasPrefix(st.GateText, "src/main.go:") {
		t.Errorf("viewer focused: path %q gate %q (the gate is the path's: no second name)", st.Path, st.GateText)
	}
}
