package report

import (
	"context"
	"fmt"
	"io"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// ChangesHelp is --changes's help text.
const ChangesHelp = "print what the session changed as one unified diff, from its start state (rebuilt from the transcript) to its end: paths relative to the session's folder, for `git apply` there; what it leaves out is named in # lines and on stderr"

// ChangesOptions are what `repox replay --changes` replays and how it
// prints.
type ChangesOptions struct {
	Transcript string // the transcript file (opened without blocking: a regular file only)
	Root       string // the session's folder to rebuild the start state in ("": RootFor's rule)
	Session    string // on a repox call log: the session ("": its only one)
	JSON       bool   // one JSON line per file and a summary instead of the diff
	// Terminal: out is a terminal, which must never be handed the
	// transcript's bytes raw (a file's content may hold OSC 52, a title
	// sequence, a screen clear, the end of a bracketed paste). The diff's
	// control characters are then shown as visible stand-ins, and errOut
	// says it is not the exact patch; JSON escapes them as \uXXXX, which
	// keeps it exact.
	Terminal bool
}

// WriteChanges writes what the session changed to out: one unified diff
// for `git apply`, or JSON lines. What the diff leaves out goes to errOut,
// one "repox replay: " line each (in the JSON summary with JSON). An
// error comes before any output; a reader that goes away ends it without
// one.
func WriteChanges(ctx context.Context, opts ChangesOptions, out, errOut io.Writer) error {
	f, err := transcript.OpenTranscript(opts.Transcript) // without blocking: a FIFO or device is refused, not waited on
	if err != nil {
		return err
	}
	defer f.Close()
	ch, err := replay.SessionChanges(ctx, f, opts.Transcript, opts.Root, opts.Session)
	if err != nil {
		return err
	}
	notes := ch.Notes()
	if opts.JSON {
		if opts.Terminal {
			out = transcript.JSONForTerminal(out)
		}
		for _, fc := range ch.Files {
			writeJSON(out, map[string]any{"type": "file", "file": fc, "diff": replay.FileDiff(fc)})
		}
		writeJSON(out, map[string]any{"type": "summary", "notes": notes, "counts": ch.Counts})
		return nil
	}
	for _, n := range notes {
		fmt.Fprintf(errOut, "repox replay: %s\n", transcript.Sanitize(transcript.OneLine(n)))
	}
	diff := ch.Diff()
	if opts.Terminal {
		if shown, changed := repoops.ControlsVisible(diff); changed {
			diff = shown
			fmt.Fprintf(errOut, "repox replay: the diff holds control or invisible characters; on this terminal they are shown as visible stand-ins, so what follows is not the exact patch — redirect it to a file (> session.diff) for git apply\n")
		}
	}
	io.WriteString(out, diff) // an error: the reader went away
	return nil
}
