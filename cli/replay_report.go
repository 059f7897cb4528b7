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

// reportGC sets the collector for a report: GOGC=400, so it collects
// less often, and a soft memory limit of reportMemoryLimit, so the slack
// GOGC=400 allows (four times the live heap) is not taken once the heap
// is large. A report allocates about 0.7 GB per 40 MB of transcript while
// its live heap stays near 10 MB; GOGC=400 alone let a 16 MB live heap
// peak near 100 MB, and one 6.2 MB transcript line near 160 MB (issue 43
// item 6). Measured 2026-12-07 on the 2-core machine at load average
// 14-23 (so wall times are the machine's; CPU time is user+sys): the
// 40 MB benchmark transcript, `repox replay --report`, medians of 5 runs
// taken in turn; and the peak RSS of three memory cases
// (cli/replay_memory_linux_test.go: 2.1 MB of distinct Greps, 32 MB of
// Writes, one 6.2 MB line), after this change's fixes:
//
//	setting                 CPU     wall    peak   cases' peaks
//	GOGC=100                3.84 s  13.4 s  29 MB  56 / 55 / 123 MB
//	GOGC=200                3.24 s  16.0 s  35 MB  72 / 68 / 174 MB
//	GOGC=400                3.03 s  16.5 s  45 MB  99 / 99 / 159 MB
//	GOGC=400, limit 32 MiB  3.12 s  12.1 s  41 MB
//	GOGC=400, limit 64 MiB  3.21 s  14.7 s  48 MB  79 / 80 / 82 MB
//	GOGC=400, limit 256 MiB 3.16 s  11.9 s  48 MB
//
// GOGC=400 with a 64 MiB limit keeps GOGC=400's CPU on the benchmark
// (within the runs' spread, 2.98-4.13 s) and the cases' peaks lowest. A
// GOGC or GOMEMLIMIT the person set wins.
func reportGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(400)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(reportMemoryLimit)
	}
}

// reportMemoryLimit is the report's soft memory limit (reportGC).
const reportMemoryLimit = 64 << 20
