package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

const initLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
const initializedLine = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

func callLine(id int, tool string, args any) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
		"params": map[string]any{"name": tool, "arguments": args}})
	return string(b)
}

// rawServer starts `repox mcp` on pipes, without an SDK client, so a test can
// send any bytes and hang up at any moment.
type rawServer struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser
	stderr bytes.Buffer
}

func startRaw(t *testing.T, args ...string) *rawServer {
	t.Helper()
	r := &rawServer{cmd: exec.Command(repoxBin(t), append([]string{"mcp"}, args...)...)}
	r.cmd.Stderr = &r.stderr
	var err error
	if r.stdin, err = r.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if r.stdout, err = r.cmd.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *rawServer) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(r.stdin, l+"\n"); err != nil {
			t.Fatal(err)
		}
	}
}

// messages parses every stdout line as a JSON-RPC message: nothing else may
// be there.
func messages(t *testing.T, out []byte) map[string]*jsonrpc.Response {
	t.Helper()
	byID := map[string]*jsonrpc.Response{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	n := 0
	for sc.Scan() {
		n++
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &probe); err != nil {
			t.Fatalf("stdout line %d is not JSON: %q", n, sc.Text())
		}
		msg, err := jsonrpc.DecodeMessage(sc.Bytes())
		if err != nil && string(probe.ID) != "null" {
			t.Fatalf("stdout line %d is not a JSON-RPC message: %v: %q", n, err, sc.Text())
		}
		resp, _ := msg.(*jsonrpc.Response)
		if resp == nil {
			// an error answer with id null: decode it by hand
			var e struct {
				Error *jsonrpc.Error `json:"error"`
			}
			json.Unmarshal(sc.Bytes(), &e)
			resp = &jsonrpc.Response{Error: e.Error}
		}
		key := string(probe.ID)
		if key == "null" {
			key = fmt.Sprintf("null#%d", n)
		}
		byID[key] = resp
	}
	return byID
}

// A client that sends calls and closes its input at once still gets every
// answer: the call in flight finishes whole, is logged, and the server exits
// 0.
func TestInputClosedMidCallFinishesTheCall(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	content := strings.Repeat("0123456789abcdef\n", 60_000) // 1 MB
	r := startRaw(t, "--root", dir, "--log", logPath)
	r.send(t, initLine, initializedLine,
		callLine(2, "repo_write", map[string]any{"path": "out/big.txt", "content": content}),
		callLine(3, "repo_grep", map[string]any{"pattern": "needle"}))
	r.stdin.Close()
	out, _ := io.ReadAll(r.stdout)
	if err := r.cmd.Wait(); err != nil {
		t.Fatalf("exit: %v\nstderr: %s", err, r.stderr.String())
	}
	if r.stderr.Len() > 0 {
		t.Errorf("stderr: %s", r.stderr.String())
	}
	byID := messages(t, out)
	for _, id := range []string{"1", "2", "3"} {
		if resp, ok := byID[id]; !ok || resp.Error != nil {
			t.Errorf("request %s: answer %v", id, resp)
		}
	}
	got, err := os.ReadFile(filepath.Join(dir, "out/big.txt"))
	if err != nil || string(got) != content {
		t.Fatalf("out/big.txt: %d bytes, %v", len(got), err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "out"))
	if len(entries) != 1 {
		t.Errorf("out/ holds %d entries (a temp file left?)", len(entries))
	}
	recs := readLog(t, logPath)
	tools := map[string]bool{}
	for _, rec := range recs {
		tools[rec.Tool] = !rec.IsError
	}
	if len(recs) != 2 || !tools["repo_write"] || !tools["repo_grep"] {
		t.Fatalf("log: %d records, answered without refusal: %v", len(recs), tools)
	}
}

