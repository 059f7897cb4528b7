package transcript

import (
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

func execFrame(status, body string) string {
	return "Chunk ID: 7c1e\nWall time: 10.0 seconds\n" + status + "\nOriginal token count: 12\nOutput:\n" + body
}

// An exec_command that outlived yield_time_ms: its first answer is only
// the framing; the output comes with the write_stdin calls after it.
func TestCodexUnifiedExecJoinsItsChunks(t *testing.T) {
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "r1", "cwd": replaytest.Cwd}).
		Call("e1", "exec_command", map[string]any{"cmd": "sed -n '1,4p' a.go", "yield_time_ms": 10}).
		Out("e1", execFrame("Process running with session ID 42", "")).
		Call("w1", "write_stdin", map[string]any{"session_id": 42, "chars": ""}).
		Out("w1", execFrame("Process running with session ID 42", "one\ntw")).
		Call("r1", "read_file", map[string]any{"file_path": replaytest.Cwd + "/b.go"}).
		Out("r1", "L1: bee").
		Call("w2", "write_stdin", map[string]any{"session_id": 42, "chars": ""}).
		Out("w2", execFrame("Process exited with code 0", "o\nthree\nfour\n")).
		Call("e2", "exec_command", map[string]any{"cmd": "cat c.go"}).
		Out("e2", execFrame("Process exited with code 0", "see\n"))
	calls, st := readAllString(t, b.Sb.String())
	if len(calls) != 5 || st.Pending != 0 {
		t.Fatalf("%d calls, stats %+v", len(calls), st)
	}
	e := calls[0]
	if e.AgentTool != "exec_command" || e.NoResult || e.IsError || e.Saw == nil {
		t.Fatalf("exec call: %+v", e)
	}
	var got []string
	for _, l := range e.Saw.Lines {
		got = append(got, l.Text)
	}
	if strings.Join(got, "|") != "one|two|three|four" || e.Saw.Lines[0].N != 1 {
		t.Errorf("the agent saw %q of a.go, want the 4 lines joined from the chunks", got)
	}
	if !strings.Contains(e.Text, "session ID 42") || !strings.Contains(e.Text, "three") {
		t.Errorf("the text is not every chunk as shown: %q", e.Text)
	}
	for _, c := range []Call{calls[1], calls[3]} {
		if c.AgentTool != "write_stdin" || c.IsFileTool() || !strings.Contains(c.NoEquivalent, "session 42") {
			t.Errorf("write_stdin: %+v", c)
		}
	}
	if c := calls[4]; c.Saw == nil || len(c.Saw.Lines) != 1 || c.Saw.Lines[0].Text != "see" {
		t.Errorf("a complete output's framing is not file content: %+v", c.Saw)
	}
}

// A command still running when the transcript ends: no lines of it are
// taken for the file, and the header never is.
func TestCodexExecHeaderIsNeverFileContent(t *testing.T) {
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "r1", "cwd": replaytest.Cwd}).
		Call("e1", "exec_command", map[string]any{"cmd": "cat a.go"}).
		Out("e1", execFrame("Process running with session ID 7", "")).
		Line("event_msg", map[string]any{"type": "user_message", "message": "stop"}).
		Call("e2", "exec_command", map[string]any{"cmd": "cat a.go"}).
		Out("e2", "Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 1\nOutput:\ncat: a.go: No such file\n")
	calls, _ := readAllString(t, b.Sb.String())
	if len(calls) != 2 {
		t.Fatalf("%d calls", len(calls))
	}
	if c := calls[0]; !c.NoResult || c.Saw != nil {
		t.Errorf("a command that never finished: %+v saw %+v", c, c.Saw)
	}
	if c := calls[1]; !c.IsError || c.Saw != nil {
		t.Errorf("exit code 1 is an error: %+v", c)
	}
	for _, c := range calls {
		if c.Saw != nil {
			for _, l := range c.Saw.Lines {
				if strings.HasPrefix(l.Text, "Chunk ID") || l.Text == "Output:" {
					t.Errorf("header taken as file content: %+v", c.Saw)
				}
			}
		}
	}
}

// BenchmarkCodexExecManyPolls: one exec_command polled 20,000 times with
// 1 KiB of output each (20 MB of chunks). Each poll used to re-join every
// chunk so far (quadratic: a 28 MB rollout took 128 s to report, issue 43
// item 7); now each poll appends. ns/op over polls shows it: linear.
func BenchmarkCodexExecManyPolls(b *testing.B) {
	for _, polls := range []int{5_000, 20_000} {
		b.Run(strconv.Itoa(polls), func(b *testing.B) {
			x := &replaytest.Codex{T: b}
			x.Line("session_meta", map[string]any{"id": "r1", "cwd": replaytest.Cwd}).
				Call("e1", "exec_command", map[string]any{"cmd": "sleep 100; cat a.go", "yield_time_ms": 10}).
				Out("e1", execFrame("Process running with session ID 42", ""))
			chunk := strings.Repeat("x", 1023) + "\n"
			for i := range polls {
				id := "w" + strconv.Itoa(i)
				status := "Process running with session ID 42"
				if i == polls-1 {
					status = "Process exited with code 0"
				}
				x.Call(id, "write_stdin", map[string]any{"session_id": 42, "chars": ""}).Out(id, execFrame(status, chunk))
			}
			rollout := x.Sb.String()
			b.SetBytes(int64(len(rollout)))
			for b.Loop() {
				calls, _, err := ReadAll(strings.NewReader(rollout))
				if err != nil || len(calls) != polls+1 {
					b.Fatalf("%d calls: %v", len(calls), err)
				}
			}
		})
	}
}
