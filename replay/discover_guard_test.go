package replay

import (
	"bufio"
	"errors"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// endless is /dev/zero's kind of input: bytes without end and without a
// newline.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += int64(len(p))
	return len(p), nil
}

// A rollout's head is read within a bound: a first line without end is
// given up, not read for ever.
func TestCodexHeadLineIsBounded(t *testing.T) {
	src := &endless{}
	var err error
	guardAll(t, "readBoundedLine", func() { _, err = transcript.ReadBoundedLine(bufio.NewReaderSize(src, 64<<10), 1<<20) })
	if !errors.Is(err, transcript.ErrLineTooLong) || src.n > 2<<20 {
		t.Errorf("err %v after %d bytes", err, src.n)
	}
}

// guardAll is guard for tests on every platform.
func guardAll(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return", what)
	}
}
