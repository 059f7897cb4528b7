package transcript

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

func readAllString(t testing.TB, s string) ([]Call, Stats) {
	t.Helper()
	calls, st, err := ReadAll(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return calls, st
}

func repoxArgs(t testing.TB, c Call, i int) map[string]any {
	t.Helper()
	if i >= len(c.Repox) {
		t.Fatalf("call %d (%s) has %d repox calls, want > %d (no equivalent: %q)", c.Seq, c.AgentTool, len(c.Repox), i, c.NoEquivalent)
	}
	var m map[string]any
	if err := json.Unmarshal(c.Repox[i].Args, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func openTestdata(t testing.TB, rel string) *os.File {
	t.Helper()
	f, err := os.Open(repotest.Transcript(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// next waits for an update with calls (the test fails after a generous
// bound rather than hanging; no timing is asserted).
func next(t *testing.T, f *Follower) Update {
	t.Helper()
	for {
		select {
		case u, ok := <-f.Updates():
			if !ok {
				t.Fatalf("follower stopped: %v", f.Err())
			}
			if len(u.Calls) > 0 || u.Reset {
				return u
			}
		case <-time.After(20 * time.Second):
			t.Fatal("no update")
		}
	}
}

// headOf is the head the registry decides on: the file's non-empty
// lines as detection adds them, until a format says yes or the head is
// full (then complete, as at the end of a file).
func headOf(b []byte) (*Head, *format, Answer) {
	h := newHead()
	n := 0
	for line := range bytes.Lines(b) {
		n++
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		h.add(line, n)
		h.hold()
		if f, a := registryVerdict(h); f != nil {
			return h, f, a
		}
		if h.done {
			break
		}
	}
	h.done = true
	f, a := registryVerdict(h)
	return h, f, a
}

// claims are the formats that say yes to h, by shape.
func claims(h *Head) []string {
	var out []string
	for _, f := range formats() {
		if f.probe(h).Verdict == Yes {
			out = append(out, f.shape)
		}
	}
	return out
}
