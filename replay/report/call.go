package report

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
)

// ReportOptions are what `repox replay --report` replays and how it
// prints; Report hands them to the driver (Run, driver.go).
type ReportOptions struct {
	Transcript string              // the transcript file (opened without blocking: a regular file only)
	Root       string              // the repository to compare with ("": RootFor's rule)
	Session    string              // on a repox call log: only this session's calls ("": all)
	Against    replay.Against      // what the calls are re-run against ("": AgainstStart)
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
	w := &reportWriter{w: out, json: opts.JSON, file: opts.Transcript, thinking: opts.Thinking}
	if _, err := replay.Run(ctx, opts.run(), w); err != nil && w.err == nil {
		return err
	}
	return nil // done, or the reader went away: nothing more to say
}

// run is what the driver replays of a report's options.
func (o ReportOptions) run() replay.RunOptions {
	return replay.RunOptions{Transcript: o.Transcript, Root: o.Root, Session: o.Session, Against: o.Against, Limits: o.Limits}
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
