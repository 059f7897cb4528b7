package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// readLog reads a call log, failing on any line that is not a whole record.
func readLog(t *testing.T, path string) []repoops.CallRecord {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Fatalf("log ends inside a line")
	}
	r := repoops.NewCallRecordReader(bytes.NewReader(data))
	var recs []repoops.CallRecord
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	if r.Skipped > 0 || r.Partial {
		t.Fatalf("log has %d lines that are not records (last: %s), partial %v", r.Skipped, r.LastErr, r.Partial)
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d does not parse: %v", i+1, err)
		}
	}
	return recs
}

// Each call is one record: the exact text, arguments as sent, isError, the
// connection's session id; the file is created 0600.
func TestCallLogRecordsEveryCall(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "state", "repox", "mcp.jsonl")
	c := connect(t, "--root", dir, "--log", logPath)
	calls := []batchLine{
		{"repo_read_file", `{"path":"dup.txt"}`},
		{"repo_edit", `{"path":"dup.txt","old_string":"y = 2","new_string":"y = 3"}`},
		{"repo_tree", `{"bogus":true}`},
		{"repo_read_file", `["not","an","object"]`},
	}
	var texts []string
	for _, bc := range calls {
		res, err := c.call(t, bc.tool, bc.args)
		if err == nil {
			texts = append(texts, text(t, res))
		} else {
			texts = append(texts, "")
		}
	}
	c.close(t)
	st, err := os.Stat(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v, want 0600", st.Mode().Perm())
	}
	recs := readLog(t, logPath)
	if len(recs) != len(calls) {
		t.Fatalf("%d records for %d calls", len(recs), len(calls))
	}
	for i, rec := range recs {
		if rec.V != repoops.CallRecordVersion || rec.Tool != calls[i].tool || rec.Session == "" || rec.Session != recs[0].Session {
			t.Errorf("record %d: %+v", i, rec)
		}
		var got, want any
		json.Unmarshal(rec.Args, &got)
		json.Unmarshal([]byte(calls[i].args), &want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("record %d args %s, sent %s", i, rec.Args, calls[i].args)
		}
		if texts[i] != "" && rec.Text != texts[i] {
			t.Errorf("record %d text %q, the client got %q", i, rec.Text, texts[i])
		}
	}
	if recs[0].IsError || recs[1].IsError || !recs[2].IsError || !recs[3].IsError {
		t.Errorf("isError: %v %v %v %v", recs[0].IsError, recs[1].IsError, recs[2].IsError, recs[3].IsError)
	}
}

// Two servers appending to one file at once: every line is a whole record,
// none interleaved, and every call of each is there. The texts are far over
// the pipe buffer size, so a line written in pieces would show.
func TestTwoServersLogToOneFile(t *testing.T) {
	dir := gitFixture(t)
	var big strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&big, "line %d of a file long enough that one log line is many kilobytes\n", i)
	}
	writeFiles(t, dir, map[string]string{"big.txt": big.String()})
	logPath := filepath.Join(t.TempDir(), "shared.jsonl")
	const perServer = 25
	conns := []*conn{connect(t, "--root", dir, "--log", logPath), connect(t, "--root", dir, "--log", logPath)}
	var wg sync.WaitGroup
	errs := make(chan error, 2*perServer)
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perServer {
				res, err := c.call(t, "repo_read_file", fmt.Sprintf(`{"path":"big.txt","offset":%d}`, i+1))
				if err != nil || res.IsError {
					errs <- fmt.Errorf("call %d: %v %v", i, err, res)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, c := range conns {
		c.close(t)
	}
	recs := readLog(t, logPath)
	perSession := map[string]int{}
	for _, rec := range recs {
		perSession[rec.Session]++
		if len(rec.Text) < 40000 || !strings.HasPrefix(rec.Text, "big.txt — lines ") {
			t.Fatalf("record text %.80q… (%d bytes)", rec.Text, len(rec.Text))
		}
	}
	if len(perSession) != 2 {
		t.Fatalf("sessions in the log: %v", perSession)
	}
	for s, n := range perSession {
		if n != perServer {
			t.Errorf("session %s: %d records, want %d", s, n, perServer)
		}
	}
}

// runMCP runs `repox mcp ARGS` with stdin as given and returns the exit
// code, stdout and stderr.
func runMCP(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(repoxBin(t), append([]string{"mcp"}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String(), errb.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// Startup errors (a root that is not a folder, a log that cannot be opened,
// a stray argument) exit 2 with a sentence on stderr and nothing on stdout.
func TestStartupErrors(t *testing.T) {
	dir := gitFixture(t)
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"file.txt": "a file\n"})
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--root", filepath.Join(dir, "dup.txt")}, "is not a folder"},
		{[]string{"--root", filepath.Join(dir, "missing")}, "cannot open"},
		{[]string{"--root", dir, "--log", filepath.Join(outside, "file.txt", "x.jsonl")}, "cannot create its folder"},
		{[]string{"--root", dir, "--log", outside}, "cannot open the call log"},
		{[]string{"--root", dir, "--log", dir}, "inside the served folder"},
		{[]string{"--root", dir, "--log", fifo}, "cannot open the call log"},
		{[]string{"--root", dir, "--log", "/dev/null"}, "not a regular file"},
		{[]string{"--root", dir, "extra"}, `unexpected argument "extra"`},
		{[]string{"--bogus"}, "unknown flag: --bogus — run 'repox mcp --help'"},
	}
	for _, tc := range cases {
		code, out, errOut := runMCP(t, "", tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("repox mcp %v: exit %d, stdout %q, stderr %q (want %q)", tc.args, code, out, errOut, tc.want)
		}
	}
}
