package ui

// The ui package's own regression net: every pane drawn from a plain
// struct built here (no model, no repository, no disk), at the sizes of an
// 80×24 and a 120×40 terminal, in the ASCII colour profile (attributes
// stay, colours go). Update with `go test ./ui -run Golden -update` only
// where a change means the screen to change.

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/repoxhq/repox/repoops"
)

var goldenSizes = [][2]int{{80, 24}, {120, 40}}

// goldenPane renders draw at each golden size, checks that it is exactly
// w×h cells, and compares it with testdata/<test>/<scene>/<w>x<h>.golden.
func goldenPane(t *testing.T, scene string, draw func(s *Styles, w, h int) string) {
	t.Helper()
	for _, sz := range goldenSizes {
		w, h := sz[0], sz[1]
		name := fmt.Sprintf("%dx%d", w, h)
		if scene != "" {
			name = scene + "/" + name
		}
		t.Run(name, func(t *testing.T) {
			out := draw(NewStyles(true, false), w, h)
			requireSize(t, out, w, h)
			golden.RequireEqual(t, ascii(t, out))
		})
	}
}

// requireSize fails unless out is h lines of exactly w cells.
func requireSize(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d cells, want %d: %q", i+1, got, w, ansi.Strip(l))
		}
	}
}

// ascii downgrades a render to the ASCII colour profile.
func ascii(t *testing.T, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := &colorprofile.Writer{Forward: &buf, Profile: colorprofile.ASCII}
	if _, err := w.WriteString(s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// treeScene is every kind of row the tree draws: open and closed folders,
// a loading one, an empty one, ignored and special counts, a listing
// error, a link, a special file, a nested repository, rows beyond the
// agent's default repo_tree and at its edge, the agent's marks, a hostile
// name in its quoted form, and the cursor.
func treeScene() TreeView {
	return TreeView{
		Title: "fixture", Focused: true, Cursor: 3, Spinner: "⠋",
		Rows: []TreeRow{
			{Name: ".gitignore", Depth: 1, Kind: repoops.KindFile, Seen: SeenListed},
			{Name: "README.md", Depth: 1, Kind: repoops.KindFile, Seen: SeenRead},
			{Name: "deep", Depth: 1, Kind: repoops.KindDir, Expanded: true, Loaded: true},
			{Name: "a", Depth: 2, Kind: repoops.KindDir, Expanded: true, Loaded: true, Edge: true},
			{Name: "b", Depth: 3, Kind: repoops.KindDir, Expanded: true, Loaded: true, Beyond: true},
			{Name: "leaf.txt", Depth: 4, Kind: repoops.KindFile, Beyond: true},
			{Name: "empty", Depth: 1, Kind: repoops.KindDir, Expanded: true, Loaded: true, Empty: true},
			{Name: "logs", Depth: 1, Kind: repoops.KindDir, Expanded: true, Loaded: true, Empty: true, Ignored: 3},
			{Name: "loading", Depth: 1, Kind: repoops.KindDir, Expanded: true, Loading: true},
			{Name: "locked", Depth: 1, Kind: repoops.KindDir, Expanded: true, Err: "locked/ cannot be read: permission denied; check its mode"},
			{Name: "src", Depth: 1, Kind: repoops.KindDir, Expanded: true, Loaded: true, Ignored: 1_204, Special: 2},
			{Name: "main.go", Depth: 2, Kind: repoops.KindFile, Seen: SeenEdited},
			{Name: "util.go", Depth: 2, Kind: repoops.KindFile, Seen: SeenEditedUnread},
			{Name: "current -> main.go", Depth: 2, Kind: repoops.KindSymlink},
			{Name: "fifo", Depth: 2, Kind: repoops.KindSpecial},
			{Name: "vendor", Depth: 1, Kind: repoops.KindDir},
			{Name: "sub", Depth: 1, Kind: repoops.KindRepo},
			{Name: repoops.DisplayPath("evil\x1b[2J\u202e.txt"), Depth: 1, Kind: repoops.KindFile},
		},
	}
}

func TestGoldenTree(t *testing.T) {
	goldenPane(t, "rows", func(s *Styles, w, h int) string { return s.RenderTree(treeScene(), w, h) })
	// The other pane has the focus: the cursor row is drawn blurred.
	goldenPane(t, "blurred", func(s *Styles, w, h int) string {
		v := treeScene()
		v.Focused = false
		return s.RenderTree(v, w, h)
	})
	// A cursor row too deep for the pane: every row gives up indentation
	// (shown by "…") so the cursor's name and mark fit.
	goldenPane(t, "shifted", func(s *Styles, w, h int) string {
		v := TreeView{Title: "fixture", Focused: true}
		for d := 0; d < 12; d++ {
			v.Rows = append(v.Rows, TreeRow{Name: fmt.Sprintf("level%02d", d), Depth: d, Kind: repoops.KindDir, Expanded: true, Loaded: true})
		}
		v.Rows = append(v.Rows, TreeRow{Name: "a_file_name_long_enough_to_push_the_row_past_an_eighty_column_pane.go", Depth: 12, Kind: repoops.KindFile, Beyond: true})
		v.Cursor = len(v.Rows) - 1
		return s.RenderTree(v, w, h)
	})
}

// viewerScene is a Go file as the viewer shows it: highlighted lines, a
// search's matches (the current one apart), a line the tool cut, the rule
// where a default read stops, lines still loading, the cursor, a selected
// range, the agent's gutter marks and the region of the chosen call.
func viewerScene() ViewerView {
	s := NewStyles(true, false)
	src := []string{
		"package main",
		"",
		"import \"fmt\"",
		"",
		"// main says hello to the needle.",
		"func main() {",
		"\tfmt.Println(\"hello, needle\")",
		"\tx := `a raw string that runs past the edge of an eighty-column pane, and further still`",
		"}",
	}
	toks := Tokenize("main.go", src)
	v := ViewerView{
		Title: "src/main.go  lines 1-9 of 2,400", Focused: true, Gutter: GutterWidth(2400), Marks: true,
		RuleText:   "a default repo_read_file stops here (line 2,000): read on with offset 2001",
		RuleShort:  "default read stops",
		PendingMsg: "loading…",
		Footer:     "/needle  match 2 of 2",
	}
	for i, line := range src {
		var matches [][2]int
		if j := strings.Index(line, "needle"); j >= 0 {
			matches = [][2]int{{j, j + len("needle")}}
		}
		current := -1
		if i == 6 {
			current = 0
		}
		cut := 0
		if i == 7 {
			cut = 1_234
		}
		r := ViewerRow{Kind: RowLine, N: i + 1, Styled: s.CodeLine(toks[i], matches, current, cut), Cursor: i == 6, Selected: i >= 5 && i <= 8}
		switch {
		case i < 4:
			r.Seen = GutterRead
		case i == 6:
			r.Seen, r.Region = GutterEdited, true
		case i == 7:
			r.Seen = GutterUnread
		}
		v.Rows = append(v.Rows, r)
	}
	v.Rows = append(v.Rows, ViewerRow{Kind: RowRule}, ViewerRow{Kind: RowPending, N: 2001}, ViewerRow{Kind: RowPending, N: 2002})
	return v
}

func TestGoldenViewer(t *testing.T) {
	goldenPane(t, "code", func(s *Styles, w, h int) string { return s.RenderViewer(viewerScene(), w, h) })
	goldenPane(t, "hscroll", func(s *Styles, w, h int) string {
		v := viewerScene()
		v.HScroll, v.Marks, v.Footer, v.Focused = 8, false, "", false
		return s.RenderViewer(v, w, h)
	})
	goldenPane(t, "refusal", func(s *Styles, w, h int) string {
		return s.RenderViewer(ViewerView{Title: "data.bin", Focused: true, IsRefusal: true,
			Message: "data.bin is a binary file (NUL byte at offset 0): repo_read_file reads text only; look at it with repo_git show or another tool"}, w, h)
	})
	goldenPane(t, "empty", func(s *Styles, w, h int) string {
		return s.RenderViewer(ViewerView{Title: "viewer", Message: "select a file in the tree and press enter"}, w, h)
	})
}

// agentLines is tool text in the read format: tabs counted from the text,
// a control byte made visible, a line longer than the pane.
var agentLines = []string{
	"1→package main",
	"2→",
	"3→func main() {",
	"4→\tfmt.Println(\"hello, needle\")",
	"5→\tx := \"bell\a and escape \x1b[2J stay visible\"",
	"6→\t// " + strings.Repeat("a long comment ", 10),
	"7→}",
	"",
	"(end of file: 7 lines)",
}

func TestGoldenAgent(t *testing.T) {
	goldenPane(t, "text", func(s *Styles, w, h int) string {
		return s.RenderAgent(AgentView{Title: "agent view · src/main.go", Call: `repo_read_file {"path":"src/main.go","offset":1,"limit":1000}`, Lines: agentLines, Focused: true}, w, h)
	})
	goldenPane(t, "hscroll", func(s *Styles, w, h int) string {
		return s.RenderAgent(AgentView{Title: "agent view · src/main.go", Call: `repo_read_file {"path":"src/main.go"}`, Lines: agentLines, HScroll: 10}, w, h)
	})
	goldenPane(t, "refusal", func(s *Styles, w, h int) string {
		return s.RenderAgent(AgentView{Title: "agent view · data.bin", Call: `repo_read_file {"path":"data.bin"}`, IsError: true, Focused: true,
			Lines: []string{"data.bin is a binary file (NUL byte at offset 0): repo_read_file reads text only"}}, w, h)
	})
	goldenPane(t, "loading", func(s *Styles, w, h int) string {
		return s.RenderAgent(AgentView{Title: "agent view · src", Call: `repo_tree {"path":"src"}`, Loading: true, Spinner: "⠋", Focused: true}, w, h)
	})
}

// statusScenes are the status line's states, from the roomiest to one
// where every field must shrink.
var statusScenes = []struct {
	name string
	st   Status
}{
	{"none", Status{Repo: "fixture", Branch: "main", Path: "src/", Gate: GateNone}},
	{"full", Status{Repo: "fixture", Branch: "main", Path: "src/main.go:7", Gate: GateFull, GateText: "edit gate: open (full read)", GateTiny: "gate: open", Agent: true}},
	{"partial", Status{Repo: "fixture", Branch: "feature/long-branch-name", Path: "docs/long.txt:1,400", Gate: GatePartial,
		GateText: "edit gate: shut (partial: lines 1-1,000 of 1,400)", GateTiny: "gate: shut", Message: "copied 1,000 lines"}},
	{"agent_gate", Status{Repo: "fixture", Branch: "main", Path: "a/very/long/path/that/keeps/going/to/some/deeply/nested/file.go:1,234", Beyond: true,
		Gate: GateNotRead, GateText: "edit gate: shut (not read)", GateTiny: "gate: shut",
		AgentGate: "claude-code s-1: gate open (full read)", AgentGateTiny: "agent: open"}},
}

func TestGoldenStatus(t *testing.T) {
	s := NewStyles(true, false)
	for _, sc := range statusScenes {
		for _, w := range []int{40, 80, 120} {
			t.Run(fmt.Sprintf("%s/%d", sc.name, w), func(t *testing.T) {
				out := s.RenderStatus(sc.st, w)
				requireSize(t, out, w, 1)
				golden.RequireEqual(t, ascii(t, out))
			})
		}
	}
}

func binding(keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(strings.Fields(keys)...), key.WithHelp(keys, desc))
}

var (
	hintBindings = []key.Binding{
		binding("j/k", "move"), binding("enter", "open"), binding("tab", "focus"), binding("a", "agent view"),
		binding("f", "find"), binding("s", "search"), binding("?", "help"), binding("q", "quit"),
	}
	helpSections = []HelpSection{
		{Title: "Everywhere", Bindings: [][]key.Binding{{binding("q", "quit"), binding("?", "help"), binding("tab", "next pane"), binding("shift+tab", "previous pane")},
			{binding("a", "agent view: the tool's exact text"), binding("e", "open in $EDITOR"), binding("y", "copy the path"), binding("Y", "copy the tool text"), binding("ctrl+r", "reload")}}},
		{Title: "Tree", Bindings: [][]key.Binding{{binding("j/k", "move"), binding("l/enter", "open folder or file"), binding("h", "close folder / go up"), binding("g/G", "top / bottom")},
			{binding("f", "find files (repo_find)"), binding("s", "search text (repo_grep)")}}},
		{Title: "Viewer", Bindings: [][]key.Binding{{binding("j/k", "move"), binding("ctrl+d/ctrl+u", "half page"), binding("/", "search in the file"), binding("n/N", "next / previous match")},
			{binding(":", "go to line"), binding("v", "select lines"), binding("E", "edit preview (repo_edit)"), binding("c", "tool console")}}},
		{Title: "Find and search", Bindings: [][]key.Binding{{binding("up/down", "move"), binding("enter", "open the file"), binding("tab", "agent view of the call"), binding("esc", "close")}}},
		{Title: "Edit preview", Bindings: [][]key.Binding{{binding("tab", "next field"), binding("r", "read the file first"), binding("ctrl+s", "write (asks first)"), binding("y/n", "confirm / cancel")}}},
		{Title: "Sessions", Bindings: [][]key.Binding{{binding("enter", "open a session"), binding("F", "follow a live session"), binding("[/]", "previous / next call"), binding("d", "then beside now")}}},
	}
)

func TestGoldenHint(t *testing.T) {
	s := NewStyles(true, false)
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			out := s.RenderHint(hintBindings, w)
			requireSize(t, out, w, 1)
			golden.RequireEqual(t, ascii(t, out))
		})
	}
}

