package cli

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
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

Tools: repo_tree, repo_find, repo_grep, repo_read_file, repo_git, repo_edit, repo_insert,
repo_write.
Edits change only lines repo_read_file has shown in the same session, in their current state
(use call --batch to read then edit). Exit status: 0 success, 1 a tool refused, 2 usage error.`,
		Example: `# explore the current folder, a repository, or a file at a line
repox
repox ~/src/project
repox ~/src/project/main.go:42
# a demo repository and a guided tour of it (repox demo; --demo is the same)
repox demo
repox demo ./demo`,
		Args: maxArgs(1, "one folder or file"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveDefault
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if demo {
				return status(runDemo(s.ctx, args, s.out, s.err)) // repox demo [DIR]
			}
			return status(explore(s.ctx, args, s.out, s.err))
		},
	}
	root.Flags().BoolVar(&demo, "demo", false, "the same as repox demo [DIR]: a demo repository and a guided tour of it")
	return root
}

// explore runs the TUI on the folder or FILE[:LINE] in args (at most one).
func explore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var opts model.Options
	if len(args) == 1 {
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
	if err := model.Run(ctx, opts); err != nil {
		fmt.Fprintf(stderr, "repox: %v\n", err)
		return exitUsage
	}
	return exitOK
}
