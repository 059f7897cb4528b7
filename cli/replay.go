package cli

import (
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/report"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/spf13/cobra"
)

// replayOptions are `repox replay`'s flags, each defined once here.
type replayOptions struct {
	report, json, thinking bool
	changes                bool
	root, session, against string
	copyMaxFiles           int
	copyMaxMiB             int
}

// newReplayCmd is `repox replay FILE`: the sessions pane following FILE,
// or with --report the replay as text.
func newReplayCmd(s *streams) *cobra.Command {
	var o replayOptions
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a transcript's file-tool calls: what the agent saw then beside now",
		Long: paragraph(`Re-run the file-tool calls of a transcript (` + transcript.Readers() + `) in a scratch
copy of the repository, and report what the agent saw then beside what repox shows now, with the
conversation around the calls (prompts by turn, the agent's text, thinking folded). --changes
prints what the session changed as one diff for git apply. Without --report or --changes, open
the explorer with the sessions pane following FILE as it grows.`),
		Example: `repox replay ~/.local/state/repox/calls.jsonl --session 3f2a
repox replay --report ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --report calls.jsonl --session 3f2a --json
repox replay --report --against now ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --changes ~/.claude/projects/-src-project/SESSION.jsonl > session.diff`,
		Args: maxArgs(1, "one transcript"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !o.report && !o.changes {
				return status(replayPane(s.ctx, cmd, o, args, s.out, s.err))
			}
			return status(replayReport(s.ctx, o, args, s.out, s.err))
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.report, "report", false, "print the replay as text instead of opening the sessions pane")
	rootFlag(cmd, &o.root, "", "the repository to compare with (default: the transcript's folder when it lies in the current repository, else the current folder; a transcript recorded elsewhere needs --root)")
	f.BoolVar(&o.json, "json", false, "with --report: print JSON lines")
	f.StringVar(&o.session, "session", "", "on a repox call log: only the calls of this session")
	f.IntVar(&o.copyMaxFiles, "copy-max-files", repoops.CopyFileSetMaxFiles, "with --report: the most files the scratch copy of the root may hold (changes are replayed in that copy)")
	f.IntVar(&o.copyMaxMiB, "copy-max-mib", repoops.CopyFileSetMaxBytes>>20, "with --report: the most MiB the scratch copy of the root may hold")
	f.StringVar(&o.against, "against", string(replay.AgainstStart), replay.AgainstHelp)
	f.BoolVar(&o.thinking, "thinking", false, "with --report: show the agent's thinking (folded by default: its length only)")
	f.BoolVar(&o.changes, "changes", false, report.ChangesHelp)
	return cmd
}
