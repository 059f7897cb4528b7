package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/charmbracelet/x/term"
	"github.com/repoxhq/repox/demo"
	"github.com/repoxhq/repox/model"
	"github.com/spf13/cobra"
)

// newRootCmd is `repox [DIR | DIR/FILE[:LINE]]`: the explorer, the root of
// the command tree.
func newRootCmd(s *streams) *cobra.Command {
	var demo bool
	root := &cobra.Command{
		Use:   "repox [DIR | DIR/FILE[:LINE]]",
		Short: "See a repository exactly the way an LLM coding agent sees it",
		Long: `repox shows a repository exactly the way an LLM coding agent sees it: an explorer
(a terminal UI), the agent's eight file tools on the command line, and an MCP server.

Tools: repo_tree, repo_find, repo_grep, repo_read_file, repo_git, repo_edit, repo_insert, repo_write.
Edits need a full, fresh repo_read_file of the file in the same session (use call --batch to read
then edit). Exit status: 0 success, 1 a tool refused, 2 usage error.`,
		Example: `# explore the current folder, a repository, or a file at a line
repox
repox ~/src/project
repox ~/src/project/main.go:42
# a built-in demo repository with every cap marker (kept in ./demo with a folder)
repox --demo
repox --demo ./demo`,
		Args: maxArgs(1, "one folder or file"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveDefault
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(explore(s.ctx, args, demo, s.out, s.err)) // --demo DIR writes the demo there and keeps it
		},
	}
	root.Flags().BoolVar(&demo, "demo", false, "explore a demo repository: in a temporary folder removed on exit, or, with DIR, written to DIR and kept")
	return root
}

// explore runs the TUI on the folder or FILE[:LINE] in args (at most one),
// or on the demo repository (kept in args[0] when given).
func explore(ctx context.Context, args []string, withDemo bool, stdout, stderr io.Writer) int {
	var opts model.Options
	if !withDemo && len(args) == 1 {
		o, err := model.ParseTarget(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "repox: %v\n", err)
			return exitUsage
		}
		opts = o
	}
	if f, ok := stdout.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		fmt.Fprintf(stderr, "repox: the explorer needs a terminal, and standard output is not one — for text, run: repox call --root DIR repo_tree (or repo_read_file, repo_grep, ...)\n")
		return exitUsage
	}
	if withDemo {
		keep := ""
		if len(args) == 1 {
			keep = args[0]
		}
		return exploreDemo(ctx, keep, stderr, model.Run)
	}
	if err := model.Run(ctx, opts); err != nil {
		fmt.Fprintf(stderr, "repox: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// exploreDemo writes the demo repository (into keep when given, and kept
// there), runs the explorer on it, and removes a temporary one afterwards:
// also when the terminal closes (SIGHUP) or SIGTERM ends the explorer,
// which cancel it as Ctrl-C does.
func exploreDemo(ctx context.Context, keep string, stderr io.Writer, run func(context.Context, model.Options) error) int {
	ctx, stop := signal.NotifyContext(ctx, hangupSignals...)
	defer stop()
	root, note, cleanup, err := demo.Prepare(keep)
	if err != nil {
		fmt.Fprintf(stderr, "repox: writing the demo repository: %v\n", err)
		return exitUsage
	}
	defer cleanup()
	fmt.Fprintln(stderr, note)
	if err := run(ctx, model.Options{Dir: root}); err != nil {
		fmt.Fprintf(stderr, "repox: %v\n", err)
		return exitUsage
	}
	return exitOK
}
