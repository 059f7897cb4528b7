package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Contrast is one step of the tour (`repox demo`) that shows a silent tool
// beside repox: the silent tool's answer, computed on the demo repository
// by the code of silent.go (never a picture of one), and the call that
// shows repox's answer to the same request. Prepare is a call to make
// first, in the same session, when repox's answer needs one (a read before
// an edit).
type Contrast struct {
	Label   string // who answers on the silent side, and how it was computed
	Silent  string // its answer, as the agent got it
	Prepare string // a call made first ("" for none): "tool {json}"
	Call    string // repox's call: "tool {json}", run in the explorer's session
}

// Contrasts are the tour's five contrasts, in its order: the silent depth
// stop, no search tool, git log without its path, the ambiguous edit and
// the clipped-read grant. They read the demo at root (written by Write)
// through repoops only: its listings, its git door, and Folder for the two
// files, so nothing outside root is listed or read and nothing the
// folder's git config names runs.
func Contrasts(root string) ([]Contrast, error) {
	repo, err := repoops.Open(root)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	f, err := repoops.OpenFolder(root)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tree, err := silentTree(repo, "src", 0, 0)
	if err != nil {
		return nil, err
	}
	all, err := silentTree(repo, ".", 0, 0)
	if err != nil {
		return nil, err
	}
	log, err := repo.LogOneline(context.Background(), 20)
	if err != nil {
		// without git the seed's tool had nothing to log either; say so
		log = "(no git: " + err.Error() + ")"
	}
	limits, err := readDemoFile(f, "internal/config/limits.go")
	if err != nil {
		return nil, err
	}
	handlers, err := readDemoFile(f, "server/handlers.go")
	if err != nil {
		return nil, err
	}
	changed, err := changedLine(handlers)
	if err != nil {
		return nil, err
	}
	return []Contrast{
		{
			Label:  "silent tool (a tree listing that stops at depth 3 without saying so, computed on this repo)",
			Silent: callLine(repoops.ToolTree, map[string]any{"path": "src"}) + "\n" + tree,
			Call:   callLine(repoops.ToolTree, map[string]any{"path": "src"}),
		},
		{
			Label:  "silent tools (a file-tool connector with " + strings.Join(SilentToolNames, ", ") + " — no search), computed on this repo",
			Silent: noSearch(all),
			Call:   callLine(repoops.ToolFind, map[string]any{"query": "icon-", "limit": findShown}),
		},
		{
			Label:  "silent tool (a git log that ignores its path, computed on this repo)",
			Silent: callLine(repoops.ToolGit, map[string]any{"cmd": "log", "path": "server"}) + "\n" + strings.TrimRight(log, "\n"),
			Call:   callLine(repoops.ToolGit, map[string]any{"cmd": "log", "path": "server"}),
		},
		ambiguous(limits),
		grant(handlers, changed),
	}, nil
}

// findShown is the limit of step 2's repo_find: few enough paths that
// its footer, the count of every match, is on screen beside the silent
// listing even at 80×24.
const findShown = 10

// callLine is a call as the console takes it and the panes show it.
func callLine(tool string, args map[string]any) string {
	b, err := json.Marshal(args)
	if err != nil {
		panic(err) // maps of strings and numbers always marshal
	}
	return tool + " " + string(b)
}

// shownLines are how many lines of a long silent answer the tour shows at
// each end; the rest is counted, in the tour's own words.
const shownLines = 4

// noSearch is an agent without a search tool looking for the icons: it
// lists the root, and the seed's tree stops at its entry cap.
func noSearch(all string) string {
	lines := strings.Split(all, "\n")
	var b strings.Builder
	b.WriteString("no repo_find, no repo_grep: to find the icons, the agent lists folders\n")
	b.WriteString(callLine(repoops.ToolTree, map[string]any{}) + "\n")
	if len(lines) <= 2*shownLines {
		b.WriteString(all)
		return b.String()
	}
	b.WriteString(strings.Join(lines[:shownLines], "\n") + "\n")
	fmt.Fprintf(&b, "[tour: %s of its answer not shown here]\n", repoops.Plural(len(lines)-2*shownLines, "line", "lines"))
	b.WriteString(strings.Join(lines[len(lines)-shownLines:], "\n"))
	return b.String()
}

// editRetries is what the ambiguous edit puts in: the retries raised.
const editRetries = "\tRetries:        5,"

func ambiguous(limits string) Contrast {
	out, line, n := SilentEdit(limits, AmbiguousLine, editRetries)
	var b strings.Builder
	fmt.Fprintf(&b, "first-match replace of %q with %q in internal/config/limits.go\n", AmbiguousLine, editRetries)
	fmt.Fprintf(&b, "→ \"edited internal/config/limits.go\" (line %d)\n\n", line)
	fmt.Fprintf(&b, "it occurred %s; the other is left as it was, and the tool said nothing:\n", repoops.Plural(n, "time", "times"))
	for i, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "\tRetries:") {
			fmt.Fprintf(&b, "%6d→%s\n", i+1, l)
		}
	}
	edit := map[string]any{"path": "internal/config/limits.go", "old_string": AmbiguousLine, "new_string": editRetries}
	return Contrast{
		Label:   "silent tool (a first-match replace, computed on this repo)",
		Silent:  strings.TrimRight(b.String(), "\n"),
		Prepare: callLine(repoops.ToolRead, map[string]any{"path": "internal/config/limits.go"}),
		Call:    callLine(repoops.ToolEdit, edit),
	}
}

func grant(handlers, changed string) Contrast {
	total := repoops.CountLines([]byte(handlers))
	shown := min(SilentReadDefaultLimit, total)
	replacement := strings.Replace(changed, fmt.Sprint(ChangedHandler), fmt.Sprint(ChangedHandler+1), 1)
	_, line, _ := SilentEdit(handlers, changed, replacement)
	granted := "refused"
	if SilentReadGrants(1, false) {
		granted = "granted for the whole file"
	}
	var b strings.Builder
	b.WriteString(callLine("read_file", map[string]any{"path": "server/handlers.go"}) + "\n")
	fmt.Fprintf(&b, "→ lines 1-%s of %s (its default window, %s lines)\n", repoops.Commas(shown), repoops.Commas(total), repoops.Commas(SilentReadDefaultLimit))
	fmt.Fprintf(&b, "→ offset 1, bytes not truncated: edits %s\n\n", granted)
	fmt.Fprintf(&b, "edit of line %s, which that read never showed:\n%q\n→ applied", repoops.Commas(line), changed)
	edit := map[string]any{"path": "server/handlers.go", "old_string": changed, "new_string": replacement}
	return Contrast{
		Label:   "silent tool (a read that grants edits of the whole file, computed on this repo)",
		Silent:  b.String(),
		Prepare: callLine(repoops.ToolRead, map[string]any{"path": "server/handlers.go"}),
		Call:    callLine(repoops.ToolEdit, edit),
	}
}
