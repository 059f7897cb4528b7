package model

import (
	"os"
	"time"

	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"
)

// applyEdit makes an edit through the preview: old_string is the line
// under the cursor; new_string gets "0" appended; read in full; apply.
func applyEdit(t *testing.T, m *Model) {
	t.Helper()
	defer func() { m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil } }() // messages stay
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	pressMsg(m, ctrlR, ctrlS)
	press(m, "y")
	if frame := flat(m.Render()); !strings.Contains(frame, "ran repo_edit") || !strings.Contains(frame, "applied:") {
		t.Fatalf("the edit was not applied:\n%s", frame)
	}
}

// TestUndoTakesTheLastWriteBack: after y the applied diff stays with the
// tool's answer; u (outside the form) writes the file as it was through
// repo_write and the gate, byte for byte — a CRLF file with a BOM
// included; U lists both writes; u again has nothing left to undo.
func TestUndoTakesTheLastWriteBack(t *testing.T) {
	m, path := previewModel(t, 3)
	orig := "\ufeffpackage dup\r\n\r\nvar a = 1\r\nvar x = 2\r\n"
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	run(m, m.reloadFile())
	applyEdit(t, m)
	if got, _ := os.ReadFile(path); string(got) != strings.Replace(orig, "var a = 1", "var a = 10", 1) {
		t.Fatalf("after the edit: %q", got)
	}
	// The applied diff stays with the tool's answer after y.
	if frame := ansi.Strip(m.Render()); !strings.Contains(frame, "edited dup.go: 1 replacement at line 3") || !strings.Contains(frame, "-var a = 1") || !strings.Contains(frame, "+var a = 10") {
		t.Errorf("the frame after y lacks the answer or the diff:\n%s", frame)
	}
	press(m, "esc", "u")
	if got, _ := os.ReadFile(path); string(got) != orig {
		t.Fatalf("after u the file holds %q, want %q", got, orig)
	}
	if !strings.HasPrefix(m.message, "undone: dup.go is as before repo_edit ") {
		t.Errorf("message %q", m.message)
	}
	if l, ok := m.viewer.LineText(3); !ok || l != "var a = 1" {
		t.Errorf("viewer line 3 after the undo: %+v", l)
	}
	press(m, "U")
	frame := ansi.Strip(m.Render())
	for _, want := range []string{"2 writes by this explorer", `repo_write {"path":"dup.go","content":"…"}`, "undo · repo_write", "undone · repo_edit", "+var a = 10"} {
		if !strings.Contains(frame, want) {
			t.Errorf("write log lacks %q:\n%s", want, frame)
		}
	}
	press(m, "esc", "u")
	if !strings.HasPrefix(m.message, "nothing to undo") {
		t.Errorf("second u: %q", m.message)
	}
}

// TestUndoRefusedWhenTheFileChangedSince: a file changed on disk after the
// explorer's write is not overwritten by u: the gate refuses, nothing is
// written, and the write stays undoable.
func TestUndoRefusedWhenTheFileChangedSince(t *testing.T) {
	m, path := previewModel(t, 3)
	applyEdit(t, m)
	other := "package dup\n// someone else\n"
	if err := os.WriteFile(path, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	press(m, "esc", "u")
	fileIs(t, path, other)
	if !strings.HasPrefix(m.message, "undo refused, nothing written: ") || !strings.Contains(m.message, "changed") {
		t.Errorf("message %q", m.message)
	}
	// The write is still the one u takes back: u asks the tool again.
	press(m, "u")
	if !strings.HasPrefix(m.message, "undo refused, nothing written: ") {
		t.Errorf("the refused undo marked the write undone: u again says %q", m.message)
	}
}
