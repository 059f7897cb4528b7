package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"charm.land/fang/v2"
	"github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/repoxhq/repox/mcpserver"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The command line is a cobra command tree run through fang (styled help,
// --version, completion scripts). Each command's work stays in the
// int-returning functions it had (cmdCall, cmdTools, the faces' Main
// functions); a command passes its parsed flags on to them, and an exit
// status other than 0 travels back as an exitStatus error.

// exitStatus is a non-zero exit whose message was already written.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// usageError is a command line that cannot run: one line says what was
// wrong and how to see the help.
type usageError struct {
	cmd string // "repox call"
	err error
}

func (e usageError) Error() string {
	return fmt.Sprintf("%s: %v — run '%s --help' for usage", e.cmd, e.err, e.cmd)
}

func usagef(cmd *cobra.Command, format string, a ...any) error {
	return usageError{cmd: cmd.CommandPath(), err: fmt.Errorf(format, a...)}
}

// status turns an int-returning command's result into RunE's error.
func status(code int) error {
	if code == exitOK {
		return nil
	}
	return exitStatus(code)
}

// passArgs rebuilds the argument list for a function that parses its own
// flags (Go's flag package): every flag set on the command line, then the
// positional arguments after "--".
func passArgs(cmd *cobra.Command, args []string) []string {
	var out []string
	cmd.Flags().Visit(func(f *pflag.Flag) {
		out = append(out, "--"+f.Name+"="+f.Value.String())
	})
	if len(args) > 0 {
		out = append(out, "--")
		out = append(out, args...)
	}
	return out
}

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef(cmd, "unexpected argument %q", args[0])
	}
	return nil
}

func maxArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return usagef(cmd, "%s at most, got %d arguments", what, len(args))
		}
		return nil
	}
}

