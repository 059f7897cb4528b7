// Package mcpserver is repox's agent face: it serves the repoops tool
// registry over the Model Context Protocol (stdio), one repoops session per
// connection, and can append every call to a CallRecord log.
package mcpserver

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/repoxhq/repox/repoops"
)

// Exit codes of `repox mcp`.
const (
	exitOK    = 0
	exitUsage = 2 // a usage or startup error
)

const usage = `Usage: repox mcp [--root DIR] [--log FILE] [--read-only] [--structured]

Serve repox's tools to an MCP client over stdin/stdout (one connection, one session).
`

// Main runs `repox mcp` with the arguments after "mcp". Only protocol goes
// to stdout; diagnostics go to stderr.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repox mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	root := fs.String("root", ".", "repository root")
	logPath := fs.String("log", "", "append one CallRecord JSON line per call to `FILE` (created 0600; ~/ is the home folder)")
	readOnly := fs.Bool("read-only", false, "serve only the tools that do not change files")
	structured := fs.Bool("structured", false, "also send each result's typed value as structuredContent (some clients then show the model that JSON instead of the text)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "repox mcp: unexpected argument %q — the repository is given with --root DIR\n", fs.Arg(0))
		return exitUsage
	}
	repo, err := repoops.Open(*root)
	if err != nil {
		fmt.Fprintf(stderr, "repox mcp: --root: %v\n", err)
		return exitUsage
	}
	defer repo.Close()
	opts := serveOptions{readOnly: *readOnly, structured: *structured, stderr: stderr, version: version()}
	if *logPath != "" {
		if opts.log, err = openCallLog(*logPath, repo.Dir()); err != nil {
			fmt.Fprintf(stderr, "repox mcp: %v\n", err)
			return exitUsage
		}
		defer opts.log.close()
	}

	// A client that goes away closes our stdout: a write there must be an
	// error the server handles, not a SIGPIPE that kills it mid-call.
	signal.Ignore(syscall.SIGPIPE)
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()

	s := newServer(repo.NewSession(), opts)
	out := &lockedWriter{w: stdout}
	out.filter = newFrameFilter(out)
	out.filter.start(stdin)
	err = s.mcp.Run(ctx, &mcp.IOTransport{
		Reader:        io.NopCloser(out.filter),
		Writer:        out,
		MaxLineLength: -1, // the frame filter bounds lines and answers over-long ones
	})
	s.calls.Wait() // a call in flight finishes (and is logged) before exit
	if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		fmt.Fprintf(stderr, "repox mcp: %v\n", err)
	}
	return exitOK
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
