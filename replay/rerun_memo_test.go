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
