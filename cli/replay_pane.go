package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/repoxhq/repox/model"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/spf13/cobra"
)

// replayPane is `repox replay FILE` without --report: the explorer, with
// the sessions pane following FILE. The report's flags are refused here,
// each with the command line that has it.
func replayPane(ctx context.Context, cmd *cobra.Command, o replayOptions, pos []string, stdout, stderr io.Writer) int {
	switch f := cmd.Flags(); {
	case f.Changed("copy-max-files") || f.Changed("copy-max-mib"):
		fmt.Fprintf(stderr, "repox replay: --copy-max-files and --copy-max-mib go with --report (the explorer copies with the default bounds): repox replay --report --copy-max-files N FILE\n")
		return exitUsage
	case f.Changed("against"):
		fmt.Fprintf(stderr, "repox replay: --against goes with --report (the explorer follows the tree as it is): repox replay --report --against %s FILE\n", o.against)
		return exitUsage
	case o.json:
		fmt.Fprintf(stderr, "repox replay: --json goes with --report (the explorer has no JSON output): repox replay --report --json FILE\n")
		return exitUsage
	case f.Changed("thinking"):
		fmt.Fprintf(stderr, "repox replay: --thinking goes with --report (the explorer shows thinking folded): repox replay --report --thinking FILE\n")
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "repox replay: give one transcript file (repox reads %s), got %d arguments\n", transcript.Readers(), len(pos))
		return exitUsage
	}
	f, err := transcript.OpenTranscript(pos[0]) // what is wrong with the name, said as --report says it
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	f.Close()
	file, err := filepath.Abs(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %s: %v\n", pos[0], err)
		return exitUsage
	}
	cwd, err := transcriptCwd(file)
	if nt := (*transcript.NotTranscriptError)(nil); errors.As(err, &nt) {
		// refused before the explorer opens, as --report refuses it
		fmt.Fprintf(stderr, "repox replay: %s\n", nt.In(pos[0]))
		return exitUsage
	}
	if !isTerminal(stdout) {
		fmt.Fprintf(stderr, "repox replay: the explorer needs a terminal, and standard output is not one — for text, run: repox replay --report %s\n", pos[0])
		return exitUsage
	}
	dir, _, err := replay.RootFor(o.root, cwd, ".", "repox", "replay", pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	if err := model.Run(ctx, model.Options{Dir: dir, Transcript: file, Session: o.session}); err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// transcriptCwd is the folder the agent worked in, when its first call
// says (it reads up to the first call only); the error is the read's,
// a *replay.NotTranscriptError for a file repox does not read.
func transcriptCwd(path string) (string, error) {
	f, err := transcript.OpenTranscript(path) // without blocking, regular files only
	if err != nil {
		return "", nil
	}
	defer f.Close()
	rd := transcript.NewReader(f)
	_, err = rd.Next()
	return rd.Stats().Cwd, err
}
