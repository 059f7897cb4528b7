// Package mcpserver is repox's agent face: it serves the repoops tool
// registry over the Model Context Protocol, one repoops session per
// connection (Serve), and can append every call to a CallRecord log
// (OpenCallLog). It is a library: the command line (package cli) parses
// flags, opens the repository and handles signals.
package mcpserver

import (
	"context"
	"errors"
	"io"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/repoxhq/repox/repoops"
)

// Options are how Serve serves a session.
type Options struct {
	// ReadOnly serves only the tools that do not change files.
	ReadOnly bool
	// Structured also sends each result's typed value as
	// structuredContent (off by default: some clients then show the model
	// that JSON instead of the text).
	Structured bool
	// Log, when set, gets one CallRecord line per call (OpenCallLog).
	Log *CallLog
	// Stderr gets diagnostics; nil discards them.
	Stderr io.Writer
}

// CallLog is an open call log: one CallRecord JSON line per call.
type CallLog struct{ l *callLog }

// OpenCallLog opens (creates 0600, or appends to) the call log at path for
// a server of the repository at root; "~/" is the home folder. It refuses
// a link, a log inside root, another user's log, a hard-linked log and one
// others can write, each with a sentence saying what to do.
func OpenCallLog(path, root string) (*CallLog, error) {
	l, err := openCallLog(path, root)
	if err != nil {
		return nil, err
	}
	return &CallLog{l}, nil
}

// Close closes the log.
func (c *CallLog) Close() error { return c.l.close() }

// Serve serves session's tools over MCP on in/out (newline-delimited
// JSON-RPC, as the stdio transport) until in ends or ctx is done; a call in
// flight finishes, and is logged, before it returns. Only protocol goes to
// out. The end of in is not an error.
func Serve(ctx context.Context, session *repoops.Session, opts Options, in io.Reader, out io.Writer) error {
	so := serveOptions{readOnly: opts.ReadOnly, structured: opts.Structured, stderr: opts.Stderr, version: version()}
	if so.stderr == nil {
		so.stderr = io.Discard
	}
	if opts.Log != nil {
		so.log = opts.Log.l
	}
	s := newServer(session, so)
	w := &lockedWriter{w: out}
	w.filter = newFrameFilter(w)
	w.filter.start(in)
	err := s.mcp.Run(ctx, &mcp.IOTransport{
		Reader:        io.NopCloser(w.filter),
		Writer:        w,
		MaxLineLength: -1, // the frame filter bounds lines and answers over-long ones
	})
	s.calls.Wait()
	if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
