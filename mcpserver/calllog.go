package mcpserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/repoxhq/repox/repoops"
)

// callLog appends one CallRecord line per call to a file opened with
// O_APPEND. Each line goes out in one write, so the kernel places it whole at
// the end of the file: two servers logging to one file never interleave, and
// a crash loses at most the call in flight.
type callLog struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// openCallLog opens (creating, 0600) the log file. A leading "~/" is the home
// folder (MCP clients start servers without a shell, so nothing else expands
// it) and missing parent folders are created 0700. Anything that is not a
// regular file is refused: a FIFO would block the server, a device is not a
// log.
func openCallLog(path string) (*callLog, error) {
	if path == "" {
		return nil, errors.New("--log needs a file name")
	}
	if path == "~" || strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("--log %s: cannot find the home folder: %v", path, err)
		}
		path = filepath.Join(home, strings.TrimPrefix(path[1:], "/"))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("--log %s: %v", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("--log %s: cannot create its folder: %v", abs, err)
	}
	// O_NONBLOCK: opening a FIFO with no reader fails instead of hanging.
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("--log: cannot open the call log: %v", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("--log: cannot open the call log: %v", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("--log %s is not a regular file (%s) — give a file path, e.g. ~/.local/state/repox/mcp.jsonl", abs, st.Mode().Type())
	}
	return &callLog{f: f, path: abs}, nil
}

// write appends rec as one line with one write.
func (l *callLog) write(rec repoops.CallRecord) error {
	line, err := repoops.MarshalCallRecord(rec)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.f.Write(line)
	if err == nil && n < len(line) {
		err = fmt.Errorf("short write: %d of %d bytes", n, len(line))
	}
	return err
}

func (l *callLog) close() error { return l.f.Close() }
