package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/charmbracelet/x/term"
	"github.com/repoxhq/repox/demo"
	"github.com/repoxhq/repox/model"
	"github.com/repoxhq/repox/model/tour"
	"github.com/spf13/cobra"
)

// newDemoCmd is `repox demo [DIR]`: the demo repository and a guided tour
// of it. `repox --demo [DIR]` is the same.
func newDemoCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "demo [DIR]",
		Short: "A demo repository and a guided tour of what repox shows an agent",
		Long: `demo writes a small repository (a history of commits, a deep tree, a wide folder, a
1,400-line file, a string that occurs twice, CRLF and BOM files) and opens the explorer on it with
a tour of seven steps: each shows what a silent agent tool does on this repository (computed here,
labelled as such) beside repox's answer, a replayed agent session, and the MCP config.

Keys in the tour: n next step, p back, ? the step list, y copy the MCP config (last step), x end
the tour; : in a step's console types a call of your own (letters typed into a prompt are never
the tour's). Without DIR the repository goes to a temporary folder removed on exit (also when the
terminal closes); with DIR it is written there and kept. DIR must be new or empty, or a folder
repox demo made (it leaves a marker file in the demo's ignored build/ folder, and reuses only a
folder with that marker); any other is refused and left untouched. The tour's first step shows
the folder.
repox --demo [DIR] is the same.`,
		Example: `repox demo
repox demo ./demo   # kept in ./demo`,
		Args:              maxArgs(1, "one folder"),
		ValidArgsFunction: completeDirs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(runDemo(s.ctx, args, s.out, s.err))
		},
	}
}

// runDemo runs the tour on the demo repository, kept in args[0] when given.
func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if f, ok := stdout.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		fmt.Fprintf(stderr, "repox: the demo's tour needs a terminal, and standard output is not one — for text, run the tools on a folder: repox call --root DIR repo_tree\n")
		return exitUsage
	}
	keep := ""
	if len(args) == 1 {
		keep = args[0]
	}
	return exploreDemo(ctx, keep, stderr, model.Run)
}

// exploreDemo writes the demo repository (into keep when given, and kept
// there) and the tour's session and contrasts, runs the explorer with the
// tour, and removes a temporary folder afterwards: also when the terminal
// closes (SIGHUP) or SIGTERM ends the explorer, which cancel it as Ctrl-C
// does.
func exploreDemo(ctx context.Context, keep string, stderr io.Writer, run func(context.Context, model.Options) error) int {
	ctx, stop := signal.NotifyContext(ctx, hangupSignals...)
	defer stop()
	root, note, cleanup, err := demo.Prepare(keep)
	if err != nil {
		fmt.Fprintf(stderr, "repox demo: %v\n", err)
		return exitUsage
	}
	defer cleanup()
	fmt.Fprintln(stderr, note)
	setup, err := tourSetup(root, keep != "")
	if err != nil {
		fmt.Fprintf(stderr, "repox: preparing the tour: %v — the demo repository is in %s; explore it with: repox %s\n", err, root, root)
		return exitUsage
	}
	if err := run(ctx, model.Options{Dir: setup.Dir, Tour: setup}); err != nil {
		fmt.Fprintf(stderr, "repox: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// tourSetup computes what the tour shows besides repox's own answers: the
// silent tools' answers on this repository and the bundled session.
func tourSetup(root string, kept bool) (*tour.Setup, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	transcript, err := demo.WriteSession(abs)
	if err != nil {
		return nil, err
	}
	cs, err := demo.Contrasts(abs)
	if err != nil {
		return nil, err
	}
	setup := &tour.Setup{Dir: abs, Kept: kept, Transcript: transcript, TranscriptName: demo.SessionPath + " in the demo folder (ignored by git)"}
	for _, c := range cs {
		setup.Contrasts = append(setup.Contrasts, tour.Contrast{Label: c.Label, Silent: c.Silent, Prepare: c.Prepare, Call: c.Call})
	}
	return setup, nil
}
