package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"
	"github.com/repoxhq/repox/repoops"
	"github.com/spf13/cobra"
)

// newCallCmd is `repox call`: one tool call, or a batch in one session.
func newCallCmd(s *streams) *cobra.Command {
	var o callOptions
	cmd := &cobra.Command{
		Use:   "call TOOL [ARGS_JSON|-]",
		Short: "Run one tool call (or a batch) and print exactly the model text",
		Long: `Run one tool call and print exactly the text the tool returns to a model. ARGS_JSON is
the call's arguments as a JSON object; - reads them from stdin. With --batch, JSON lines
{"tool":NAME,"args":{...}} are read from stdin and run in one session (so a read can grant
an edit), with one JSON line out per call: repox call --batch [--root DIR].

Exit status: 0 success, 1 the tool refused, 2 usage error. With --batch: 0 when every call
ran, 1 when any was refused (its answer line has "isError": true; a line that is not a call
counts too), 2 when the repository cannot be opened.`,
		Example: `repox call repo_tree
repox call --root ~/src/project repo_grep '{"pattern":"TODO","path":"src"}'
echo '{"path":"README.md"}' | repox call repo_read_file -
printf '%s\n' '{"tool":"repo_read_file","args":{"path":"a.txt"}}' \
  '{"tool":"repo_edit","args":{"path":"a.txt","old_string":"x","new_string":"y"}}' | repox call --batch`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.batch {
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
			return status(runCall(s.ctx, o, args, s.in, s.out, s.err))
		},
	}
	rootFlag(cmd, &o.root, ".", "repository root")
	cmd.Flags().BoolVar(&o.json, "json", false, `print {"isError","text","structured"} instead of the model text`)
	cmd.Flags().BoolVar(&o.batch, "batch", false, `read JSON lines {"tool","args"} from stdin and run them in one session`)
	return cmd
}

type callOptions struct {
	root        string
	json, batch bool
}

// runCall runs one call (args: TOOL [ARGS_JSON|-], checked by the
// command) or, with o.batch, every line of stdin in one session.
func runCall(ctx context.Context, o callOptions, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	repo, err := repoops.Open(o.root)
	if err != nil {
		fmt.Fprintf(stderr, "repox call: %v\n", err)
		return exitUsage
	}
	defer repo.Close()
	session := repo.NewSession()
	if o.batch {
		out := stdout
		if isTerminal(stdout) {
			out = terminalJSON{stdout} // the same values, no raw DEL or C1 byte on the terminal
		}
		return runBatch(ctx, session, stdin, out)
	}
	name := args[0]
	if _, ok := repoops.Lookup(name); !ok {
		fmt.Fprintf(stderr, "repox call: unknown tool %q — run `repox tools` to list them\n", name)
		return exitUsage
	}
	var raw []byte
	if len(args) == 2 {
		raw = []byte(args[1])
		if args[1] == "-" {
			if raw, err = io.ReadAll(io.LimitReader(stdin, repoops.MaxArgsBytes+1)); err != nil {
				fmt.Fprintf(stderr, "repox call: reading arguments from stdin: %v\n", err)
				return exitUsage
			}
			if len(raw) > repoops.MaxArgsBytes {
				fmt.Fprintf(stderr, "repox call: the arguments on stdin are over %s bytes, the most a call accepts — nothing was run\n", repoops.Commas(repoops.MaxArgsBytes))
				return exitUsage
			}
		}
	}
	res := session.Call(ctx, name, raw)
	tty := isTerminal(stdout)
	switch {
	case o.json && tty:
		writeJSONLine(terminalJSON{stdout}, res)
	case o.json:
		writeJSONLine(stdout, res)
	case tty:
		// The text is the model's, byte for byte, when it goes to a pipe or
		// a file. A terminal would act on its control bytes (a file's OSC
		// title, an ESC[2J), so there they are shown as the TUI shows them.
		text, changed := repoops.ControlsVisible(res.Text)
		fmt.Fprintln(stdout, text)
		if changed {
			fmt.Fprintln(stderr, "repox call: control characters in the text are shown as visible symbols (␛ for ESC, ␍ for CR, � for C1 and invalid bytes) because standard output is a terminal; pipe or redirect the output for the exact bytes")
		}
	default:
		fmt.Fprintln(stdout, res.Text)
	}
	if res.IsError {
		return exitRefused
	}
	return exitOK
}

// isTerminal decides whether w is a terminal (a variable: tests have no
// tty, so they set the decision).
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// terminalJSON writes JSON for a terminal: the encoder escapes C0
// controls, and this also escapes what it leaves raw and a terminal would
// act on or reorder: DEL, C1 controls, bidi, zero-width and other
// non-printing characters (all but strconv.IsPrint's, from U+007F up).
// They can only occur inside JSON strings, where the \u form is the same
// value, so the JSON still decodes to the exact text.
type terminalJSON struct{ w io.Writer }

func (t terminalJSON) Write(p []byte) (int, error) {
	var b bytes.Buffer
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r < 0x7f || strconv.IsPrint(r) || (r == utf8.RuneError && size == 1):
			b.Write(p[i : i+size])
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&b, "\\u%04x\\u%04x", r1, r2)
		default:
			fmt.Fprintf(&b, "\\u%04x", r)
		}
		i += size
	}
	if _, err := t.w.Write(b.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}
