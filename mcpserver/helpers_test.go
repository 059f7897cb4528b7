package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The tests drive the built binary, as an MCP client does: built once per
// test binary run.
var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	done := repotest.IsolateCache() // the built repox must not touch the user's cache
	code := m.Run()
	done()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func repoxBin(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "repox-mcp-test-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "repox")
		args := []string{"build", "-o", binPath}
		if raceBuild {
			args = append(args, "-race")
		}
		cmd := exec.Command("go", append(args, "..")...)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// fixtureFiles is the repository the tests serve: a file with a needle, a
// file whose line occurs three times (an edit that names lines), a deep
// folder (the depth stop) and an ignored file.
var fixtureFiles = map[string]string{
	"src/main.go":              "package main\n\n// needle here\nfunc main() {\n\tprintln(\"hi\")\n}\n",
	"src/util.go":              "package main\n\nfunc util() int { return 1 } // NEEDLE\n",
	"dup.txt":                  "x = 1\ny = 2\nx = 1\nz = 3\nx = 1\n",
	"docs/a/b/c/d/deep.txt":    "deep\n",
	"README.md":                "# fixture\n",
	".gitignore":               "*.log\n",
	"build.log":                "ignored\n",
	"crlf.txt":                 "one\r\ntwo\r\n",
	"docs/a/sibling/notes.txt": "notes\n",
}

var writeFiles = repotest.WriteFiles

// gitFixture makes a git repository with fixtureFiles committed, with fixed
// names and dates so that two fixtures have the same commits.
func gitFixture(t testing.TB) string {
	t.Helper()
	return repotest.GitRepo(t, fixtureFiles)
}

// conn is one `repox mcp` process with a connected SDK client.
type conn struct {
	cs     *mcp.ClientSession
	cmd    *exec.Cmd
	stderr *syncBuffer

	stallAfter time.Duration // a call unanswered this long fails with a goroutine dump (stall_test.go)
	stalled    bool          // it did: the server was made to quit
	afterQuit  func()        // for the watchdog's own test
}

// connect starts `repox mcp ARGS...` and connects an SDK client to it over
// the command transport. The session is closed when the test ends.
func connect(t testing.TB, args ...string) *conn {
	t.Helper()
	cmd := exec.Command(repoxBin(t), append([]string{"mcp"}, args...)...)
	cmd.Env = append(os.Environ(), "GOTRACEBACK=all") // a SIGQUIT dump shows every goroutine
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "repox-test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// A long TerminateDuration: a server that does not exit when its input
	// ends must fail the test, not be stopped by SIGTERM and pass.
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 5 * time.Minute}, nil)
	if err != nil {
		t.Fatalf("connect: %v\nstderr: %s", err, stderr.String())
	}
	s := &conn{cs: cs, cmd: cmd, stderr: stderr, stallAfter: stallAfter}
	t.Cleanup(func() { s.close(t) })
	return s
}

// close ends the connection and checks the server exited cleanly and wrote
// nothing to stderr.
func (s *conn) close(t testing.TB) {
	t.Helper()
	if s.cs == nil {
		return
	}
	err := s.cs.Close()
	s.cs = nil
	if s.stalled {
		return // the test failed with the dump already
	}
	if err != nil || s.cmd.ProcessState == nil || !s.cmd.ProcessState.Success() {
		t.Errorf("server exit: %v\nstderr: %s", s.cmd.ProcessState, s.stderr.String())
	}
	if s.stderr.Len() > 0 {
		t.Errorf("server wrote to stderr: %s", s.stderr.String())
	}
}

// text is the one text content of a result.
func text(t testing.TB, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("want one content block, got %d", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, not text", res.Content[0])
	}
	return tc.Text
}

// repoxCall runs `repox call --root dir TOOL [ARGS]` as a process and returns
// the model text (stdout without the final newline) and the exit code.
func repoxCall(t testing.TB, dir, tool, args string) (string, int) {
	t.Helper()
	argv := []string{"call", "--root", dir, tool}
	if args != "" {
		argv = append(argv, args)
	}
	cmd := exec.Command(repoxBin(t), argv...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code == 2 {
		t.Fatalf("repox call %s %s: usage error: %s", tool, args, errb.String())
	}
	s := out.String()
	if !strings.HasSuffix(s, "\n") {
		t.Fatalf("repox call output does not end in a newline: %q", s)
	}
	return strings.TrimSuffix(s, "\n"), code
}

// batchLine is one call for `repox call --batch`.
type batchLine struct {
	tool, args string
}

// repoxBatch runs calls in one `repox call --batch` session and returns each
// call's text and isError.
func repoxBatch(t testing.TB, dir string, calls []batchLine) (texts []string, isErr []bool) {
	t.Helper()
	var in bytes.Buffer
	for _, c := range calls {
		args := c.args
		if args == "" {
			args = "{}"
		}
		fmt.Fprintf(&in, "{\"tool\":%q,\"args\":%s}\n", c.tool, args)
	}
	cmd := exec.Command(repoxBin(t), "call", "--root", dir, "--batch")
	cmd.Stdin = &in
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("repox call --batch: %v", err)
	}
	refused := false
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		var rec struct {
			IsError bool   `json:"isError"`
			Text    string `json:"text"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("batch line %q: %v", line, err)
		}
		texts = append(texts, rec.Text)
		isErr = append(isErr, rec.IsError)
		refused = refused || rec.IsError
	}
	if refused != (err != nil) {
		t.Fatalf("repox call --batch: exit status %v, yet a call refused: %v (exit 1 when any call is refused)", err, refused)
	}
	if len(texts) != len(calls) {
		t.Fatalf("batch: %d answers for %d calls", len(texts), len(calls))
	}
	return texts, isErr
}
