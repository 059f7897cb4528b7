package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/repoxhq/repox/repoops"
)

func TestDisplayText(t *testing.T) {
	for in, want := range map[string]string{
		"plain":      "plain",
		"\tx":        "    x",
		"ab\tc":      "ab  c",
		"esc\x1b[2J": "esc␛[2J",
		"bell\a":     "bell␇",
		"del\x7f":    "del␡",
		"wide 世界\tx": "wide 世界 x",
	} {
		if got := DisplayText(in); got != want {
			t.Errorf("DisplayText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBlockIsExact(t *testing.T) {
	out := Block([]string{"short", strings.Repeat("long", 30), "世界世界世界世界世界世界"}, 11, 4)
	lines := strings.Split(out, "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w != 11 {
			t.Errorf("line %q is %d wide", l, w)
		}
	}
}

func TestTokenizeKeepsText(t *testing.T) {
	lines := []string{"package main", "", "/* a", "b */ func f() {}", "x := `multi", "line`"}
	toks := Tokenize("x.go", lines)
	if len(toks) != len(lines) {
		t.Fatalf("%d token lines for %d lines", len(toks), len(lines))
	}
	for i, l := range lines {
		var b strings.Builder
		for _, tk := range toks[i] {
			b.WriteString(tk.Text)
		}
		if b.String() != l {
			t.Errorf("line %d: tokens spell %q, want %q", i, b.String(), l)
		}
	}
	if len(Tokenize("notes.unknown-ext", []string{"a"})[0]) != 1 {
		t.Errorf("plain text should be one token")
	}
}

func TestCodeLineMatches(t *testing.T) {
	s := NewStyles(true, true)
	toks := []Token{{Text: "hello "}, {Text: "needle"}, {Text: " end"}}
	got := s.CodeLine(toks, [][2]int{{6, 12}}, 0, 5)
	if plain := ansi.Strip(got); plain != "hello needle end… [line cut: 5 more characters]" {
		t.Errorf("plain text changed: %q", plain)
	}
	if !strings.Contains(got, "\x1b[7mneedle") {
		t.Errorf("current match not in reverse video (NO_COLOR): %q", got)
	}
}

func TestStatusFitsAnyWidth(t *testing.T) {
	s := NewStyles(false, false)
	st := Status{Repo: "repo", Branch: "main", Path: "a/very/long/path/to/some/file.go:1,234", Gate: GatePartial,
		GateText: "edit gate: shut (partial: lines 1-1,000 of 1,400)", GateTiny: "gate: shut", Message: "copied"}
	for w := 10; w <= 140; w++ {
		if got := ansi.StringWidth(s.RenderStatus(st, w)); got != w {
			t.Fatalf("width %d: status is %d wide", w, got)
		}
		if got := ansi.StringWidth(s.RenderHint(nil, w)); got != w {
			t.Fatalf("width %d: hint is %d wide", w, got)
		}
	}
}

func TestAgentLineTabsCountFromTheText(t *testing.T) {
	for _, c := range [][2]string{
		{"9→\tx", "9→    x"},
		{"10→\tx", "10→    x"},
		{"1000→\t\ty", "1000→        y"},
		{"path:3: \tz", DisplayText("path:3: \tz")},
	} {
		if got := agentLine(c[0]); got != c[1] {
			t.Errorf("agentLine(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// A nested repository's row says what it is, like the core's tree mark.
func TestTreeRowOfANestedRepository(t *testing.T) {
	s := NewStyles(true, true)
	out := s.RenderTree(TreeView{Title: "t", Rows: []TreeRow{{Name: "sm", Depth: 1, Kind: repoops.KindRepo}}, Cursor: -1}, 80, 4)
	if !strings.Contains(out, "sm/") || !strings.Contains(out, "separate git repository") {
		t.Fatalf("row does not say it is a repository:\n%s", out)
	}
}

// A message too long to share the status line takes the line under it
// too: it is read whole (up to two lines), set apart from the repository's
// name, never run into it or into the path.
func TestStatusLongMessageTakesTwoLines(t *testing.T) {
	s := NewStyles(true, true)
	msg := "sent the call and its 11,600 bytes of model text to the clipboard (OSC 52); the terminal did not confirm it"
	st := Status{Repo: "polish", Branch: "main", Path: "README.md:1", Gate: GateNotRead, GateText: "edit gate: shut (not read)", GateTiny: "gate: shut", Message: msg}
	line, below := s.StatusLines(st, 80)
	if ansi.StringWidth(line) != 80 || ansi.StringWidth(below) != 80 {
		t.Fatalf("widths %d and %d, want 80", ansi.StringWidth(line), ansi.StringWidth(below))
	}
	plain := ansi.Strip(line)
	if !strings.HasPrefix(plain, " polish │ sent the call") {
		t.Errorf("the status line runs the name into the message: %q", plain)
	}
	both := strings.Join(strings.Fields(plain+" "+ansi.Strip(below)), " ")
	if !strings.Contains(both, msg) {
		t.Errorf("the message is not whole over the two lines:\n%q\n%q", plain, ansi.Strip(below))
	}
	short := st
	short.Message = "copied"
	if line, below := s.StatusLines(short, 80); below != "" || !strings.Contains(ansi.Strip(line), "copied") || !strings.Contains(ansi.Strip(line), "README.md:1") {
		t.Errorf("a short message shares the line with the path: %q / %q", ansi.Strip(line), below)
	}
	if line, below := s.StatusLines(st, 200); below != "" || !strings.Contains(ansi.Strip(line), msg) {
		t.Errorf("at 200 columns the message fits beside the rest: %q / %q", ansi.Strip(line), below)
	}
}

// The branch is named in words ("repo on main"), not with ⎇ (U+2387),
// which many monospace fonts lack and draw as a box (the tour's
// screenshots did).
func TestStatusBranchInWords(t *testing.T) {
	s := NewStyles(true, true)
	line := ansi.Strip(s.RenderStatus(Status{Repo: "demo", Branch: "main", Path: "README.md"}, 80))
	if !strings.HasPrefix(line, " demo on main │ README.md") || strings.ContainsRune(line, '⎇') {
		t.Errorf("status line %q", line)
	}
}
