package cli

import (
	"fmt"

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
	html, markdown         string // the review's files ("": none; -: stdout)
	noRedact               bool
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
prints what the session changed as one diff for git apply. --html FILE and --markdown FILE write
a review to share (the summary, the conversation, every call then and now, the findings, the
session's changes), with secrets and the home folder redacted unless --no-redact. Without
--report, --changes, --html or --markdown, open the explorer with the sessions pane following FILE
as it grows. An OpenCode session is many records: give its session file
(storage/session/<project>/<id>.json), or <path>/opencode.db#<session id> for one of its database
(repox sessions lists them); such a session is followed by reading it again when it changes.`),
		Example: `repox replay ~/.local/state/repox/calls.jsonl --session 3f2a
repox replay --report ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --report calls.jsonl --session 3f2a --json
repox replay --report --against now ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --changes ~/.claude/projects/-src-project/SESSION.jsonl > session.diff
repox replay --html review.html ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --markdown - ~/.codex/sessions/2026/01/02/rollout-….jsonl > review.md
repox replay --report ~/.local/share/opencode/opencode.db#ses_…`,
		Args: maxArgs(1, "one transcript"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.html != "" || o.markdown != "" || cmd.Flags().Changed("html") || cmd.Flags().Changed("markdown") {
				return status(replayReview(s.ctx, o, cmd.Flags().Changed, args, s.out, s.err))
			}
			if o.noRedact {
				fmt.Fprintf(s.err, "repox replay: --no-redact applies to --html and --markdown only: give one of them\n")
				return status(exitUsage)
			}
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
	f.IntVar(&o.copyMaxFiles, "copy-max-files", repoops.CopyFileSetMaxFiles, "with --report, --html or --markdown: the most files the scratch copy of the root may hold (changes are replayed in that copy)")
	f.IntVar(&o.copyMaxMiB, "copy-max-mib", repoops.CopyFileSetMaxBytes>>20, "with --report, --html or --markdown: the most MiB the scratch copy of the root may hold")
	f.StringVar(&o.against, "against", string(replay.AgainstStart), replay.AgainstHelp)
	f.BoolVar(&o.thinking, "thinking", false, "with --report: show the agent's thinking (folded by default: its length only)")
	f.BoolVar(&o.changes, "changes", false, report.ChangesHelp)
	f.StringVar(&o.html, "html", "", "write a review to share as one self-contained HTML file (no script, nothing fetched; - for stdout): the summary, the conversation, every call then and now, the findings, the session's changes; a regular file is replaced")
	f.StringVar(&o.markdown, "markdown", "", "write the same review as GitHub-flavoured Markdown (- for stdout); may be given with --html")
	f.BoolVar(&o.noRedact, "no-redact", false, "with --html or --markdown: keep secrets (AWS, GitHub, GitLab, Slack, OpenAI and Anthropic keys, private keys, password and token assignments) and the home folder, which the review replaces by [redacted: kind] and ~ by default")
	return cmd
}
