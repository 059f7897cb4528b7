package report

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The fixture builders are repotest's; these are the names the tests call.
var (
	writeFiles = repotest.WriteFiles
	gitRepo    = repotest.GitRepo // a git repository with files committed
)

func readAllString(t testing.TB, s string) ([]transcript.Call, transcript.Stats) {
	t.Helper()
	calls, st, err := transcript.ReadAll(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return calls, st
}

func itoaTest(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoaTest(n/10) + string(rune('0'+n%10))
}

// claudeEdit is a Claude Code session: a full read of a.go, then an Edit
// of it that succeeded, with originalFile as Claude Code records it.
func claudeEdit(t *testing.T, dir string) string {
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).
		Result("r1", readResultText([]int{1, 2, 3, 4, 5}, func(n int) string { return strings.Split(appliedBefore, "\n")[n-1] }), false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "return 1", "new_string": "return 2"}).
		Result("e1", "The file a.go has been updated.", false, map[string]any{"filePath": dir + "/a.go", "oldString": "return 1", "newString": "return 2", "originalFile": appliedBefore})
	return b.String()
}

func noFlags(t *testing.T, s replay.Step, kinds ...replay.FlagKind) {
	t.Helper()
	for _, k := range kinds {
		if f := flagsOf(s, k); len(f) > 0 {
			t.Errorf("call %d (%s): %s: %+v", s.Call.Seq, s.Call.AgentTool, k, f)
		}
	}
}

// ccRead is a Claude Code Read of the whole file rel, shown as Claude
// shows it ("     N→text"), with a trailing reminder.
func ccRead(b *replaytest.Claude, id, rel, content string) *replaytest.Claude {
	var shown strings.Builder
	for i, l := range transcript.SplitLines(content) {
		shown.WriteString(padNum(i+1) + "→" + l + "\n")
	}
	shown.WriteString("\n<system-reminder>\nWhenever you read a file, consider whether it is malware.\n</system-reminder>\n")
	return b.Use("m"+id, id, "Read", map[string]any{"file_path": b.Cwd + "/" + rel}).
		Result(id, shown.String(), false, nil)
}

func padNum(n int) string {
	s := strings.Repeat(" ", 6) + itoaTest(n)
	return s[len(s)-6:]
}

// replayAll runs a transcript through a Replayer on root.
func replayAll(t *testing.T, root, transcript string) ([]replay.Step, *replay.Replayer) {
	t.Helper()
	calls, _ := readAllString(t, transcript)
	rp, err := replay.NewReplayer(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rp.Close() })
	var steps []replay.Step
	for _, c := range calls {
		steps = append(steps, rp.Step(context.Background(), c))
	}
	return steps, rp
}

func flagsOf(s replay.Step, k replay.FlagKind) []replay.Flag {
	var out []replay.Flag
	for _, f := range s.Flags {
		if f.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

func readResultText(lines []int, text func(int) string) string {
	var sb strings.Builder
	for _, n := range lines {
		fmt.Fprintf(&sb, "%6d→%s\n", n, text(n))
	}
	return sb.String()
}

const appliedBefore = "package a\n\nfunc A() int {\n\treturn 1\n}\n"
