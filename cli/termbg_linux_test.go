package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY makes a pseudo-terminal pair from /dev/ptmx, so the tests need
// no terminal of their own (CI has none).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(); m.Close() })
	return m, s
}

// The child half of the tests below: this test binary run again with its
// standard streams on a pseudo-terminal.
func TestHelpOnAPTYChild(t *testing.T) {
	args := os.Getenv("REPOX_PTY_CHILD_ARGS")
	if args == "" {
		t.Skip("runs only as the child of TestHelpOnASilentTerminalDoesNotWait")
	}
	os.Exit(Execute(context.Background(), strings.Fields(args), os.Stdin, os.Stdout, os.Stderr))
}

// runOnPTY runs `repox ARGS` (this test binary's child half) with stdin,
// stdout and stderr on a fresh pty whose other end answers with answer
// (nothing when empty) and otherwise only reads; it returns what the
// child wrote and how long it ran. A child still running after hang is
// killed: the test fails, never waits.
func runOnPTY(t *testing.T, answer string, hang time.Duration, args ...string) (string, time.Duration) {
	t.Helper()
	master, slave := openPTY(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelpOnAPTYChild$")
	cmd.Env = append(os.Environ(), "REPOX_PTY_CHILD_ARGS="+strings.Join(args, " "), "TERM=xterm-256color", "NO_COLOR=", "CI=true")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	var out bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		answered := false
		for {
			n, err := master.Read(buf)
			out.Write(buf[:n])
			if answer != "" && !answered && bytes.Contains(out.Bytes(), []byte("\x1b[c")) {
				answered = true
				master.WriteString(answer)
			}
			if err != nil {
				return
			}
		}
	}()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		took := time.Since(start)
		if _, exited := err.(*exec.ExitError); err != nil && !exited {
			t.Errorf("repox %v: %v", args, err)
		}
		slave.Close()
		master.SetReadDeadline(time.Now().Add(time.Second))
		<-read
		return out.String(), took
	case <-time.After(hang):
		cmd.Process.Kill()
		<-done
		t.Fatalf("repox %v on a terminal that never answers the background query still runs after %v (fang's own query waits 2 s per stream)", args, hang)
	}
	return "", 0
}

// A hang trap, not a speed test: a terminal that never answers the
// background-colour query (a pty under `script -qc`, some CI runners) held
// `repox --help` and every failing command for 4 s in fang's query. The
// bound is far above the CLI's own 400 ms wait and under fang's 4 s.
func TestHelpOnASilentTerminalDoesNotWait(t *testing.T) {
	const hang = 3 * time.Second
	out, _ := runOnPTY(t, "", hang, "--help")
	if !strings.Contains(out, "repox") || !strings.Contains(out, "call") {
		t.Errorf("no help on the terminal:\n%q", out)
	}
	if n := strings.Count(out, "\x1b]11;?"); n != 1 {
		t.Errorf("the terminal was asked for its background %d times, want once:\n%q", n, out)
	}
	// A failing command is not styled: it asks nothing.
	out, _ = runOnPTY(t, "", hang, "call", "no_such_tool")
	if strings.Contains(out, "\x1b]11;?") || !strings.Contains(out, "unknown tool") {
		t.Errorf("a failing command asked the terminal, or did not say why:\n%q", out)
	}
}

// A terminal that answers is asked once and its answer decides the scheme.
func TestHelpOnAnAnsweringTerminal(t *testing.T) {
	light := "\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;22c"
	dark := "\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c"
	lightOut, _ := runOnPTY(t, light, 10*time.Second, "--help")
	darkOut, _ := runOnPTY(t, dark, 10*time.Second, "--help")
	if n := strings.Count(lightOut, "\x1b]11;?"); n != 1 {
		t.Errorf("asked %d times, want once:\n%q", n, lightOut)
	}
	if lightOut == darkOut {
		t.Errorf("a light and a dark terminal got the same help:\n%q", lightOut)
	}
}

func TestParseBackgroundReply(t *testing.T) {
	for _, c := range []struct {
		in                string
		dark, known, done bool
	}{
		{"", true, false, false},
		{"\x1b]11;rgb:ffff/ffff/ffff\x07", false, true, false},            // DA1 still to come
		{"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;22c", false, true, true}, // light, BEL
		{"\x1b]11;rgb:1e1e/1e1e/2e2e\x1b\\\x1b[?1;2c", true, true, true},  // dark, ST
		{"\x1b[?64;1;2c", true, false, true},                              // no OSC 11 support
		{"x\x1b[?6", true, false, false},                                  // partial DA1
		{"\x1b]11;rgb:eeee/eeee/eeee\x07", false, true, false},            // light grey
		{"\x1b]11;rgb:0000/0000/ffff\x07\x1b[?1c", true, true, true},      // saturated blue: dark (L* 32)
	} {
		dark, known, done := parseBackgroundReply([]byte(c.in))
		if dark != c.dark || known != c.known || done != c.done {
			t.Errorf("%q: dark %v known %v done %v, want %v %v %v", c.in, dark, known, done, c.dark, c.known, c.done)
		}
	}
}
