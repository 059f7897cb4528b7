package mcpserver

import (
	"fmt"
	"os"
	"sync"

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

// write appends rec as one line with one write.
func (l *callLog) write(rec repoops.CallRecord) error {
	line, err := recordLine(rec)
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
