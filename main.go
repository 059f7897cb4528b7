// Command repox shows a repository exactly the way an LLM coding agent sees
// it. This file only parses flags and wires the faces to the core.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"
	"github.com/repoxhq/repox/model"
	"github.com/repoxhq/repox/repoops"
)

// exit codes
const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main without the process: the tests drive it directly. The
// command tree is in cli.go.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return executeCLI(ctx, args, stdin, stdout, stderr)
}

// cmdExplore runs the TUI on a folder, a FILE[:LINE], or the demo.
func cmdExplore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var opts model.Options
	if len(args) == 2 && (args[0] == "--demo" || args[0] == "-demo") {
		args, opts.DemoDir = args[:1], args[1]
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "repox: one folder or file at most, got %d arguments — run 'repox --help' for usage\n", len(args))
		return exitUsage
	}
	switch {
	case len(args) == 1 && (args[0] == "--demo" || args[0] == "-demo"):
		opts.Demo = true
	case len(args) == 1:
		o, err := model.ParseTarget(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "repox: %v\n", err)
			return exitUsage
		}
		opts = o
	}
	if f, ok := stdout.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		fmt.Fprintf(stderr, "repox: the explorer needs a terminal, and standard output is not one — for text, run: repox call --root DIR repo_tree (or repo_read_file, repo_grep, ...)\n")
		return exitUsage
	}
	if err := model.Run(ctx, opts); err != nil {
		fmt.Fprintf(stderr, "repox: %v\n", err)
		return exitUsage
	}
	return exitOK
}

func cmdTools(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repox tools", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the catalogue as JSON (name, description, inputSchema)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "repox tools: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	tools := repoops.Tools()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(tools); err != nil {
			fmt.Fprintf(stderr, "repox tools: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	for i, t := range tools {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s\n", t.Name)
		fmt.Fprintf(stdout, "  %s\n", t.Description)
		fmt.Fprintf(stdout, "  arguments: %s\n", argSummary(t.InputSchema))
	}
	return exitOK
}

// argSummary lists a schema's properties, required ones first.
func argSummary(schema map[string]any) string {
	props, _ := schema["properties"].(map[string]any)
	req := map[string]bool{}
	if r, ok := schema["required"].([]string); ok {
		for _, n := range r {
			req[n] = true
		}
	}
	var parts []string
	for _, pass := range []bool{true, false} {
		for _, name := range sortedKeys(props) {
			if req[name] != pass {
				continue
			}
			p, _ := props[name].(map[string]any)
			s := name + " (" + fmt.Sprint(p["type"])
			if d, ok := p["default"]; ok {
				s += fmt.Sprintf(", default %v", d)
			}
			if req[name] {
				s += ", required"
			}
			parts = append(parts, s+")")
		}
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func cmdCall(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repox call", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "repository root")
	asJSON := fs.Bool("json", false, `print {"isError","text","structured"} instead of the model text`)
	batch := fs.Bool("batch", false, "read JSON lines {\"tool\",\"args\"} from stdin and run them in one session")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	repo, err := repoops.Open(*root)
	if err != nil {
		fmt.Fprintf(stderr, "repox call: %v\n", err)
		return exitUsage
	}
	defer repo.Close()
	session := repo.NewSession()
	if *batch {
		if fs.NArg() > 0 {
			fmt.Fprintf(stderr, "repox call --batch reads its calls from stdin; unexpected argument %q\n", fs.Arg(0))
			return exitUsage
		}
		out := stdout
		if isTerminal(stdout) {
			out = terminalJSON{stdout} // the same values, no raw DEL or C1 byte on the terminal
		}
		return runBatch(ctx, session, stdin, out)
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		fmt.Fprintf(stderr, "repox call: give TOOL and optionally ARGS_JSON (or - to read them from stdin) — run 'repox call --help' for usage\n")
		return exitUsage
	}
	name := fs.Arg(0)
	if _, ok := repoops.Lookup(name); !ok {
		fmt.Fprintf(stderr, "repox call: unknown tool %q — run `repox tools` to list them\n", name)
		return exitUsage
	}
	var raw []byte
	if fs.NArg() == 2 {
		raw = []byte(fs.Arg(1))
		if fs.Arg(1) == "-" {
			if raw, err = io.ReadAll(io.LimitReader(stdin, repoops.MaxArgsBytes+1)); err != nil {
				fmt.Fprintf(stderr, "repox call: reading arguments from stdin: %v\n", err)
				return exitUsage
			}
			if len(raw) > repoops.MaxArgsBytes {
				fmt.Fprintf(stderr, "repox call: the arguments on stdin are over %s bytes, the most a call accepts — nothing was run\n", commas64(repoops.MaxArgsBytes))
				return exitUsage
			}
		}
	}
	res := session.Call(ctx, name, raw)
	tty := isTerminal(stdout)
	switch {
	case *asJSON && tty:
		writeJSONLine(terminalJSON{stdout}, res)
	case *asJSON:
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

// runBatch runs one call per input line in one session. Each answer is
// written (and so flushed: stdout is unbuffered) before the next line is
// read, so a script can act between calls.
func runBatch(ctx context.Context, s *repoops.Session, stdin io.Reader, stdout io.Writer) int {
	br := bufio.NewReaderSize(stdin, 64<<10)
	for n := 1; ; n++ {
		line, size, err := readBatchLine(br, batchMaxLine)
		switch {
		case size > batchMaxLine:
			writeJSONLine(stdout, batchError(s, fmt.Sprintf("line %d is %s bytes; a line holds at most %s (one call, its args at most %s) — it was skipped, nothing was run",
				n, commas64(size), commas64(batchMaxLine), commas64(repoops.MaxArgsBytes))))
		case len(bytes.TrimSpace(line)) > 0:
			writeJSONLine(stdout, batchCall(ctx, s, n, line))
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				writeJSONLine(stdout, batchError(s, fmt.Sprintf("reading stdin: %v", err)))
			}
			return exitOK
		}
		if ctx.Err() != nil {
			return exitOK
		}
	}
}

// batchCall runs one input line; the answer is the call's CallRecord (a
// line that is not a call gets a record with no tool and the reason).
func batchCall(ctx context.Context, s *repoops.Session, n int, line []byte) repoops.CallRecord {
	tool, args, problem := parseBatchLine(n, line)
	if problem != "" {
		return batchError(s, problem)
	}
	rec, _ := s.CallRecorded(ctx, tool, args)
	return rec
}

// batchError is the record for a line that could not be run.
func batchError(s *repoops.Session, text string) repoops.CallRecord {
	return repoops.CallRecord{V: repoops.CallRecordVersion, Time: time.Now().UTC(), Session: s.ID(),
		IsError: true, Text: text, Structured: map[string]string{"error": text}}
}

func writeJSONLine(w io.Writer, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(&buf, "{\"isError\":true,\"text\":%q,\"structured\":null}\n", err.Error())
	}
	w.Write(buf.Bytes())
}

// versionLine describes this build from what the Go toolchain recorded.
func versionLine() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "repox (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, kv := range info.Settings {
		if kv.Key == "vcs.revision" && len(kv.Value) >= 12 {
			v += " " + kv.Value[:12]
		}
	}
	return fmt.Sprintf("repox %s, %s", v, info.GoVersion)
}
