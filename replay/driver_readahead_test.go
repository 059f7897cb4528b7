package replay

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// The read-ahead holds readAheadBytes of calls at most (and always one,
// however large): 16 calls of 10 MB each held 160 MB (issue 43 item 6).
func TestReadAheadIsBoundedByBytes(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: "/home/u/proj"}
	out := strings.Repeat("a line of the command's output\n", 2<<20/31) // 2 MB
	for i := range 20 {
		id := fmt.Sprintf("b%d", i)
		b.Use("m"+id, id, "Bash", map[string]any{"command": "make"}).Result(id, out, false, nil)
	}
	rd := transcript.NewReader(strings.NewReader(b.String())).WithConversation()
	first, err := rd.Next()
	q := readAhead(rd, first, err, "")
	defer q.stop()
	for len(q.items) < 3 {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // the reader: waiting for room, or past the bound
	queued := len(q.items)
	q.mu.Lock()
	held := q.held
	q.mu.Unlock()
	if held > 10<<20 || queued*len(out) > 10<<20 {
		t.Errorf("the read-ahead holds %d calls of 2 MB, %d bytes (bound: 8 MB and one call)", queued, held)
	}
	n := 0
	for it := range q.items {
		q.taken(it)
		n++
	}
	if n != 20 {
		t.Errorf("the read-ahead gave %d calls of 20", n)
	}
}
