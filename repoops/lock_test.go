package repoops

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// TestLockTwoGoroutinesExactlyOneWins: two sessions read the same file in
// full, then edit it at once. The lock serialises them; the second sees
// the first's write and is told the file changed.
func TestLockTwoGoroutinesExactlyOneWins(t *testing.T) {
	for round := range 20 {
		dir, s1 := editFixture(t, "f.txt", []byte("value = 0\n"), 0o644)
		s2 := openSession(t, dir)
		fullRead(t, s1, "f.txt")
		fullRead(t, s2, "f.txt")
		var wg sync.WaitGroup
		start := make(chan struct{})
		results := make([]Result, 2)
		for i, s := range []*Session{s1, s2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				results[i] = s.Call(context.Background(), "repo_edit", []byte(`{"path":"f.txt","old_string":"value = 0","new_string":"value = `+itoa(i+1)+`"}`))
			}()
		}
		close(start)
		wg.Wait()
		checkOneWinner(t, round, results[0], results[1], string(readBytes(t, dir, "f.txt")))
		noTempLeft(t, dir)
	}
}

func checkOneWinner(t *testing.T, round int, a, b Result, final string) {
	t.Helper()
	if a.IsError == b.IsError {
		t.Fatalf("round %d: want exactly one winner:\n%s\n%s", round, a.Text, b.Text)
	}
	win, lose, n := a, b, "1"
	if a.IsError {
		win, lose, n = b, a, "2"
	}
	mustContain(t, win.Text, "edited f.txt: 1 replacement at line 1")
	mustContain(t, lose.Text, "f.txt changed on disk since the read at", "read it again")
	if final != "value = "+n+"\n" {
		t.Fatalf("round %d: file %q, winner %s", round, final, n)
	}
}

// TestLockTwoProcessesExactlyOneWins runs the same race between two
// processes (this test binary, re-executed), as a TUI and an MCP server.
func TestLockTwoProcessesExactlyOneWins(t *testing.T) {
	if os.Getenv("REPOX_LOCK_CHILD") != "" {
		t.Skip("child")
	}
	for round := range 5 {
		dir, _ := editFixture(t, "f.txt", []byte("value = 0\n"), 0o644)
		type child struct {
			cmd *exec.Cmd
			in  *os.File
			out *bufio.Reader
		}
		var kids []child
		for i := 1; i <= 2; i++ {
			cmd := exec.Command(os.Args[0], "-test.run=^TestLockChildProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), "REPOX_LOCK_CHILD=1", "REPOX_LOCK_DIR="+dir, "REPOX_LOCK_VALUE="+itoa(i))
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
			kids = append(kids, child{cmd: cmd, in: stdin.(*os.File), out: bufio.NewReader(stdout)})
		}
		for _, k := range kids { // both have read the file in full
			if line, err := readChildLine(k.out); err != nil || line != "ready" {
				t.Fatalf("child: %q %v", line, err)
			}
		}
		for _, k := range kids {
			k.in.WriteString("go\n")
		}
		var res [2]Result
		for i, k := range kids {
			line, err := readChildLine(k.out)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(line), &res[i]); err != nil {
				t.Fatalf("child said %q", line)
			}
			k.in.Close()
			k.cmd.Wait()
		}
		checkOneWinner(t, round, res[0], res[1], string(readBytes(t, dir, "f.txt")))
	}
}

func readChildLine(r *bufio.Reader) (string, error) {
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", err
		}
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "CHILD ") {
			return strings.TrimPrefix(line, "CHILD "), nil
		}
	}
}

// TestLockChildProcess is the child of TestLockTwoProcessesExactlyOneWins:
// it reads the file, says ready, waits for go, edits, prints the result.
func TestLockChildProcess(t *testing.T) {
	if os.Getenv("REPOX_LOCK_CHILD") == "" {
		t.Skip("only run as a child process")
	}
	r, err := Open(os.Getenv("REPOX_LOCK_DIR"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s := r.NewSession()
	fullRead(t, s, "f.txt")
	os.Stdout.WriteString("CHILD ready\n")
	in := bufio.NewReader(os.Stdin)
	if _, err := in.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	res := s.Call(context.Background(), "repo_edit", []byte(`{"path":"f.txt","old_string":"value = 0","new_string":"value = `+os.Getenv("REPOX_LOCK_VALUE")+`"}`))
	b, _ := json.Marshal(Result{IsError: res.IsError, Text: res.Text})
	os.Stdout.WriteString("CHILD " + string(b) + "\n")
}
