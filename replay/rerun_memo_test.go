package replay

import (
	"context"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// replayMemo replays a transcript as a report does: with the search memo
// on. It returns the steps and how many calls the agent's sessions ran.
func replayMemo(t *testing.T, root, text string) ([]Step, int) {
	t.Helper()
	calls, _ := readAllString(t, text)
	rp, err := NewReplayer(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rp.Close() })
	rp.memo.on = true
	ran := 0
	watched := map[*repoops.Session]bool{}
	var steps []Step
	for _, c := range calls {
		if !watched[rp.sess] {
			watched[rp.sess] = true
			rp.sess.Observe(func(repoops.CallRecord) { ran++ })
		}
		steps = append(steps, rp.Step(context.Background(), c))
	}
	return steps, ran
}

func TestReportAnswersARepeatedSearchOnce(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "needle one\n", "b.go": "no\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	for _, id := range []string{"g1", "g2", "g3"} {
		b.Use("m"+id, id, "Grep", map[string]any{"pattern": "needle", "output_mode": "files_with_matches"}).
			Result(id, "Found 1 file\n"+dir+"/a.go", false, nil)
	}
	steps, ran := replayMemo(t, dir, b.String())
	if ran != 1 {
		t.Errorf("three identical searches ran %d times; the memo should answer the second and third", ran)
	}
	for i, s := range steps {
		if len(s.Now) != 1 || s.Now[0].Text != steps[0].Now[0].Text || !strings.Contains(s.Now[0].Text, "a.go") {
			t.Errorf("step %d: %+v", i+1, s.Now)
		}
	}
}

func TestReportSearchAfterAReplayedEditSeesTheEdit(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "needle one\n", "b.go": "plain\n", "c.go": "plain\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	grep := func(id string) {
		b.Use("m"+id, id, "Grep", map[string]any{"pattern": "needle", "output_mode": "files_with_matches"}).
			Result(id, "Found 1 file\n"+dir+"/a.go", false, nil)
	}
	edit := func(id, file string) {
		b.Use("r"+id, "r"+id, "Read", map[string]any{"file_path": dir + "/" + file}).
			Result("r"+id, "     1→plain\n", false, nil).
			Use("m"+id, id, "Edit", map[string]any{"file_path": dir + "/" + file, "old_string": "plain", "new_string": "needle " + file}).
			Result(id, "The file has been updated.", false, nil)
	}
	edit("e1", "b.go") // the copy is made here: the searches after it run there
	grep("g1")
	edit("e2", "c.go") // a change on the copy, with the memo holding g1's answer
	grep("g2")
	steps, _ := replayMemo(t, dir, b.String())
	var answers []string
	for _, s := range steps {
		if s.Call.AgentTool == "Grep" {
			answers = append(answers, s.Now[0].Text)
		}
	}
	if len(answers) != 2 {
		t.Fatalf("%d searches replayed", len(answers))
	}
	if strings.Contains(answers[0], "c.go") || !strings.Contains(answers[1], "c.go") || !strings.Contains(answers[1], "b.go") {
		t.Errorf("the search after the edit must see it:\nbefore: %s\nafter: %s", answers[0], answers[1])
	}
}

func TestOnlyReads(t *testing.T) {
	for _, c := range []struct {
		tools []string
		want  bool
	}{
		{[]string{"repo_grep"}, true},
		{[]string{"repo_read_file", "repo_git"}, true},
		{nil, false}, // a shell command repox does not re-run
		{[]string{"repo_grep", "repo_edit"}, false},
		{[]string{"repo_write"}, false},
		{[]string{"repo_insert"}, false},
	} {
		var call transcript.Call
		for _, tool := range c.tools {
			call.Repox = append(call.Repox, transcript.ToolCall{Tool: tool})
		}
		if got := onlyReads(call); got != c.want {
			t.Errorf("onlyReads(%v) = %v, want %v", c.tools, got, c.want)
		}
	}
}

// The memo holds at most memoMaxBytes of answers however many distinct
// searches a session makes (issue 43 item 6: 2.1 MB of distinct searches
// kept 430 MB alive), and a search made again after its answer turned old
// is still answered from the memo.
func TestReportMemoIsBoundedByBytes(t *testing.T) {
	m := searchMemo{on: true}
	rp := &Replayer{}
	big := repoops.CallRecord{Text: strings.Repeat("x", 100<<10)}
	runs := 0
	run := func() repoops.CallRecord { runs++; return big }
	for i := range 1000 {
		m.call(rp, "repo_grep", []byte(strings.Repeat("k", i)), run)
		held := 0
		for _, g := range []map[string]repoops.CallRecord{m.recs, m.old} {
			for k, rec := range g {
				held += memoCost(k, rec)
			}
		}
		if held > memoMaxBytes {
			t.Fatalf("after %d distinct searches the memo holds %d bytes (bound %d)", i+1, held, memoMaxBytes)
		}
	}
	if runs != 1000 {
		t.Fatalf("1000 distinct searches ran %d times", runs)
	}
	m.call(rp, "repo_grep", []byte(strings.Repeat("k", 999)), run) // young
	last := ""
	for k := range m.old {
		last = k
	}
	m.call(rp, "repo_grep", []byte(strings.TrimPrefix(last, "repo_grep\x00")), run) // old: moved back
	if runs != 1000 {
		t.Errorf("searches the memo holds ran again (%d runs)", runs)
	}
}