func TestGoldenHelp(t *testing.T) {
	// At 80×24 two columns do not hold it all, so it scrolls; at 120×40 they do.
	goldenPane(t, "top", func(s *Styles, w, h int) string { return s.RenderHelp(helpSections, HelpLegend(), 0, w, h) })
	goldenPane(t, "scrolled", func(s *Styles, w, h int) string {
		return s.RenderHelp(helpSections, HelpLegend(), s.HelpScrollMax(helpSections, HelpLegend(), w, h), w, h)
	})
}

// findScene is the find overlay: a query, rows whose matched characters
// are highlighted, rows the agent's call shows and does not show, the
// cursor, and the footer.
func findScene() ResultView {
	rows := []ResultRow{}
	for i, p := range []string{"src/main.go", "src/util/strings.go", "scripts/gen.go", "vendor/dep/dep.go", "deep/a/b/c/so_deep.go"} {
		var at []int
		for j, q := 0, 0; j < len(p) && q < 3; j++ {
			if p[j] == "sgo"[q] {
				at = append(at, j)
				q++
			}
		}
		mark := MarkSeen
		if i >= 3 {
			mark = MarkUnseen
		}
		rows = append(rows, ResultRow{Text: p, Spans: CharSpans(p, at), Mark: mark, Cursor: i == 1})
	}
	rows = append(rows, ResultRow{Text: "README.md", Mark: MarkUnknown})
	return ResultView{Title: "find · repo_find", Prompt: []string{"sgo"}, Rows: rows, Focused: true,
		Footer: "6 found · " + GlyphSeen + " 3 in the agent's answer · " + GlyphUnseen + " 2 not (ignored or beyond its cap)"}
}

