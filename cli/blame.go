package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/blame"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/spf13/cobra"
)

// blameOptions are `repox blame`'s flags, each defined once here.
type blameOptions struct {
	root string
	json bool
}

// newBlameCmd is `repox blame PATH[:LINE[-LINE]]`: agent blame.
func newBlameCmd(s *streams) *cobra.Command {
	var o blameOptions
	cmd := &cobra.Command{
		Use:   "blame PATH[:LINE[-LINE]]",
		Short: "Say which agent session call wrote each line of a file, and what it had seen",
		Long: paragraph("For each line of PATH as it is now: the last recorded agent session call whose change wrote that text and still stands (agent, session, call #N, time in UTC), and what the agent had seen of the file when it wrote it — \"saw N/M\": of the file's other M lines then, N had been shown to it or written by it — with edit-unread (it changed lines it had not read) and edit-after-compaction when the call had them. " +
			"Lines no recorded session wrote say so and, in a git repository, carry the commit git blame gives (short hash, author, date). Sessions of every agent repox reads count: " + transcript.Readers() + ".\n\n" +
			"It is slow by design: every session recorded for the repository whose transcript names the file is replayed call by call in a scratch copy (as repox replay --report does), so it takes about as long as those replays together — a second or less for a few sessions, minutes for hundreds of long ones.\n\n" +
			"Exit status: 0 the blame was printed; 1 refused (PATH is missing, a folder, a binary file, outside the root, or the lines are past its end: the message says what to give); 2 the command line is wrong."),
		Example: `repox blame main.go
repox blame internal/server.go:120-160
repox blame --json cmd/app/main.go:42
repox blame --root ~/src/project ~/src/project/README.md`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef(cmd, "give one file, PATH or PATH:LINE or PATH:FROM-TO, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(runBlame(s.ctx, o, args[0], s.out, s.err))
		},
	}
	rootFlag(cmd, &o.root, "", "the repository (default: the git work tree around the current folder, else the current folder)")
	cmd.Flags().BoolVar(&o.json, "json", false, "print one JSON object per line")
	return cmd
}

var lineSpec = transcript.LazyRegexp(`^(.*):([0-9]+)(?:-([0-9]+))?$`)

// blameTarget reads PATH[:LINE[-LINE]]: a path that exists as given is
// the whole file, even with a colon in its name.
func blameTarget(arg string) (path string, from, to int, err error) {
	m := lineSpec().FindStringSubmatch(arg)
	if m == nil || m[1] == "" {
		return arg, 0, 0, nil
	}
	if _, err := os.Lstat(arg); err == nil {
		return arg, 0, 0, nil
	}
	from, err1 := strconv.Atoi(m[2])
	to = from
	var err2 error
	if m[3] != "" {
		to, err2 = strconv.Atoi(m[3])
	}
	switch {
	case err1 != nil || err2 != nil || from < 1 || to < 1:
		return "", 0, 0, fmt.Errorf("lines %q: line numbers start at 1 (PATH:10 or PATH:10-20)", arg[len(m[1])+1:])
	case to < from:
		return "", 0, 0, fmt.Errorf("lines %q end before they start: give PATH:FROM-TO with FROM not after TO", arg[len(m[1])+1:])
	}
	return m[1], from, to, nil
}

func runBlame(ctx context.Context, o blameOptions, arg string, stdout, stderr io.Writer) int {
	path, from, to, err := blameTarget(arg)
	if err != nil {
		fmt.Fprintf(stderr, "repox blame: %v\n", err)
		return exitUsage
	}
	root := o.root
	if root == "" {
		root = replay.RepositoryAround(".")
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		fmt.Fprintf(stderr, "repox blame: %v\n", err)
		return exitUsage
	}
	rel, err := pathUnder(rootAbs, path)
	if err != nil {
		fmt.Fprintf(stderr, "repox blame: %v\n", err)
		return exitRefused
	}
	// Each replay makes a scratch copy that must go whatever ends the run:
	// SIGTERM and SIGHUP cancel like Ctrl-C, and a closed pipe makes
	// writes fail instead of killing the process.
	reportGC()
	ctx, stop := signal.NotifyContext(ctx, hangupSignals...)
	defer stop()
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	defer signal.Stop(pipe)
	res, err := blame.Blame(ctx, blame.Options{Root: rootAbs, Path: rel, From: from, To: to, Env: discover.EnvFromOS()})
	if err != nil {
		fmt.Fprintf(stderr, "repox blame: %v\n", err)
		return exitRefused
	}
	tty := isTerminal(stdout)
	if o.json {
		out := stdout
		if tty {
			out = terminalJSON{w: stdout}
		}
		err = blame.WriteJSON(out, res)
	} else {
		err = blame.WriteText(stdout, res, tty)
	}
	if err != nil {
		return exitOK // the reader went away
	}
	for _, p := range res.Passed {
		fmt.Fprintf(stderr, "repox blame: %s\n", transcript.Sanitize(transcript.OneLine(p)))
	}
	fmt.Fprintf(stderr, "repox blame: %s\n", blame.Summary(res))
	return exitOK
}

// pathUnder is path (relative to the current folder, or absolute) relative
// to root, /-separated; a path outside root is refused.
func pathUnder(root, path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		// the same place through a link?
		r1, e1 := filepath.EvalSymlinks(root)
		r2, e2 := filepath.EvalSymlinks(filepath.Dir(abs))
		if e1 == nil && e2 == nil {
			if rel2, err := filepath.Rel(r1, filepath.Join(r2, filepath.Base(abs))); err == nil && rel2 != ".." && !strings.HasPrefix(rel2, ".."+string(filepath.Separator)) {
				return filepath.ToSlash(rel2), nil
			}
		}
		return "", fmt.Errorf("%s lies outside the root %s — give --root the repository that holds it", path, root)
	}
	return filepath.ToSlash(rel), nil
}
