package mcpserver

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// slowDiffRepo is a git repository whose `repo_git diff` takes git seconds:
// a committed file of 300,000 one-letter lines, rewritten at random, so the
// diff has no long common runs to skip.
func slowDiffRepo(t *testing.T) string {
	t.Helper()
	lines := func(seed int64) string {
		r := rand.New(rand.NewSource(seed))
		var b strings.Builder
		for range 300_000 {
			b.WriteByte("ab"[r.Intn(2)])
			b.WriteByte('\n')
		}
		return b.String()
	}
	dir := repotest.GitRepo(t, map[string]string{"big.txt": lines(1), "dup.txt": fixtureFiles["dup.txt"]})
	writeFiles(t, dir, map[string]string{"big.txt": lines(2)})
	return dir
}

// answerReader reads the server's stdout one message at a time.
type answerReader struct {
	br *bufio.Reader
}

type answer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	raw string
}

func (ar *answerReader) next(t *testing.T) (answer, bool) {
	t.Helper()
	line, err := ar.br.ReadBytes('\n')
	if len(line) == 0 && err != nil {
		return answer{}, false
	}
	var a answer
	if err := json.Unmarshal(line, &a); err != nil {
		t.Fatalf("stdout line is not JSON: %q", line)
	}
	a.raw = string(line)
	return a, true
}

// A malformed line that reuses the id of the call in flight is answered
// with id null (its answer is not the call's), the call in flight is not
// taken as answered: the next call waits for it, and when stdin closes the
// call in flight finishes whole and gets its one answer.
func TestReusedIDDoesNotAnswerTheCallInFlight(t *testing.T) {
	dir := slowDiffRepo(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	r := startRaw(t, "--root", dir, "--log", logPath)
	ar := &answerReader{br: bufio.NewReaderSize(r.stdout, 1<<20)}
	// The ping follows the diff in the queue, so its answer means the diff
	// was given to the SDK and runs.
	r.send(t, initLine, initializedLine,
		callLine(2, "repo_git", map[string]any{"cmd": "diff"}),
		`{"jsonrpc":"2.0","id":50,"method":"ping"}`)
	for {
		a, ok := ar.next(t)
		if !ok {
			t.Fatalf("stdout ended before the ping's answer; stderr %s", r.stderr.String())
		}
		if string(a.ID) == "2" {
			t.Fatalf("the diff was answered before the ping: it is too fast for this test")
		}
		if string(a.ID) == "50" {
			break
		}
	}
	// Same id as the call in flight, then the next call, then the end.
	r.send(t, `{"jsonrpc":"1.0","id":2,"method":"tools/call"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		callLine(3, "repo_read_file", map[string]any{"path": "dup.txt"}))
	r.stdin.Close()
	var answers []answer
	for {
		a, ok := ar.next(t)
		if !ok {
			break
		}
		answers = append(answers, a)
	}
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	var diffAnswers, nullRefusals int
	var order []string
	for _, a := range answers {
		order = append(order, string(a.ID))
		switch string(a.ID) {
		case "2":
			diffAnswers++
			var res struct {
				IsError bool
				Content []struct{ Text string }
			}
			if a.Error != nil || json.Unmarshal(a.Result, &res) != nil || res.IsError || len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, "big.txt") {
				t.Errorf("the diff's answer is not its result: %.300s", a.raw)
			}
		case "null":
			nullRefusals++
			if a.Error == nil || !strings.Contains(a.Error.Message, "id 2") {
				t.Errorf("the refusal of a reused id does not name it: %.300s", a.raw)
			}
		}
	}
	if diffAnswers != 1 || nullRefusals != 2 {
		t.Errorf("answers %v: want one answer with id 2 (the diff's) and two refusals with id null", order)
	}
	recs := readLog(t, logPath)
	if len(recs) != 2 || recs[0].Tool != "repo_git" || recs[1].Tool != "repo_read_file" {
		t.Fatalf("log: %v, want repo_git then repo_read_file", logTools(recs))
	}
	diffEnd := recs[0].Time.Add(time.Duration(recs[0].DurationMs * float64(time.Millisecond)))
	if recs[1].Time.Before(diffEnd) {
		t.Errorf("the read started at %v, before the diff ended at %v: the calls overlapped", recs[1].Time, diffEnd)
	}
}

// A call the client cancels while it runs still holds back the next call
// until it has stopped: calls never overlap, and the end of input waits.
func TestCancelledRunningCallStopsBeforeTheNext(t *testing.T) {
	dir := slowDiffRepo(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	r := startRaw(t, "--root", dir, "--log", logPath)
	ar := &answerReader{br: bufio.NewReaderSize(r.stdout, 1<<20)}
	r.send(t, initLine, initializedLine,
		callLine(2, "repo_git", map[string]any{"cmd": "diff"}),
		`{"jsonrpc":"2.0","id":50,"method":"ping"}`)
	for {
		a, ok := ar.next(t)
		if !ok {
			t.Fatalf("stdout ended before the ping's answer; stderr %s", r.stderr.String())
		}
		if string(a.ID) == "2" {
			t.Fatalf("the diff was answered before the ping: it is too fast for this test")
		}
		if string(a.ID) == "50" {
			break
		}
	}
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"test"}}`,
		callLine(3, "repo_read_file", map[string]any{"path": "dup.txt"}))
	r.stdin.Close()
	var ids []string
	for {
		a, ok := ar.next(t)
		if !ok {
			break
		}
		ids = append(ids, string(a.ID))
	}
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	if strings.Join(ids, " ") != "2 3" && strings.Join(ids, " ") != "3" {
		t.Errorf("answers %v, want the read's (after the cancelled diff's, if any)", ids)
	}
	recs := readLog(t, logPath)
	if len(recs) != 2 || recs[0].Tool != "repo_git" || recs[1].Tool != "repo_read_file" {
		t.Fatalf("log: %v, want repo_git then repo_read_file", logTools(recs))
	}
	diffEnd := recs[0].Time.Add(time.Duration(recs[0].DurationMs * float64(time.Millisecond)))
	if recs[1].Time.Before(diffEnd) {
		t.Errorf("the read started at %v, before the cancelled diff stopped at %v: the calls overlapped", recs[1].Time, diffEnd)
	}
}

func logTools(recs []repoops.CallRecord) []string {
	var tools []string
	for _, rec := range recs {
		tools = append(tools, rec.Tool)
	}
	return tools
}