// grepScene is the search overlay: two prompt lines (pattern, glob), file
// headings with counts, hits with their spans, a cut note.
func grepScene() ResultView {
	return ResultView{Title: "search · repo_grep", Prompt: []string{"needle", "*.go"}, Active: 0, Focused: true, Rows: []ResultRow{
		{Text: "src/main.go", Header: true, Note: "2 matches", Mark: MarkSeen},
		{Text: "5: // main says hello to the needle.", Spans: [][2]int{{29, 35}}, Mark: MarkSeen},
		{Text: "7:     fmt.Println(\"hello, needle\")", Spans: [][2]int{{27, 33}}, Mark: MarkSeen, Cursor: true},
		{Text: "src/util/strings.go", Header: true, Note: "1 match", Mark: MarkSeen},
		{Text: "3: // Needle is found by search.", Mark: MarkSeen},
		{Text: "vendor/dep/dep.go", Header: true, Note: "(+3 more)", Mark: MarkUnseen},
		{Text: "1: const needle = 1", Spans: [][2]int{{9, 15}}, Mark: MarkUnseen},
	}, Footer: "6 matches in 3 files · the agent's call shows 5"}
}

func TestGoldenResults(t *testing.T) {
	goldenPane(t, "find", func(s *Styles, w, h int) string { return s.RenderResults(findScene(), w, h) })
	goldenPane(t, "grep", func(s *Styles, w, h int) string { return s.RenderResults(grepScene(), w, h) })
	goldenPane(t, "refusal", func(s *Styles, w, h int) string {
		return s.RenderResults(ResultView{Title: "search · repo_grep", Prompt: []string{"(unclosed", ""}, Active: 1, IsError: true, Spinner: "⠋",
			Message: "pattern \"(unclosed\" is not a valid regular expression: missing closing ): escape the ( as \\( to search for it literally"}, w, h)
	})
}

