package model

import (
	"os"
	"strings"
	"testing"
)

// TestPreviewKeepsTypingAcrossEsc: e again on the same lines brings back
// what was typed; e on other lines starts from them.
func TestPreviewKeepsTypingAcrossEsc(t *testing.T) {
	m, _ := previewModel(t, 3)
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "9", "esc", "e")
	a := editArgs(t, openedPreview(t, m))
	if a.NewString != "var a = 19" || a.OldString != "var a = 1" {
		t.Fatalf("reopened: old %q new %q", a.OldString, a.NewString)
	}
	press(m, "esc", "j", "e")
	if a := editArgs(t, openedPreview(t, m)); a.NewString != "var x = 2" {
		t.Fatalf("on line 4: new %q", a.NewString)
	}
}

// TestPreviewVerdictFollowsTheDisk: the file changed on disk while the
// preview is open: the verdict is worked out again for the file as it is.
func TestPreviewVerdictFollowsTheDisk(t *testing.T) {
	m, path := previewModel(t, 3)
	m.watch = newDiskWatcher(m.Repo.Dir()) // not started: messages are sent by hand
	m.watch.close()
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	pressMsg(m, ctrlR)
	p := openedPreview(t, m)
	if ok, text, _ := p.Verdict(); !ok {
		t.Fatalf("verdict before the change: %q", text)
	}
	if err := os.WriteFile(path, []byte("package dup\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, cmd := m.Update(diskMsg{file: "dup.go"})
	run(m, cmd)
	if ok, text, _ := p.Verdict(); ok || !strings.Contains(text, "changed") && !strings.Contains(text, "not found") && !strings.Contains(text, "does not occur") {
		t.Errorf("verdict after the file changed on disk: %v %q", ok, text)
	}
}
