package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/review"
	"github.com/repoxhq/repox/repoops"
)

// replayReview is `repox replay --html FILE` and `--markdown FILE`: one
// replay laid out as a review, written to each file asked for.
func replayReview(ctx context.Context, o replayOptions, changed func(string) bool, pos []string, stdout, stderr io.Writer) int {
	if why := replayReviewProblem(o, changed, pos); why != "" {
		fmt.Fprintf(stderr, "repox replay: %s\n", why)
		return exitUsage
	}
	ctx, done := replaySignals(ctx)
	defer done()
	home, _ := os.UserHomeDir()
	doc, err := review.Build(ctx, review.Options{
		Run: replay.RunOptions{Transcript: pos[0], Root: o.root, Session: o.session, Against: replay.Against(o.against),
			Limits: repoops.CopyOptions{MaxFiles: o.copyMaxFiles, MaxBytes: int64(o.copyMaxMiB) << 20}},
		NoRedact: o.noRedact, Home: home, Command: "repox replay",
	})
	if err != nil {
		fmt.Fprintf(stderr, "repox replay: %s\n", reviewAgain(err.Error(), o))
		return exitUsage
	}
	for _, out := range []struct {
		flag, name string
		write      func(io.Writer) error
	}{{"--html", o.html, doc.HTML}, {"--markdown", o.markdown, doc.Markdown}} {
		if out.name == "" {
			continue
		}
		if err := review.WriteFile(out.name, out.flag, pos[0], stdout, out.write); err != nil {
			fmt.Fprintf(stderr, "repox replay: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}

// reviewAgain is a refusal of the replay with the command it suggests
// (the root's refusal: "run: repox replay --report --root DIR FILE")
// made the review's: its --html and --markdown instead of --report.
func reviewAgain(msg string, o replayOptions) string {
	var flags []string
	for _, f := range []struct{ flag, file string }{{"--html", o.html}, {"--markdown", o.markdown}} {
		if f.file == "" {
			continue
		}
		w, ok := plainShellWord(f.file)
		if !ok {
			return msg // the suggestion as it is: it runs, as a report
		}
		flags = append(flags, f.flag, w)
	}
	if o.noRedact {
		flags = append(flags, "--no-redact")
	}
	return strings.Replace(msg, "run: repox replay --report ", "run: repox replay "+strings.Join(flags, " ")+" ", 1)
}

// plainShellWord is s as one word of a POSIX shell: as it is when it
// holds only safe characters, else in single quotes; false when s holds
// a character a terminal should not be handed raw.
func plainShellWord(s string) (string, bool) {
	safe := true
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			return "", false
		case func() bool { _, changed := repoops.VisibleRune(r); return changed }():
			return "", false
		case !(r == '-' || r == '_' || r == '.' || r == '/' || r == '~' && s[0] != '~' || r >= '0' && r <= '9' || r|0x20 >= 'a' && r|0x20 <= 'z'):
			safe = false
		}
	}
	if safe && s != "" {
		return s, true
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'", true
}

// replayReviewProblem says what is wrong with a review's command line ("":
// nothing). changed tells whether a flag was given.
func replayReviewProblem(o replayOptions, changed func(string) bool, pos []string) string {
	if why := replayReportProblem(replayOptions{copyMaxFiles: o.copyMaxFiles, copyMaxMiB: o.copyMaxMiB, against: o.against}, pos); why != "" {
		return why
	}
	for _, f := range []struct {
		name, file string
	}{{"html", o.html}, {"markdown", o.markdown}} {
		if changed(f.name) && f.file == "" {
			return "--" + f.name + " needs a file name (or - for stdout)"
		}
	}
	switch {
	case o.report || o.changes:
		return "--html and --markdown write a review of their own: give them without --report or --changes (the review holds the report's calls and the session's changes)"
	case o.json:
		return "--json applies to --report and --changes; the review is HTML or Markdown: leave out --json"
	case o.html == "-" && o.markdown == "-":
		return "--html - and --markdown - would both write to stdout: send one of them to a file"
	}
	for _, f := range []struct{ flag, file string }{{"--html", o.html}, {"--markdown", o.markdown}} {
		if err := review.CheckTarget(f.file, f.flag, pos[0]); err != nil {
			return err.Error() // before the replay: nothing is written
		}
	}
	return ""
}
