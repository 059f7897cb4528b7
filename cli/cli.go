package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"charm.land/lipgloss/v2"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
)

// Package cli is repox's command line: a cobra command tree run through
// fang (styled help, --version, completion scripts), one file per command,
// each flag defined once, in the command that has it. A command's work is
// an int-returning function or a library call of the face it runs (model,
// mcpserver, replay); an exit status other than 0 travels back to Execute
// as an exitStatus error, whose message the command already wrote.

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

// rootFlag is --root, completed with folder names.
func rootFlag(cmd *cobra.Command, p *string, def, help string) {
	cmd.Flags().StringVar(p, "root", def, help)
	cmd.RegisterFlagCompletionFunc("root", completeDirs)
}

// streams are what a command reads and writes: the process's, or a test's.
type streams struct {
	ctx context.Context
	in  io.Reader
	out io.Writer
	err io.Writer
}

// newCLI builds the command tree; the writers are the process's or a test's.
func newCLI(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	s := &streams{ctx: ctx, in: stdin, out: stdout, err: stderr}
	root := newRootCmd(s)
	root.SetVersionTemplate("{{.Version}}\n")

	root.AddCommand(newDemoCmd(s), newToolsCmd(s), newCallCmd(s), newMCPCmd(s), newSessionsCmd(s), newBlameCmd(s), newReplayCmd(s), newVersionCmd(s), newManCmd(s), newConfigCmd(s))
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

// Execute runs args through the command tree and returns the exit status.
func Execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newCLI(ctx, stdin, stdout, stderr)
	root.SetArgs(args)
	// What fang.Execute would set on the root; the root is not run through
	// it because it asks the terminal for its background on every help and
	// every error (fangHelp says why).
	root.Version = versionLine()
	root.SilenceUsage, root.SilenceErrors = true, true
	root.SetHelpFunc(fangHelp(ctx, stdin, stdout, stderr))
	err := root.ExecuteContext(ctx)
	var es exitStatus
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &es):
		return int(es) // the command said why
	}
	var ue usageError
	if !errors.As(err, &ue) {
		// cobra's own errors (unknown command, ...) are usage errors too
		ue = usageError{cmd: "repox", err: err}
	}
	fmt.Fprintln(stderr, ue.Error())
	return exitUsage
}

// fangHelp is fang's styled help with the colour scheme decided here.
// fang.Execute asks the terminal for its background colour whenever
// os.Stdout is a terminal, before the help and before the error handler,
// waiting 2 s for each of stdin and stdout: 4 s on a terminal that never
// answers. So the help function is taken from a command that does nothing,
// run once through fang.Execute (which also turns on VT processing for the
// writers on Windows); the background is asked for by darkBackground (one
// short query, only when the help is printed in colour); and while fang's
// help runs, os.Stdin is no terminal, so its own query ends at once (on
// Unix; Windows consoles answer). Errors never reach fang: Execute prints
// them, unstyled, as before.
func fangHelp(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) func(*cobra.Command, []string) {
	dark := lazyDark(stdin, stdout)
	probe := &cobra.Command{Use: "repox", RunE: func(*cobra.Command, []string) error { return nil }}
	probe.SetArgs([]string{})
	probe.SetIn(stdin)
	probe.SetOut(stdout)
	probe.SetErr(stderr)
	_ = fang.Execute(ctx, probe,
		fang.WithoutManpage(), fang.WithoutCompletions(), fang.WithoutVersion(),
		fang.WithColorSchemeFunc(func(lipgloss.LightDarkFunc) fang.ColorScheme {
			return fang.DefaultColorScheme(lipgloss.LightDark(dark()))
		}),
	)
	help := probe.HelpFunc()
	return func(c *cobra.Command, args []string) {
		dark() // asked before fang's help, with the real stdin
		saved := os.Stdin
		os.Stdin = nil
		defer func() { os.Stdin = saved }()
		help(c, args)
	}
}

// exit codes
const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)
