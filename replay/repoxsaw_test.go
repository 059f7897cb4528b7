package replay

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

// listingFixture: files a listing names, one with a name the quoting rule
// quotes (it holds ":12:"), a symlink, and a folder left unlisted.
func listingFixture(t *testing.T) string {
	dir := gitRepo(t, map[string]string{
		"a.go":            "package a // needle\n",
		"pkg/b.go":        "package pkg // needle\n",
		"pkg/odd:12:x.go": "needle\n",
		"deep/er/c.go":    "c\n",
	})
	return dir
}

// repoxRecords runs calls through repoops on dir and returns the log
// lines; strip drops the structured result (an older log, or text only).
func repoxRecords(t *testing.T, dir string, strip bool, calls ...[2]string) string {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	s := repo.NewSession()
	var b strings.Builder
	for _, c := range calls {
		rec, _ := s.CallRecorded(context.Background(), c[0], []byte(c[1]))
		rec.Session = "s1"
		if strip {
			rec.Structured = nil
		}
		line, err := repoops.MarshalCallRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	return b.String()
}

// The repox log's repo_tree, repo_find and repo_grep results mark the files
// they named as listed, from the structured result or, without one, from
// the text; both give the same paths, in display form.
func TestRepoxListingsMarkListed(t *testing.T) {
	dir := listingFixture(t)
	calls := [][2]string{
		{"repo_tree", `{"max_depth":2}`},
		{"repo_find", `{"query":"b.go"}`},
		{"repo_grep", `{"pattern":"needle"}`},
	}
	want := [][]string{
		{"a.go", "pkg/b.go", repoops.DisplayPath("pkg/odd:12:x.go")},
		{"pkg/b.go"},
		{"a.go", "pkg/b.go", repoops.DisplayPath("pkg/odd:12:x.go")},
	}
	for _, strip := range []bool{false, true} {
		got, _ := readAllString(t, repoxRecords(t, dir, strip, calls...))
		for i, c := range got {
			if c.Saw == nil {
				t.Fatalf("strip=%v: %s shows nothing listed:\n%s", strip, c.AgentTool, c.Text)
			}
			ps := slices.Clone(c.Saw.Paths)
			slices.Sort(ps)
			w := slices.Clone(want[i])
			slices.Sort(w)
			if !slices.Equal(ps, w) {
				t.Errorf("strip=%v: %s listed %q, want %q\n%s", strip, c.AgentTool, ps, w, c.Text)
			}
		}
		steps, rp := replayAll(t, dir, repoxRecords(t, dir, strip, calls...))
		for _, p := range []string{"a.go", "pkg/b.go"} {
			if f, ok := rp.Horizon().File(p); !ok || !f.Listed {
				t.Errorf("strip=%v: %s is not on the horizon as listed: %+v", strip, p, f)
			}
		}
		if _, ok := rp.Horizon().File("deep/er/c.go"); ok {
			t.Errorf("strip=%v: a file below the depth limit is marked", strip)
		}
		for _, s := range steps {
			if len(s.Flags) > 0 {
				t.Errorf("strip=%v: %s: findings on an unchanged tree: %+v", strip, s.Call.AgentTool, s.Flags)
			}
		}
	}
}

// A cut listing says it was cut, and counted.
func TestRepoxTreeCutIsCounted(t *testing.T) {
	dir := listingFixture(t)
	for _, strip := range []bool{false, true} {
		got, _ := readAllString(t, repoxRecords(t, dir, strip, [2]string{"repo_tree", `{"max_entries":2}`}))
		if s := got[0].Saw; s == nil || !s.Cut || !s.Counted || len(s.Paths) > 2 {
			t.Errorf("strip=%v: %+v\n%s", strip, s, got[0].Text)
		}
	}
}

// Claude Code and Codex calling repox's tools over MCP: the same parser
// reads what the text showed.
func TestMCPRepoxCallsMarkWhatTheyShowed(t *testing.T) {
	dir := listingFixture(t)
	var recs []repoops.CallRecord
	for _, line := range strings.Split(strings.TrimSpace(repoxRecords(t, dir, true,
		[2]string{"repo_grep", `{"pattern":"needle"}`}, [2]string{"repo_read_file", `{"path":"a.go"}`})), "\n") {
		r, err := repoops.UnmarshalCallRecord([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "g", "mcp__repox__repo_grep", map[string]any{"pattern": "needle"}).
		Result("g", []any{map[string]any{"type": "text", "text": recs[0].Text}}, false, nil).
		Use("m2", "r", "mcp__repox__repo_read_file", map[string]any{"path": "a.go"}).Result("r", recs[1].Text, false, nil)
	steps, rp := replayAll(t, dir, b.String())
	if f, ok := rp.Horizon().File("pkg/b.go"); !ok || !f.Listed {
		t.Errorf("Claude Code's mcp repo_grep marks nothing listed: %+v", steps[0].Call.Saw)
	}
	if f, ok := rp.Horizon().File("a.go"); !ok || len(f.Read) != 1 || f.Read[0] != (LineRange{1, 1}) {
		t.Errorf("Claude Code's mcp repo_read_file marks no read: %+v %+v", f, steps[1].Call.Saw)
	}
	if s := steps[1].Call.Saw; s == nil || s.TotalLines != 1 {
		t.Errorf("total lines not read from the header: %+v", s)
	}

	out, _ := json.Marshal(recs[0].Text)
	cx := strings.Join([]string{
		`{"timestamp":"2026-01-30T18:19:00.000Z","type":"session_meta","payload":{"id":"x-1","cwd":` + string(mustJSON(t, dir)) + `}}`,
		`{"timestamp":"2026-01-30T18:19:01.000Z","type":"response_item","payload":{"type":"function_call","name":"mcp__repox__repo_grep","call_id":"c1","arguments":"{\"pattern\":\"needle\"}"}}`,
		`{"timestamp":"2026-01-30T18:19:02.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":` + string(out) + `}}`,
	}, "\n") + "\n"
	calls, _ := readAllString(t, cx)
	if len(calls) != 1 || calls[0].Saw == nil || !slices.Contains(calls[0].Saw.Paths, "pkg/b.go") {
		t.Errorf("Codex's mcp repo_grep marks nothing listed: %+v", calls)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
