package cli

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
	"github.com/repoxhq/repox/model"
)

// cmdExplore runs the TUI on a folder, a FILE[:LINE], or the demo.
func cmdExplore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var opts model.Options
	if len(args) == 2 && (args[0] == "--demo" || args[0] == "-demo") {
		args, opts.DemoDir = args[:1], args[1]
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "repox: one folder or file at most, got %d arguments — run 'repox --help' for usage\n", len(args))
		return exitUsage
	}
	switch {
	case len(args) == 1 && (args[0] == "--demo" || args[0] == "-demo"):
		opts.Demo = true
	case len(args) == 1:
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
