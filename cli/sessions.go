package cli

import (
	"fmt"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/search"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/spf13/cobra"
)

// newSessionsCmd is `repox sessions [DIR]`: the sessions recorded for DIR,
// or, with --grep, where words are in them.
func newSessionsCmd(s *streams) *cobra.Command {
	var opts discover.SessionsOptions
	var grep string
	cmd := &cobra.Command{
		Use:   "sessions [DIR]",
		Short: "List the agent sessions recorded for DIR, newest first, or search them",
		Long: paragraph("List the agent sessions recorded for DIR (default: the current folder), newest first: those of " + transcript.Readers() + ".\n\n" +
			"--grep TEXT searches every one of them: the prompts, the agent's text and thinking, each call's tool and arguments, " +
			"and the text its result showed the agent (a call's arguments and result are searched in their first MiB each; " +
			"findings are not searched: they need a replay of each session). " +
			"Words in any order, any case, as the sessions pane's / search. One line per hit: the agent, the session's id (cut), " +
			"when it started, the call (#N and its tool) or the turn, where the words are (prompt, text, thinking, args, result) " +
			"and the text around them; with --json one JSON object per hit. " +
			"The exit status is 0 when something matched, 1 when nothing did (as grep's), 2 on a usage error.\n\n" +
			"An index of the transcripts is kept in the user's cache folder (" + search.IndexName + " in the repox folder of it, " +
			"or in REPOX_CACHE_DIR; REPOX_CACHE_DIR=off keeps none), refreshed per transcript by size and modification time; " +
			"an index that cannot be used is made anew or passed by, with a note, and the transcripts are searched one by one. " +
			"The index costs about 3.8 times the transcripts it holds (972 MB for 257 MB, measured), so it stops growing at " +
			fmt.Sprint(search.DefaultIndexMaxMiB) + " MiB (REPOX_SEARCH_INDEX_MAX_MIB=N sets another cap, 0 indexes nothing); " +
			"the transcripts past it are searched one by one, with a note."),
		Example: `repox sessions
repox sessions --json ~/src/project
repox sessions --grep 'flaky test timeout'
repox sessions --grep migrate --json | jq -r .transcript | sort -u`,
		Args:              maxArgs(1, "one folder"),
		ValidArgsFunction: completeDirs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if cmd.Flags().Changed("grep") {
				return grepSessions(s, search.Options{Dir: opts.Dir, Query: grep, JSON: opts.JSON, Terminal: isTerminal(s.out)})
			}
			if err := discover.Sessions(s.ctx, opts, s.out, s.err); err != nil {
				fmt.Fprintf(s.err, "repox sessions: %v\n", err)
				return exitStatus(exitUsage)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON line per session (with --grep: per hit)")
	cmd.Flags().StringVar(&grep, "grep", "", "print where every word of TEXT is, in any order and any case, in the sessions' prompts, texts, calls and results")
	return cmd
}

// grepSessions is `repox sessions --grep`: exit 1 when nothing matched.
func grepSessions(s *streams, o search.Options) error {
	n, err := search.Run(s.ctx, o, s.out, s.err)
	switch {
	case err != nil && s.ctx.Err() != nil:
		return s.ctx.Err()
	case err != nil:
		fmt.Fprintf(s.err, "repox sessions: %v\n", err)
		return exitStatus(exitUsage)
	case n == 0:
		fmt.Fprintf(s.err, "repox sessions: nothing matched %q in the sessions recorded for %s\n", o.Query, dirName(o.Dir))
		return exitStatus(exitRefused)
	}
	return nil
}

func dirName(d string) string {
	if d == "" {
		return "this folder"
	}
	return d
}
