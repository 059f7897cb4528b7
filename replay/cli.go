package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// exit codes, as main's
const (
	exitOK    = 0
	exitUsage = 2
)

// SessionsMain is `repox sessions [--json] [DIR]`.
func SessionsMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return sessionsMain(ctx, args, stdout, stderr, EnvFromOS())
}

func sessionsMain(ctx context.Context, args []string, stdout, stderr io.Writer, env Env) int {
	fs := flag.NewFlagSet("repox sessions", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON line per session")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "repox sessions: one folder at most, got %d arguments\n", len(pos))
		return exitUsage
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintf(stderr, "repox sessions: %v\n", err)
		return exitUsage
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "repox sessions: %s is not a folder — give the repository's folder (default: the current one)\n", dir)
		return exitUsage
	}
	dirs := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		dirs = append(dirs, real)
	}
	var all []SessionInfo
	seen := map[string]bool{}
	for _, d := range dirs {
		found, err := DiscoverAll(ctx, d, env)
		if err != nil {
			fmt.Fprintf(stderr, "repox sessions: %v\n", err)
			return exitUsage
		}
		for _, p := range found.Passed {
			if !seen[p] { // what was passed over, once (a second folder name meets it again)
				seen[p] = true
				fmt.Fprintf(stderr, "repox sessions: %s\n", p)
			}
		}
		for _, s := range found.Sessions {
			key := s.Path + "\x00" + s.ID
			if !seen[key] {
				seen[key] = true
				all = append(all, s)
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return newest(all[i]).After(newest(all[j])) })
	if *asJSON {
		for _, s := range all {
			writeJSON(stdout, s)
		}
		return exitOK
	}
	if len(all) == 0 {
		fmt.Fprintf(stdout, "no agent sessions recorded for %s\nlooked in: %s, %s (matched on the recorded folder), %s, %s\n",
			quoted(abs), quoted(filepath.Join(env.claudeDir(), "projects", claudeProjectName(abs))), quoted(filepath.Join(env.codexDir(), "sessions")),
			quoted(filepath.Join(env.geminiDir(), "tmp", "<project>", "chats")), quoted(env.RepoxLogDir()))
		return exitOK
	}
	noun := "sessions"
	if len(all) == 1 {
		noun = "session"
	}
	fmt.Fprintf(stdout, "%d agent %s for %s, newest first\n\n", len(all), noun, quoted(abs))
	fmt.Fprintf(stdout, "%-12s %-20s %6s %6s  %-6s %s %s\n", "AGENT", "STARTED (UTC)", "CALLS", "FILE", "STATE", titleCell("TITLE"), "TRANSCRIPT")
	for _, s := range all {
		agent := string(s.Agent)
		state := "done"
		if s.Live {
			state = "live"
		}
		started := "-"
		if t := newest(s); !t.IsZero() {
			started = t.UTC().Format("2006-01-02 15:04:05")
		}
		where := quoted(tildePath(s.Path, env.Home))
		if s.Agent == AgentRepox {
			where += " --session " + quoted(s.ID)
		}
		fmt.Fprintf(stdout, "%-12s %-20s %6d %6d  %-6s %s %s\n", agent, started, s.Calls, s.FileCalls, state, titleCell(s.Title), where)
	}
	fmt.Fprintf(stdout, "\nTITLE is the first prompt (or the title the agent recorded), cut; --json has it whole. FILE counts calls with a repox equivalent; CALLS include the calls of a session's subagents; live = written in the last %d s (a repox log: its last call).\nReplay one: repox replay --report TRANSCRIPT (a repox log holds every logged session and records no folder, so all are listed: pick one with --session ID)\n", int(LiveWithin.Seconds()))
	return exitOK
}

func tildePath(p, home string) string {
	if home != "" && strings.HasPrefix(p, home+"/") {
		return "~" + p[len(home):]
	}
	return p
}

// parseInterleaved parses flags that may come before or after positional
// arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// ReplayMain is `repox replay --report FILE [--root DIR] [--json]`;
// `repox replay FILE` (the explorer's sessions pane) is dispatched by main.
func ReplayMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repox replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	report := fs.Bool("report", false, "print the replay as text instead of opening the sessions pane")
	root := fs.String("root", "", "the repository to compare with (default: the transcript's folder when it lies in the current repository; the current folder when the transcript records none)")
	asJSON := fs.Bool("json", false, "with --report: print JSON lines")
	session := fs.String("session", "", "with --report on a repox call log: only the calls of this session")
	maxFiles := fs.Int("copy-max-files", repoops.CopyFileSetMaxFiles, "with --report: the most files the scratch copy of the root may hold")
	maxMiB := fs.Int("copy-max-mib", repoops.CopyFileSetMaxBytes>>20, "with --report: the most MiB the scratch copy of the root may hold")
	against := fs.String("against", string(AgainstStart), AgainstHelp)
	thinking := fs.Bool("thinking", false, ThinkingHelp)
	changes := fs.Bool("changes", false, ChangesHelp)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if *maxFiles < 1 || *maxMiB < 1 {
		fmt.Fprintf(stderr, "repox replay: --copy-max-files and --copy-max-mib take a whole number of at least 1, got %d and %d\n", *maxFiles, *maxMiB)
		return exitUsage
	}
	if *against != string(AgainstStart) && *against != string(AgainstNow) {
		fmt.Fprintf(stderr, "repox replay: --against takes start (the session's start state, rebuilt from the transcript) or now (the tree as it is), got %s\n", quoted(*against))
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "repox replay: give one transcript file (a Claude Code session .jsonl, a Codex rollout, a Gemini CLI session file, or a repox call log), got %d arguments\n", len(pos))
		return exitUsage
	}
	if *changes && *report {
		fmt.Fprintf(stderr, "repox replay: --changes and --report print different things: give one of them\n")
		return exitUsage
	}
	if *changes && *against != string(AgainstStart) {
		fmt.Fprintf(stderr, "repox replay: --changes diffs the session's start state against its end; --against now does not apply to it\n")
		return exitUsage
	}
	if !*report && !*changes {
		fmt.Fprintf(stderr, "repox replay: without --report, the repox command opens the explorer's sessions pane on %s; for text, run: repox replay --report %s\n", pos[0], pos[0])
		return exitUsage
	}
	f, err := OpenTranscript(pos[0]) // without blocking: a FIFO or device is refused, not waited on
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	defer f.Close()
	// The scratch copy must go whatever ends the report: a closed pipe
	// (`| head`) makes writes fail instead of killing the process, and
	// SIGTERM or SIGHUP cancel like Ctrl-C, so the deferred Close runs.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	defer signal.Stop(pipe)
	if *changes {
		return changesMain(ctx, f, pos[0], *root, *session, *asJSON, stdout, stderr)
	}
	w := &reportWriter{w: stdout, json: *asJSON, file: pos[0], thinking: *thinking}
	opt := reportOptions{path: pos[0], root: *root, session: *session, against: Against(*against), limits: repoops.CopyOptions{MaxFiles: *maxFiles, MaxBytes: int64(*maxMiB) << 20}}
	if _, err := runReportWith(ctx, f, opt, w); err != nil {
		if w.err != nil {
			return exitOK // the reader went away: nothing more to say
		}
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	return exitOK
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
