//go:build unix

package cli

import (
	"errors"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// queryBackground asks the terminal on in/out for its background colour
// and waits at most timeout for the answer, in raw mode (restored before it
// returns) so the answer is neither echoed nor held for a newline. It
// reads the descriptor directly, with poll, so nothing is left waiting on
// it afterwards. An answer that comes after the timeout reaches whatever
// reads the terminal next, as with any terminal query.
func queryBackground(in, out *os.File, timeout time.Duration) (dark, answered bool) {
	fd := int(in.Fd())
	state, err := term.MakeRaw(in.Fd())
	if err != nil {
		return true, false
	}
	defer term.Restore(in.Fd(), state)
	if _, err := out.WriteString(bgQuery); err != nil {
		return true, false
	}
	deadline := time.Now().Add(timeout)
	var got []byte
	buf := make([]byte, 256)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return true, false
		}
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(left/time.Millisecond)+1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n == 0 || fds[0].Revents&unix.POLLIN == 0 {
			return true, false
		}
		r, err := unix.Read(fd, buf)
		if errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN) {
			continue
		}
		if err != nil || r <= 0 {
			return true, false
		}
		got = append(got, buf[:r]...)
		if d, known, done := parseBackgroundReply(got); done {
			return d, known
		}
		if len(got) > 4096 {
			return true, false // not an answer to this query
		}
	}
}
