package cli

import (
	"fmt"
	"os/signal"
	"syscall"

	"github.com/repoxhq/repox/mcpserver"
	"github.com/repoxhq/repox/repoops"
	"github.com/spf13/cobra"
)

// newMCPCmd is `repox mcp`: the tools served to an agent over stdio.
func newMCPCmd(s *streams) *cobra.Command {
	var root, logPath string
	var opts mcpserver.Options
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the tools to an MCP client (agent) over stdio",
		Long: `Serve repox's tools to an MCP client (Claude Code, Codex, Gemini CLI, Cursor, ...) over stdio:
the same tools and the same text as repox call, one session per connection.

What it keeps between calls, in a git repository: the untracked half of the file set (git's
ls-files --others listing), the folder listings repo_tree shows, which listed files exist, the
compiled ignore rules and the index's view. A call that uses them checks them first (a read or
an edit does not): one stat per folder git's walk enters (a name created, deleted or renamed
moves its folder's mtime and ctime), each .gitignore, the index, info/exclude, core.excludesFile
and the git config. Anything changed, and all of it is dropped and listed afresh; a listing made
while a folder was less than 2 s old (a clock tick that could hide a second change) is used but
not kept. So every answer is the one a fresh repox call gives. File contents are never kept:
repo_grep and repo_read_file read them on every call. Outside git nothing is kept.`,
		Example: `repox mcp --root ~/src/project
repox mcp --root . --log ~/.local/state/repox/calls.jsonl
claude mcp add repox -- repox mcp --root "$PWD"`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef(cmd, "unexpected argument %q — the repository is given with --root DIR", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			repo, err := repoops.Open(root)
			if err != nil {
				fmt.Fprintf(s.err, "repox mcp: --root: %v\n", err)
				return exitStatus(exitUsage)
			}
			defer repo.Close()
			repo.KeepWarm() // one process for the whole session: keep the file set, revalidated before each call
			if logPath != "" {
				if opts.Log, err = mcpserver.OpenCallLog(logPath, repo.Dir()); err != nil {
					fmt.Fprintf(s.err, "repox mcp: %v\n", err)
					return exitStatus(exitUsage)
				}
				defer opts.Log.Close()
			}
			// A client that goes away closes our stdout: a write there must
			// be an error the server handles, not a SIGPIPE that kills it
			// mid-call. SIGTERM ends the server as the end of stdin does.
			signal.Ignore(syscall.SIGPIPE)
			ctx, stop := signal.NotifyContext(s.ctx, syscall.SIGTERM)
			defer stop()
			opts.Stderr = s.err
			if err := mcpserver.Serve(ctx, repo.NewSession(), opts, s.in, s.out); err != nil {
				fmt.Fprintf(s.err, "repox mcp: %v\n", err)
			}
			return nil
		},
	}
	rootFlag(cmd, &root, ".", "repository root")
	cmd.Flags().StringVar(&logPath, "log", "", "append one CallRecord JSON line per call to FILE (created 0600; ~/ is the home folder)")
	cmd.Flags().BoolVar(&opts.ReadOnly, "read-only", false, "serve only the tools that do not change files")
	cmd.Flags().BoolVar(&opts.Structured, "structured", false, "also send each result's typed value as structuredContent")
	return cmd
}