// previewScene is the edit preview with every part shown: the form, a
// caveat, the verdict, the read the gate asks for, the confirmation, the
// last call's result and a diff longer than the room.
func previewScene() PreviewView {
	diff := []string{"--- a/dup.go", "+++ b/dup.go", "@@ -1,6 +1,6 @@", " package dup", " "}
	for i := 1; i <= 30; i++ {
		diff = append(diff, fmt.Sprintf(" line %d", i))
	}
	diff = append(diff[:8], append([]string{"-x = 1", "+x = 2"}, diff[8:]...)...)
	return PreviewView{
		Title: "edit preview · repo_edit dup.go", Focused: true,
		Fields: []PreviewField{
			{Label: "old_string", Body: "x = 1", Rows: 2, Focused: true},
			{Label: "new_string", Body: "x = 2\nand a second line", Rows: 2},
		},
		Warn:         "the selection was prefilled from lines 3-3; the tool matches text, not lines",
		VerdictLabel: "repo_edit would answer now:",
		Verdict:      "dup.go was read in full in this session and is unchanged: the edit is allowed",
		VerdictOK:    true,
		Confirm:      "write this change to dup.go? y writes, n or esc cancels",
		Call:         `ran repo_read_file {"path":"dup.go"}`,
		Result:       "1→package dup\n2→\n3→x = 1\n4→y = 2\n5→x = 1",
		Diff:         diff,
		DiffTop:      2,
	}
}