// completeDirs completes folder names (for --root and DIR arguments).
func completeDirs(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// completeTools completes a tool name as the first argument of call.
func completeTools(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, t := range repoops.Tools() {
		if strings.HasPrefix(t.Name, toComplete) {
			out = append(out, cobra.CompletionWithDesc(t.Name, shortDesc(t.Description)))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// shortDesc is a description's first clause, at most about 60 characters,
// for a completion menu.
func shortDesc(d string) string {
	if i := strings.IndexAny(d, ":.,("); i >= 0 {
		d = d[:i]
	}
	if len(d) > 60 {
		if i := strings.LastIndexByte(d[:60], ' '); i > 0 {
			d = d[:i] + "…"
		}
	}
	return strings.TrimSpace(d)
}

func rootFlag(cmd *cobra.Command, def, help string) {
	cmd.Flags().String("root", def, help)
	cmd.RegisterFlagCompletionFunc("root", completeDirs)
}

// newCLI builds the command tree; the writers are the process's or a test's.
func newCLI(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
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
			if demo {
				// --demo DIR writes the demo there and keeps it.
				args = append([]string{"--demo"}, args...)
			}
			return status(cmdExplore(ctx, args, stdout, stderr))
		},
	}
	root.Flags().BoolVar(&demo, "demo", false, "explore a demo repository: in a temporary folder removed on exit, or, with DIR, written to DIR and kept")
	root.SetVersionTemplate("{{.Version}}\n")

	tools := &cobra.Command{
		Use:   "tools",
		Short: "Print the tool catalogue",
		Long:  "Print every tool repox serves: its name, its description (with every cap it states) and its arguments.",
		Example: `repox tools
repox tools --json | jq '.[].name'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(cmdTools(passArgs(cmd, args), stdout, stderr))
		},
	}
	tools.Flags().Bool("json", false, "print the catalogue as JSON (name, description, inputSchema)")

	call := &cobra.Command{
		Use:   "call TOOL [ARGS_JSON|-]",
		Short: "Run one tool call (or a batch) and print exactly the model text",
		Long: `Run one tool call and print exactly the text the tool returns to a model. ARGS_JSON is the
call's arguments as a JSON object; - reads them from stdin. With --batch, JSON lines
{"tool":NAME,"args":{...}} are read from stdin and run in one session (so a read can grant an edit),
with one JSON line out per call: repox call --batch [--root DIR]. Exit status: 0 success, 1 the tool refused, 2 usage error.`,
		Example: `repox call repo_tree
repox call --root ~/src/project repo_grep '{"pattern":"TODO","path":"src"}'
echo '{"path":"README.md"}' | repox call repo_read_file -
printf '%s\n' '{"tool":"repo_read_file","args":{"path":"a.txt"}}' \
  '{"tool":"repo_edit","args":{"path":"a.txt","old_string":"x","new_string":"y"}}' | repox call --batch`,
		Args: func(cmd *cobra.Command, args []string) error {
			if b, _ := cmd.Flags().GetBool("batch"); b {
				if len(args) > 0 {
					return usagef(cmd, "--batch reads its calls from stdin; unexpected argument %q", args[0])
				}
				return nil
			}
			if len(args) < 1 || len(args) > 2 {
				return usagef(cmd, "give TOOL and optionally ARGS_JSON (or - to read them from stdin)")
			}
			return nil
		},
		ValidArgsFunction: completeTools,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(cmdCall(ctx, passArgs(cmd, args), stdin, stdout, stderr))
		},
	}
	rootFlag(call, ".", "repository root")
	call.Flags().Bool("json", false, `print {"isError","text","structured"} instead of the model text`)
	call.Flags().Bool("batch", false, `read JSON lines {"tool","args"} from stdin and run them in one session`)

	mcp := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the tools to an MCP client (agent) over stdio",
		Long: `Serve repox's tools to an MCP client (Claude Code, Codex, Gemini CLI, Cursor, ...) over stdio:
the same tools and the same text as repox call, one session per connection.`,
		Example: `repox mcp --root ~/src/project
repox mcp --root . --log ~/.local/state/repox/calls.jsonl
claude mcp add repox -- repox mcp --root "$PWD"`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(mcpserver.Main(ctx, passArgs(cmd, args), stdin, stdout, stderr))
		},
	}
	rootFlag(mcp, ".", "repository root")
	mcp.Flags().String("log", "", "append one CallRecord JSON line per call to FILE (created 0600; ~/ is the home folder)")
	mcp.Flags().Bool("read-only", false, "serve only the tools that do not change files")
	mcp.Flags().Bool("structured", false, "also send each result's typed value as structuredContent")

	sessions := &cobra.Command{
		Use:   "sessions [DIR]",
		Short: "List the agent sessions recorded for DIR, newest first",
		Long:  "List the agent sessions recorded for DIR (default: the current folder) by Claude Code, Codex and repox call logs, newest first.",
		Example: `repox sessions
repox sessions --json ~/src/project`,
		Args:              maxArgs(1, "one folder"),
		ValidArgsFunction: completeDirs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(replay.SessionsMain(ctx, passArgs(cmd, args), stdin, stdout, stderr))
		},
	}
	sessions.Flags().Bool("json", false, "print one JSON line per session")

	replayCmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a transcript's file-tool calls: what the agent saw then beside now",
		Long: `Re-run the file-tool calls of a transcript (a repox call log, Claude Code or Codex) in a scratch
copy of the repository, and report what the agent saw then beside what repox shows now, with the
conversation around the calls (prompts by turn, the agent's text, thinking folded). --changes
prints what the session changed as one diff for git apply. Without --report or --changes, open
the explorer with the sessions pane following FILE as it grows.`,
		Example: `repox replay ~/.local/state/repox/calls.jsonl --session 3f2a
repox replay --report ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --report calls.jsonl --session 3f2a --json
repox replay --report --against now ~/.claude/projects/-src-project/SESSION.jsonl
repox replay --changes ~/.claude/projects/-src-project/SESSION.jsonl > session.diff`,
		Args: maxArgs(1, "one transcript"),
		RunE: func(cmd *cobra.Command, args []string) error {
			report, _ := cmd.Flags().GetBool("report")
			changes, _ := cmd.Flags().GetBool("changes")
			if !report && !changes {
				return status(cmdReplay(ctx, passArgs(cmd, args), stdout, stderr))
			}
			return status(replay.ReplayMain(ctx, passArgs(cmd, args), stdin, stdout, stderr))
		},
	}
	replayCmd.Flags().Bool("report", false, "print the replay as text instead of opening the sessions pane")
	rootFlag(replayCmd, "", "the repository to compare with (default: the transcript's folder when it lies in the current repository, else the current folder; a transcript recorded elsewhere needs --root)")
	replayCmd.Flags().Bool("json", false, "with --report: print JSON lines")
	replayCmd.Flags().String("session", "", "on a repox call log: only the calls of this session")
	replayCmd.Flags().Int("copy-max-files", repoops.CopyFileSetMaxFiles, "with --report: the most files the scratch copy of the root may hold (changes are replayed in that copy)")
	replayCmd.Flags().Int("copy-max-mib", repoops.CopyFileSetMaxBytes>>20, "with --report: the most MiB the scratch copy of the root may hold")
	replayCmd.Flags().String("against", string(replay.AgainstStart), replay.AgainstHelp)
	replayCmd.Flags().Bool("thinking", false, replay.ThinkingHelp)
	replayCmd.Flags().Bool("changes", false, replay.ChangesHelp)

	version := &cobra.Command{
		Use:     "version",
		Short:   "Print the build: module version, commit when known, Go version",
		Example: "repox version",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(stdout, versionLine())
			return nil
		},
	}

	man := &cobra.Command{
		Use:     "man",
		Short:   "Print the manual page (roff) to standard output",
		Example: "repox man > repox.1 && man ./repox.1",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			page, err := mcobra.NewManPage(1, cmd.Root())
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(stdout, page.Build(roff.NewDocument()))
			return err
		},
	}

	root.AddCommand(tools, call, mcp, sessions, replayCmd, version, man)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// after SetOut: the completion command takes its writer now
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = `source <(repox completion bash)
repox completion zsh > "${fpath[1]}/_repox"
repox completion fish > ~/.config/fish/completions/repox.fish`
		for _, sh := range c.Commands() {
			sh.Example = "repox completion " + sh.Name() + " > repox." + sh.Name()
		}
	}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageError{cmd: cmd.CommandPath(), err: err}
	})
	for _, c := range root.Commands() {
		c.SilenceUsage, c.SilenceErrors = true, true
	}
	return root
}

// executeCLI runs args through the command tree and returns the exit status.
func executeCLI(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newCLI(ctx, stdin, stdout, stderr)
	root.SetArgs(args)
	err := fang.Execute(ctx, root,
		fang.WithVersion(versionLine()),
		fang.WithoutManpage(), // repox man writes to the command's output
		fang.WithErrorHandler(func(w io.Writer, _ fang.Styles, err error) {
			var es exitStatus
			if errors.As(err, &es) {
				return // the command said why
			}
			var ue usageError
			if !errors.As(err, &ue) {
				// cobra's own errors (unknown command, ...) are usage errors too
				ue = usageError{cmd: "repox", err: err}
			}
			fmt.Fprintln(w, ue.Error())
		}),
	)
	var es exitStatus
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &es):
		return int(es)
	}
	return exitUsage
}
