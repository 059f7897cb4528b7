package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// editBatch runs `repox call --root DIR --batch` with one JSON line per
// call and returns one decoded answer per call.
func editBatch(t *testing.T, dir string, calls ...string) []repoops.CallRecord {
	t.Helper()
	code, out, errs := runCLI(t, strings.Join(calls, "\n")+"\n", "call", "--root", dir, "--batch")
	var res []repoops.CallRecord
	want := exitOK
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var o repoops.CallRecord
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("bad output line %q: %v", line, err)
		}
		if o.IsError {
			want = exitRefused
		}
		res = append(res, o)
	}
	if code != want {
		t.Fatalf("exit %d, want %d: %s", code, want, errs)
	}
	if len(res) != len(calls) {
		t.Fatalf("%d answers for %d calls:\n%s", len(res), len(calls), out)
	}
	return res
}

func editFile(t *testing.T, content string) (string, string) {
	t.Helper()
	dir := repotest.PlainDir(t, map[string]string{"notes.txt": content})
	return dir, filepath.Join(dir, "notes.txt")
}

func TestBatchReadEditReadShowsTheChange(t *testing.T) {
	dir, p := editFile(t, "alpha\nbeta\ngamma\n")
	res := editBatch(t, dir,
		`{"tool":"repo_read_file","args":{"path":"notes.txt"}}`,
		`{"tool":"repo_edit","args":{"path":"notes.txt","old_string":"beta","new_string":"BETA\nbeta2"}}`,
		`{"tool":"repo_read_file","args":{"path":"notes.txt"}}`,
		`{"tool":"repo_insert","args":{"path":"notes.txt","after_line":0,"content":"top"}}`,
		`{"tool":"repo_write","args":{"path":"sub/new.txt","content":"fresh\n"}}`,
	)
	for i, r := range res {
		if r.IsError {
			t.Fatalf("call %d refused: %s", i+1, r.Text)
		}
	}
	if want := "edited notes.txt: 1 replacement at line 2; the file now has 4 lines\n1→alpha\n2→BETA\n3→beta2\n4→gamma"; res[1].Text != want {
		t.Fatalf("edit said\n%s\nwant\n%s", res[1].Text, want)
	}
	if want := "notes.txt — lines 1-4 of 4\n1→alpha\n2→BETA\n3→beta2\n4→gamma"; res[2].Text != want {
		t.Fatalf("read after edit:\n%s", res[2].Text)
	}
	mustFile(t, p, "top\nalpha\nBETA\nbeta2\ngamma\n")
	mustFile(t, filepath.Join(dir, "sub", "new.txt"), "fresh\n")
}

func TestBatchEditAfterGateRefusalLeavesFileUntouched(t *testing.T) {
	content := strings.Repeat("row\n", 1399) + "last\n"
	dir, p := editFile(t, content)
	res := editBatch(t, dir,
		`{"tool":"repo_edit","args":{"path":"notes.txt","old_string":"last","new_string":"LAST"}}`,
		`{"tool":"repo_read_file","args":{"path":"notes.txt"}}`,
		`{"tool":"repo_edit","args":{"path":"notes.txt","old_string":"last","new_string":"LAST"}}`,
		`{"tool":"repo_insert","args":{"path":"notes.txt","after_line":1400,"content":"x"}}`,
		`{"tool":"repo_write","args":{"path":"notes.txt","content":"gone\n"}}`,
	)
	if !res[0].IsError || !strings.Contains(res[0].Text, "notes.txt has not been read in this session") {
		t.Fatalf("edit without a read: %+v", res[0])
	}
	// the default read showed lines 1-1000: every change here needs line
	// 1,400 (or all lines), which it never showed
	for _, r := range res[2:] {
		if !r.IsError || !strings.Contains(r.Text, "notes.txt: line 1,400 has not been read in this session — read it with offset=1001 limit=400 first") &&
			!strings.Contains(r.Text, "notes.txt: lines 1,001-1,400 have not been read in this session — read them with offset=1001 limit=400 first") {
			t.Fatalf("after a default-limit read: %+v", r)
		}
	}
	mustFile(t, p, content)

	// a single call is its own session: never read, so refused, exit 1
	code, out, _ := runCLI(t, "", "call", "--root", dir, "repo_edit", `{"path":"notes.txt","old_string":"last","new_string":"LAST"}`)
	if code != exitRefused || !strings.Contains(out, "has not been read in this session") {
		t.Fatalf("exit %d: %s", code, out)
	}
	mustFile(t, p, content)
}

func TestBatchOutsideWriteBetweenReadAndEditIsRefused(t *testing.T) {
	dir, p := editFile(t, "a\nb\n")
	// one batch session driven through a pipe, so that a same-size outside
	// write lands between its read and its edit
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int)
	go func() {
		done <- Execute(t.Context(), []string{"call", "--root", dir, "--batch"}, r, outW, os.Stderr)
		outW.Close()
	}()
	dec := json.NewDecoder(outR)
	w.WriteString(`{"tool":"repo_read_file","args":{"path":"notes.txt"}}` + "\n")
	var o repoops.CallRecord
	if err := dec.Decode(&o); err != nil || o.IsError {
		t.Fatalf("read: %v %+v", err, o)
	}
	if err := os.WriteFile(p, []byte("a\nB\n"), 0o644); err != nil { // same size
		t.Fatal(err)
	}
	w.WriteString(`{"tool":"repo_edit","args":{"path":"notes.txt","old_string":"a","new_string":"A"}}` + "\n")
	if err := dec.Decode(&o); err != nil {
		t.Fatal(err)
	}
	w.Close()
	<-done
	if !o.IsError || !strings.Contains(o.Text, "notes.txt changed on disk since the read at") || !strings.Contains(o.Text, "read it again") {
		t.Fatalf("edit after an outside write: %+v", o)
	}
	mustFile(t, p, "a\nB\n")
}

func mustFile(t *testing.T, p, want string) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Fatalf("%s is %q, want %q", p, b, want)
	}
}

// TestBatchWritesCallRecords: every --batch answer is a versioned CallRecord
// of one session, with the arguments as sent.
func TestBatchWritesCallRecords(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	recs := editBatch(t, dir, `{"tool":"repo_read_file","args":{"path":"a.txt"}}`, `{"tool":"repo_tree","args":{}}`)
	for i, rec := range recs {
		if rec.V != repoops.CallRecordVersion || rec.Session == "" || rec.Session != recs[0].Session || rec.Time.IsZero() {
			t.Fatalf("answer %d is not a versioned record of one session: %+v", i, rec)
		}
	}
	if string(recs[0].Args) != `{"path":"a.txt"}` || recs[0].Tool != "repo_read_file" {
		t.Fatalf("arguments as sent not kept: %s", recs[0].Args)
	}
}
