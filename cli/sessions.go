package cli

import (
	"fmt"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/spf13/cobra"
)

// newSessionsCmd is `repox sessions [DIR]`: the sessions recorded for DIR.
func newSessionsCmd(s *streams) *cobra.Command {
	var opts discover.SessionsOptions
	cmd := &cobra.Command{
		Use:   "sessions [DIR]",
		Short: "List the agent sessions recorded for DIR, newest first",
		Long:  paragraph("List the agent sessions recorded for DIR (default: the current folder), newest first: those of " + transcript.Readers() + "."),
		Example: `repox sessions
repox sessions --json ~/src/project`,
		Args:              maxArgs(1, "one folder"),
		ValidArgsFunction: completeDirs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if err := discover.Sessions(s.ctx, opts, s.out, s.err); err != nil {
				fmt.Fprintf(s.err, "repox sessions: %v\n", err)
				return exitStatus(exitUsage)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON line per session")
	return cmd
}
