package cli

import (
	"github.com/repoxhq/repox/replay"
	"github.com/spf13/cobra"
)

// newSessionsCmd is `repox sessions [DIR]`: the sessions recorded for DIR.
func newSessionsCmd(s *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sessions [DIR]",
		Short: "List the agent sessions recorded for DIR, newest first",
		Long:  "List the agent sessions recorded for DIR (default: the current folder) by Claude Code, Codex and repox call logs, newest first.",
		Example: `repox sessions
repox sessions --json ~/src/project`,
		Args:              maxArgs(1, "one folder"),
		ValidArgsFunction: completeDirs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(replay.SessionsMain(s.ctx, passArgs(cmd, args), s.in, s.out, s.err))
		},
	}
	cmd.Flags().Bool("json", false, "print one JSON line per session")
	return cmd
}