// A client that vanishes (both pipes closed) mid-call: the server exits 0,
// and the file is either untouched or whole, with no temp file left; the
// log holds whole lines only.
func TestClientGoneMidCallLeavesNothingHalfWritten(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	content := strings.Repeat("fedcba9876543210\n", 60_000)
	r := startRaw(t, "--root", dir, "--log", logPath)
	r.send(t, initLine, initializedLine,
		callLine(2, "repo_read_file", map[string]any{"path": "README.md"}),
		callLine(3, "repo_write", map[string]any{"path": "README.md", "content": content}),
		callLine(4, "repo_write", map[string]any{"path": "out/big.txt", "content": content}))
	r.stdout.Close()
	r.stdin.Close()
	if err := r.cmd.Wait(); err != nil {
		t.Fatalf("exit: %v\nstderr: %s", err, r.stderr.String())
	}
	if strings.Contains(r.stderr.String(), "panic") {
		t.Fatalf("stderr: %s", r.stderr.String())
	}
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil || (string(readme) != fixtureFiles["README.md"] && string(readme) != content) {
		t.Fatalf("README.md is neither old nor new: %d bytes %v", len(readme), err)
	}
	for _, folder := range []string{".", "out"} {
		entries, _ := os.ReadDir(filepath.Join(dir, folder))
		for _, e := range entries {
			name := filepath.Join(folder, e.Name())
			if _, known := fixtureFiles[filepath.ToSlash(name)]; known || e.IsDir() || name == "out/big.txt" {
				continue
			}
			t.Errorf("left behind: %s", name)
		}
	}
	if big, err := os.ReadFile(filepath.Join(dir, "out/big.txt")); err == nil && string(big) != content {
		t.Errorf("out/big.txt half-written: %d bytes", len(big))
	}
	readLog(t, logPath)
}

// A line that is not a JSON-RPC message gets an error answer and the server
// goes on (the SDK alone would end the connection).
func TestMalformedMessagesAreAnsweredAndTheServerGoesOn(t *testing.T) {
	dir := gitFixture(t)
	r := startRaw(t, "--root", dir)
	r.send(t, "this is not json", `[]`, `[{"jsonrpc":"2.0","id":5,"method":"ping"}]`,
		`{"jsonrpc":"1.0","id":7,"method":"ping"}`, `{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}`,
		initLine, initializedLine, "", "  ",
		`{"jsonrpc":"2.0","id":8,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":9,"method":"no/such"}`,
		callLine(10, "repo_tree", map[string]any{"max_depth": 1}))
	r.stdin.Close()
	out, _ := io.ReadAll(r.stdout)
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	byID := messages(t, out)
	var parseErrs, invalid int
	for key, resp := range byID {
		if strings.HasPrefix(key, "null#") {
			switch resp.Error.(*jsonrpc.Error).Code {
			case jsonrpc.CodeParseError:
				parseErrs++
			case jsonrpc.CodeInvalidRequest:
				invalid++
			}
		}
	}
	if parseErrs != 1 || invalid != 3 {
		t.Errorf("id-null answers: %d parse errors, %d invalid requests; want 1 and 3\n%s", parseErrs, invalid, out)
	}
	if e, ok := byID["7"].Error.(*jsonrpc.Error); !ok || e.Code != jsonrpc.CodeInvalidRequest {
		t.Errorf("wrong version tag: %v", byID["7"])
	}
	if e, ok := byID["9"].Error.(*jsonrpc.Error); !ok || e.Code != jsonrpc.CodeMethodNotFound {
		t.Errorf("unknown method: %v", byID["9"])
	}
	var list struct {
		Tools []struct{ Name string } `json:"tools"`
	}
	if byID["8"] == nil || json.Unmarshal(byID["8"].Result, &list) != nil || len(list.Tools) != 8 {
		t.Errorf("tools/list after the bad lines: %v", byID["8"])
	}
	var call struct {
		Content []struct{ Text string } `json:"content"`
	}
	if byID["10"] == nil || json.Unmarshal(byID["10"].Result, &call) != nil || len(call.Content) != 1 || !strings.Contains(call.Content[0].Text, "src/") {
		t.Errorf("tools/call after the bad lines: %v", byID["10"])
	}
}

