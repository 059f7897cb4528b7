package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// joined is a frame's text with every space and row break gone: a line
// wrapped over rows reads whole again (compared with nospace of it).
func joined(frame string) string {
	return strings.NewReplacer(" ", "", "\n", "").Replace(ansi.Strip(frame))
}

func nospace(s string) string { return strings.ReplaceAll(s, " ", "") }

const advice = `no match for "zz" in src (searched 3 files; skipped 1 binary) — call repo_grep with a shorter pattern or without path`

// TestAgentViewWrapsTheAdvice: with Wrap a refusal wider than the pane
// goes on over the next rows, whole; without it, it is cut.
func TestAgentViewWrapsTheAdvice(t *testing.T) {
	s := NewStyles(true, true)
	v := AgentView{Title: "agent view", Call: `repo_grep {"pattern":"zz"}`, Lines: []string{advice, "next"}, IsError: true, Wrap: true}
	out := s.RenderAgent(v, 40, 10)
	if !strings.Contains(joined(out), nospace(advice+"next")) {
		t.Errorf("wrapped advice not whole:\n%s", out)
	}
	v.Wrap = false
	if strings.Contains(joined(s.RenderAgent(v, 40, 10)), "withoutpath") {
		t.Errorf("without Wrap the line is not cut: the test shows nothing")
	}
}

// TestConsoleWrapsItsOutput: the console's result lines wrap, and the
// position line counts lines, not rows.
func TestConsoleWrapsItsOutput(t *testing.T) {
	s := NewStyles(true, true)
	v := ConsoleView{Title: "tool console", Input: "› x", Call: "ran x", Meta: "isError: true", Lines: []string{advice}, IsError: true}
	out := s.RenderConsole(v, 40, 12)
	if !strings.Contains(joined(out), nospace(advice)) || strings.Contains(out, "result lines") {
		t.Errorf("console output:\n%s", out)
	}
	many := make([]string, 30)
	for i := range many {
		many[i] = "line"
	}
	many[0] = advice
	out = s.RenderConsole(ConsoleView{Title: "tool console", Input: "› x", Lines: many}, 40, 12)
	if !strings.Contains(joined(out), nospace(advice)) || !strings.Contains(out, "result lines 1-4 of 30") || strings.Count(out, "\n") != 11 {
		t.Errorf("console output of many lines:\n%s", out)
	}
}

// TestHardWrapKeepsEveryByte: the rows joined are the line, each at most
// w cells, broken after a space where one is in the row's second half.
func TestHardWrapKeepsEveryByte(t *testing.T) {
	for _, w := range []int{1, 2, 5, 13, 40} {
		for _, l := range []string{advice, strings.Repeat("x", 50), "a b", "日本語のテキスト with 表 wide", ""} {
			rows := hardWrap(l, w)
			if got := strings.Join(rows, ""); got != l {
				t.Fatalf("w %d: rows %q join to %q", w, rows, got)
			}
			for _, r := range rows {
				if ansi.StringWidth(r) > max(w, 2) {
					t.Errorf("w %d: row %q wider", w, r)
				}
			}
		}
	}
	if rows := hardWrap("one two three", 8); rows[0] != "one two " {
		t.Errorf("not broken after a space: %q", rows)
	}
}
