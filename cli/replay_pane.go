package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/repoxhq/repox/model"
	"github.com/repoxhq/repox/replay"
)

// cmdReplay is `repox replay FILE [--root DIR] [--session ID]`: the
// explorer, with the sessions pane following FILE.
func cmdReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repox replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", "", "the repository to compare with (default: the transcript's folder when it lies in the current repository; the current folder when the transcript records none)")
	session := fs.String("session", "", "on a repox call log: follow only the calls of this session")
	asJSON := fs.Bool("json", false, "with --report only")
	fs.Int("copy-max-files", 0, "with --report only")
	fs.Int("copy-max-mib", 0, "with --report only")
	fs.Bool("report", false, "print instead (handled by repox replay --report)")
	against := fs.String("against", "", "with --report only")
	var pos []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return exitUsage
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			pos = append(pos, rest[1:]...)
			break
		}
		pos, rest = append(pos, rest[0]), rest[1:]
	}
	copyBound := false
	fs.Visit(func(f *flag.Flag) { copyBound = copyBound || f.Name == "copy-max-files" || f.Name == "copy-max-mib" })
	if copyBound {
		fmt.Fprintf(stderr, "repox replay: --copy-max-files and --copy-max-mib go with --report (the explorer copies with the default bounds): repox replay --report --copy-max-files N FILE\n")
		return exitUsage
	}
	if *against != "" {
		fmt.Fprintf(stderr, "repox replay: --against goes with --report (the explorer follows the tree as it is): repox replay --report --against %s FILE\n", *against)
		return exitUsage
	}
	if *asJSON {
		fmt.Fprintf(stderr, "repox replay: --json goes with --report (the explorer has no JSON output): repox replay --report --json FILE\n")
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "repox replay: give one transcript file (a Claude Code session .jsonl, a Codex rollout, or a repox call log), got %d arguments\n", len(pos))
		return exitUsage
	}
	file, err := filepath.Abs(pos[0])
	if err == nil {
		var st os.FileInfo
		if st, err = os.Stat(file); err == nil && !st.Mode().IsRegular() {
			err = errors.New("not a regular file — give a transcript file")
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %s: %v\n", pos[0], err)
		return exitUsage
	}
	if !isTerminal(stdout) {
		fmt.Fprintf(stderr, "repox replay: the explorer needs a terminal, and standard output is not one — for text, run: repox replay --report %s\n", pos[0])
		return exitUsage
	}
	dir, _, err := replay.RootFor(*root, transcriptCwd(file), ".", "repox", "replay", pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	if err := model.Run(ctx, model.Options{Dir: dir, Transcript: file, Session: *session}); err != nil {
		fmt.Fprintf(stderr, "repox replay: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// transcriptCwd is the folder the agent worked in, when its first call
// says (it reads up to the first call only).
func transcriptCwd(path string) string {
	f, err := replay.OpenTranscript(path) // without blocking, regular files only
	if err != nil {
		return ""
	}
	defer f.Close()
	rd := replay.NewReader(f)
	rd.Next()
	return rd.Stats().Cwd
}