func TestGoldenPreview(t *testing.T) {
	goldenPane(t, "confirm", func(s *Styles, w, h int) string { return s.RenderPreview(previewScene(), w, h) })
	goldenPane(t, "refused", func(s *Styles, w, h int) string {
		return s.RenderPreview(PreviewView{Title: "edit preview · repo_edit dup.go", Focused: true,
			Fields:       []PreviewField{{Label: "old_string", Body: "x = 1", Rows: 1}, {Label: "new_string", Body: "x = 3", Rows: 1, Focused: true}},
			VerdictLabel: "repo_edit would answer now:",
			Verdict:      "old_string occurs 3 times in dup.go (lines 3, 5, 7): add surrounding lines to make it unique, or set replace_all",
			Action:       "r reads it first: repo_read_file {\"path\":\"dup.go\"}",
		}, w, h)
	})
	goldenPane(t, "pending", func(s *Styles, w, h int) string {
		return s.RenderPreview(PreviewView{Title: "edit preview · repo_edit dup.go",
			Fields:       []PreviewField{{Label: "old_string", Rows: 1}, {Label: "new_string", Rows: 1}},
			VerdictLabel: "repo_edit would answer now:", Verdict: "asking the tool…", VerdictPending: true,
			Note: "nothing is written until you confirm"}, w, h)
	})
}

func TestGoldenConsole(t *testing.T) {
	var lines []string
	for i := 1; i <= 60; i++ {
		lines = append(lines, fmt.Sprintf("src/file%02d.go:%d: \tneedle %d", i, i*3, i))
	}
	goldenPane(t, "result", func(s *Styles, w, h int) string {
		return s.RenderConsole(ConsoleView{Title: "tool console", Focused: true, Session: "calls run in the explorer's session (its gate shows in the status line)",
			Input: "> repo_grep pattern=needle", Hint: "path= glob= case_insensitive= context= max_results=",
			Call: `ran repo_grep {"pattern":"needle"}`, Meta: "isError false · 12 ms · 2,104 bytes", Lines: lines, Top: 5}, w, h)
	})
	goldenPane(t, "problem", func(s *Styles, w, h int) string {
		return s.RenderConsole(ConsoleView{Title: "tool console", Focused: true, Session: "calls run in the explorer's session",
			Input: "> repo_nope", Hint: "repo_edit repo_find repo_git repo_grep repo_insert repo_read_file repo_tree repo_write",
			Problem: "no tool repo_nope: type a tool's name (tab completes)", Notice: "the history could not be saved: read-only folder",
			Call: `ran repo_read_file {"path":"data.bin"}`, Meta: "isError true · 1 ms", IsError: true,
			Lines: []string{"data.bin is a binary file (NUL byte at offset 0): repo_read_file reads text only"}}, w, h)
	})
}

