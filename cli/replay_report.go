package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/report"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// replayReport is `repox replay --report FILE` and `repox replay
// --changes FILE`: the flags checked together, then one library call.
func replayReport(ctx context.Context, o replayOptions, pos []string, stdout, stderr io.Writer) int {
	if why := replayReportProblem(o, pos); why != "" {
		fmt.Fprintf(stderr, "repox replay: %s\n", why)
		return exitUsage
	}
	ctx, done := replaySignals(ctx)
	defer done()
	var err error
	if o.changes {
		err = report.WriteChanges(ctx, report.ChangesOptions{Transcript: pos[0], Root: o.root, Session: o.session, JSON: o.json, Terminal: isTerminal(stdout)}, stdout, stderr)
	} else {
		err = report.Report(ctx, report.ReportOptions{
			Transcript: pos[0], Root: o.root, Session: o.session, Against: replay.Against(o.against),
			Limits: repoops.CopyOptions{MaxFiles: o.copyMaxFiles, MaxBytes: int64(o.copyMaxMiB) << 20},
			JSON:   o.json, Thinking: o.thinking,
		}, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// replaySignals readies a replay that writes to stdout (the report, the
// diff, a review): the scratch copy must go whatever ends it. A closed
// pipe (`| head`) makes writes fail instead of killing the process, and
// SIGTERM or SIGHUP cancel like Ctrl-C, so the library's deferred clean-up
// runs. done undoes it.
func replaySignals(ctx context.Context) (context.Context, func()) {
	reportGC()
	ctx, stop := signal.NotifyContext(ctx, hangupSignals...)
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	return ctx, func() {
		signal.Stop(pipe)
		stop()
	}
}

// replayReportProblem says what is wrong with the report's command line
// ("": nothing), in the order the checks have always run.
func replayReportProblem(o replayOptions, pos []string) string {
	if o.copyMaxFiles < 1 || o.copyMaxMiB < 1 {
		return fmt.Sprintf("--copy-max-files and --copy-max-mib take a whole number of at least 1, got %d and %d", o.copyMaxFiles, o.copyMaxMiB)
	}
	if _, err := replay.ParseAgainst(o.against); err != nil {
		return err.Error()
	}
	switch {
	case len(pos) != 1:
		return fmt.Sprintf("give one transcript file (repox reads %s), got %d arguments", transcript.Readers(), len(pos))
	case o.changes && o.report:
		return "--changes and --report print different things: give one of them"
	case o.changes && o.against != string(replay.AgainstStart):
		return "--changes diffs the session's start state against its end; --against now does not apply to it"
	}
	return ""
}

// reportGC lets the collector run less often during a report. A report
// allocates about 0.7 GB per 40 MB of transcript while its live heap
// stays near 10 MB, so at the default GOGC=100 it collects every few MB.
// Measured on the 40 MB benchmark transcript (5 runs each, medians):
// GOGC=100 2.77 s wall, 30 MB RSS; 200: 1.99 s, 35 MB; 400: 1.86 s,
// 44 MB — memory still flat, it does not grow with the transcript. A
// GOGC the person set wins.
func reportGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(400)
	}
}