// Calls sent back to back, without waiting, run in the order sent: a read of
// a file right after the (slow) write that creates it sees the file, an
// edit after that read is let through by the gate, and the log is in the
// order sent.
func TestCallsRunInTheOrderSent(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	content := strings.Repeat("a line that is written first\n", 40_000) + "last line\n"
	r := startRaw(t, "--root", dir, "--log", logPath)
	r.send(t, initLine, initializedLine,
		callLine(2, "repo_write", map[string]any{"path": "new.txt", "content": content}),
		callLine(3, "repo_grep", map[string]any{"pattern": "last line", "path": "new.txt"}),
		callLine(4, "repo_read_file", map[string]any{"path": "dup.txt"}),
		callLine(5, "repo_edit", map[string]any{"path": "dup.txt", "old_string": "y = 2", "new_string": "y = 7"}))
	r.stdin.Close()
	out, _ := io.ReadAll(r.stdout)
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	byID := messages(t, out)
	for _, id := range []string{"2", "3", "4", "5"} {
		var res struct {
			IsError bool `json:"isError"`
		}
		if byID[id] == nil || json.Unmarshal(byID[id].Result, &res) != nil || res.IsError {
			t.Errorf("call %s: %v", id, byID[id])
		}
	}
	recs := readLog(t, logPath)
	var order []string
	for _, rec := range recs {
		order = append(order, rec.Tool)
	}
	if strings.Join(order, " ") != "repo_write repo_grep repo_read_file repo_edit" {
		t.Fatalf("log order: %v", order)
	}
	if !strings.Contains(recs[1].Text, "new.txt:40001: last line") {
		t.Errorf("grep after the write: %s", recs[1].Text)
	}
}

// A call the client cancels before it starts is dropped: it never runs, gets
// no answer (a cancelled request needs none), and the end of input does not
// wait for it.
func TestCancelledQueuedCallNeverRuns(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	content := strings.Repeat("slow enough to keep the next call queued\n", 25_000)
	r := startRaw(t, "--root", dir, "--log", logPath)
	// One write: the cancellation is read while the write call runs.
	r.send(t, strings.Join([]string{initLine, initializedLine,
		callLine(2, "repo_write", map[string]any{"path": "slow.txt", "content": content}),
		callLine(3, "repo_write", map[string]any{"path": "cancelled.txt", "content": "never\n"}),
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"test"}}`,
		callLine(4, "repo_read_file", map[string]any{"path": "dup.txt"})}, "\n"))
	r.stdin.Close()
	out, _ := io.ReadAll(r.stdout)
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	byID := messages(t, out)
	if byID["2"] == nil || byID["4"] == nil {
		t.Fatalf("calls 2 and 4 not answered:\n%.500s", out)
	}
	if byID["3"] != nil {
		t.Errorf("the cancelled call was answered")
	}
	if _, err := os.Stat(filepath.Join(dir, "cancelled.txt")); err == nil {
		t.Errorf("the cancelled call ran")
	}
	var tools []string
	for _, rec := range readLog(t, logPath) {
		tools = append(tools, rec.Tool)
	}
	if strings.Join(tools, " ") != "repo_write repo_read_file" {
		t.Errorf("log: %v", tools)
	}
}

// SIGTERM (what a client sends a server that does not exit) ends the server
// with exit 0 after the call in flight.
func TestSigtermExitsCleanly(t *testing.T) {
	dir := gitFixture(t)
	r := startRaw(t, "--root", dir)
	r.send(t, initLine, initializedLine)
	br := bufio.NewReader(r.stdout)
	if _, err := br.ReadBytes('\n'); err != nil { // the initialize answer: the server is up
		t.Fatal(err)
	}
	if err := r.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGINT: %v\nstderr: %s", err, r.stderr.String())
	}
	r2 := startRaw(t, "--root", dir)
	r2.send(t, initLine, initializedLine)
	if _, err := bufio.NewReader(r2.stdout).ReadBytes('\n'); err != nil {
		t.Fatal(err)
	}
	r2.cmd.Process.Signal(syscall.SIGTERM)
	if err := r2.cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\nstderr: %s", err, r2.stderr.String())
	}
	r.stdin.Close()
	r2.stdin.Close()
}
