package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// ReportOptions are what `repox replay --report` replays and how it
// prints; Report turns them into a run's reportOptions (report_run.go).
type ReportOptions struct {
	Transcript string              // the transcript file (opened without blocking: a regular file only)
	Root       string              // the repository to compare with ("": RootFor's rule)
	Session    string              // on a repox call log: only this session's calls ("": all)
	Against    Against             // what the calls are re-run against ("": AgainstStart)
	Limits     repoops.CopyOptions // the scratch copy's bounds (zero: the defaults)
	JSON       bool                // JSON lines instead of text
	Thinking   bool                // show the agent's thinking (folded otherwise)
}

// Report replays the transcript's file-tool calls against the root and
// writes what the agent saw then beside what repox shows now to out. An
// error comes before the report's output (a file that is not a
// transcript, a root that cannot be opened) or ends it (the context was
// cancelled); a reader that goes away (out fails) ends it without one.
// The scratch copies are removed whatever ends it; the caller cancels ctx
// on the signals that should end a report.
func Report(ctx context.Context, opts ReportOptions, out io.Writer) error {
	against := AgainstStart
	if opts.Against != "" {
		var err error
		if against, err = ParseAgainst(string(opts.Against)); err != nil {
			return err
		}
	}
	f, err := OpenTranscript(opts.Transcript) // without blocking: a FIFO or device is refused, not waited on
	if err != nil {
		return err
	}
	defer f.Close()
	w := &reportWriter{w: out, json: opts.JSON, file: opts.Transcript, thinking: opts.Thinking}
	run := reportOptions{path: opts.Transcript, root: opts.Root, session: opts.Session, against: against, limits: opts.Limits}
	if _, err := runReportWith(ctx, f, run, w); err != nil && w.err == nil {
		return err
	}
	return nil // done, or the reader went away: nothing more to say
}

// ParseAgainst is --against's value as an Against.
func ParseAgainst(s string) (Against, error) {
	switch Against(s) {
	case AgainstStart:
		return AgainstStart, nil
	case AgainstNow:
		return AgainstNow, nil
	}
	return "", fmt.Errorf("--against takes start (the session's start state, rebuilt from the transcript) or now (the tree as it is), got %s", quoted(s))
}

type tallies struct {
	calls, file, noEq int
	flags             map[FlagKind]int // findings, by kind
	nflags            int
	notes             map[FlagKind]int // notes (SeverityNote), by kind
	nnotes            int
}

func (t *tallies) add(s Step) {
	t.calls++
	if s.Call.IsFileTool() {
		t.file++
	} else {
		t.noEq++
	}
	if t.flags == nil {
		t.flags, t.notes = map[FlagKind]int{}, map[FlagKind]int{}
	}
	for _, f := range s.Flags {
		if f.Severity == SeverityNote {
			t.notes[f.Kind]++
			t.nnotes++
			continue
		}
		t.flags[f.Kind]++
		t.nflags++
	}
}

// writeJSON writes v as one JSON line (HTML characters as they are: the
// texts hold <tool_use_error> and such).
func writeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		buf.Reset()
		enc.Encode(map[string]string{"error": err.Error()})
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func utc(t time.Time, layout string) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(layout)
}