func TestGoldenSessions(t *testing.T) {
	goldenPane(t, "list", func(s *Styles, w, h int) string {
		return s.RenderSessions(SessionsView{Title: "agent sessions", Focused: true, Cursor: 1, ListPrompt: "/ log", ListTyping: true, Sessions: []SessionRow{
			{Agent: "claude-code", ID: "0f3c9a2e", Title: "fix the login bug \x1b]0;owned\a", Started: "2026-12-01 11:02", Span: "12m", Calls: "41 calls, 30 file", State: "live", Where: "~/.claude/projects/-work-fixture/0f3c9a2e.jsonl"},
			{Agent: "codex", ID: "rollout-7", Title: "add a README", Started: "2026-11-30 16:45", Calls: "12 calls, 9 file", State: "done", Where: "~/.codex/sessions/2026/11/30/rollout-7.jsonl"},
			{Agent: "claude-code*", Started: "2026-11-30 09:10", Calls: "3 calls, 3 file", State: "done", Where: "~/.claude/projects/-work-fixture/agent-1.jsonl"},
			{Agent: "repox", ID: "s\x1b[2J", Started: "2026-11-29 08:00", Calls: "2 calls, 2 file", State: "done", Where: "/tmp/calls.jsonl"},
		}}, w, h)
	})
	goldenPane(t, "calls", func(s *Styles, w, h int) string {
		return s.RenderSessions(SessionsView{Title: "claude-code · session 0f3c9a2e", Focused: true, Cursor: 2, ListRows: 6,
			Calls: []CallRow{
				{Seq: 1, Time: "11:02:01", Tool: "Glob", Args: "**/*.go"},
				{Seq: 2, Time: "11:02:05", Tool: "Read", Args: "src/main.go"},
				{Seq: 3, Time: "11:02:09", Tool: "Edit", Args: "src/main.go", Flags: 1},
				{Seq: 4, Time: "11:02:12", Tool: "Bash", Args: "go test ./...", NoEq: true},
				{Seq: 5, Time: "11:02:30", Tool: "Read", Args: "missing.go", Refused: true},
				{Seq: 6, Time: "11:02:31", Tool: "Grep", Args: "needle", Pending: true},
			},
			Header:    "#3 11:02:09 Edit {\"file_path\":\"src/main.go\"}",
			Flags:     []FlagLine{{Text: "! edited lines 7-7 that it was never shown"}},
			ThenTitle: "then (what the agent got)", NowTitle: "now (repox on this tree)",
			Then: []DiffLine{{Text: "main.go — lines 6-8 of 9", Frame: true}, {Gutter: "6", Text: "func main() {"}, {Gutter: "7", Text: "\tfmt.Println(\"hello\")", Changed: true}, {Gutter: "8", Text: "}"}},
			Now:  []DiffLine{{Text: "main.go — lines 6-9 of 9", Frame: true}, {Gutter: "6", Text: "func main() {"}, {Gutter: "7", Text: "\tfmt.Println(\"hello, needle\")", Changed: true}, {Gutter: "8", Text: "}"}, {Gutter: "9", Text: ""}},
		}, w, h)
	})
	goldenPane(t, "message", func(s *Styles, w, h int) string {
		return s.RenderSessions(SessionsView{Title: "agent sessions", Message: "no agent session recorded for this repository: run claude or codex here, or repox call --batch > calls.jsonl"}, w, h)
	})
}

// TestGoldenFrame puts the tree and viewer scenes side by side with the
// status and hint lines, as the explorer lays them out.
func TestGoldenFrame(t *testing.T) {
	goldenPane(t, "", func(s *Styles, w, h int) string {
		treeW, viewW := Layout(w)
		tv := treeScene()
		tv.Focused = false
		return s.Frame(s.RenderTree(tv, treeW, h-2), s.RenderViewer(viewerScene(), viewW, h-2), h-2,
			s.RenderStatus(statusScenes[1].st, w), s.RenderHint(hintBindings, w))
	})
	for _, sz := range [][2]int{{39, 9}, {20, 3}} {
		t.Run(fmt.Sprintf("toosmall/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			out := NewStyles(true, false).TooSmall(sz[0], sz[1])
			requireSize(t, out, sz[0], sz[1])
			golden.RequireEqual(t, ascii(t, out))
		})
	}
}
