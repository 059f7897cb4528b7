package repoops

import (
	"strings"
	"testing"
)

// A look session returns the tool's exact text but records no read: its
// own gate stays shut (it can change nothing) and no other session's gate
// moves.
func TestLookSessionRecordsNoRead(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "one\ntwo\n"})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	look, agent := r.LookSession(), r.NewSession()
	if !look.Looking() || agent.Looking() {
		t.Fatal("Looking() does not tell a look session from a working one")
	}
	got := mustOK(t, call(t, look, "repo_read_file", map[string]any{"path": "a.txt"}))
	want := mustOK(t, call(t, agent, "repo_read_file", map[string]any{"path": "a.txt"}))
	if got != want {
		t.Fatalf("look session text differs:\n%q\n%q", got, want)
	}
	if _, ok := look.Seen("a.txt"); ok {
		t.Fatal("a look session recorded a read")
	}
	if v := look.GateCheck("a.txt"); v.Allowed || v.Cause != GateNeverRead {
		t.Fatalf("look session gate: %+v, want never read", v)
	}
	mustRefuse(t, call(t, look, "repo_edit", map[string]any{"path": "a.txt", "old_string": "one", "new_string": "uno"}), "has not been read")
	// The agent's full read is untouched by more looking.
	mustOK(t, call(t, look, "repo_read_file", map[string]any{"path": "a.txt", "offset": 2, "limit": 1}))
	if v := agent.GateCheck("a.txt"); !v.Allowed {
		t.Fatalf("agent gate after looking: %+v", v)
	}
}

// A byte order mark is told, not just passed on in line 1's text.
func TestReadNotesAByteOrderMark(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"bom.go": "\ufeffpackage x\n", "mid.txt": "a\n\ufeffb\n"}))
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "bom.go"})),
		"bom.go — lines 1-1 of 1 (line 1 starts with a UTF-8 byte order mark (U+FEFF))\n1→\ufeffpackage x")
	if out := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "mid.txt"})); strings.Contains(out, "byte order mark") {
		t.Errorf("a U+FEFF inside the file is no byte order mark: %q", out)
	}
}
