package transcript

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// The shell classifier: each command either maps to the repox read it
// asks, or says truthfully why not — a read repox has no equivalent for,
// or a command that runs a program or writes a file.
func TestShellClassifierReasons(t *testing.T) {
	cases := []struct {
		line   string
		tool   string         // the repox tool, "" = no equivalent
		args   map[string]any // subset of the mapped arguments
		reason string         // substring of the reason (no equivalent) or of Approx
	}{
		{`sed -n '1,3p' my\ file.txt`, "repo_read_file", map[string]any{"path": "my file.txt", "offset": 1.0, "limit": 3.0}, ""},
		{`cat "dir/a \"b\".txt"`, "repo_read_file", map[string]any{"path": `dir/a "b".txt`}, ""},
		{`cat a.txt \`, "", nil, "not a single plain read"},
		{`rg -v needle src`, "", nil, "a search repox has no equivalent for"},
		{`rg --json needle`, "", nil, "a search repox has no equivalent for"},
		{`rg -g '*.go' needle src`, "repo_grep", map[string]any{"pattern": "needle", "path": "src"}, "no file filter"},
		{`rg -nA3 needle`, "repo_grep", map[string]any{"pattern": "needle"}, "context"},
		{`rg -e needle -i`, "repo_grep", map[string]any{"pattern": "needle", "case_sensitive": false}, ""},
		{`rg --pre ./conv needle`, "", nil, "runs a preprocessor program"},
		{`rg --pre=./conv needle`, "", nil, "runs a preprocessor program"},
		{`rg --pre-glob '*.pdf' needle`, "", nil, "runs a preprocessor program"},
		{`rg -nz needle`, "", nil, "decompression programs"},
		{`grep -rn needle src`, "repo_grep", map[string]any{"pattern": "needle", "path": "src"}, ""},
		{`git diff --output=out.patch`, "", nil, "writes its output to a file"},
		{`git log --output out.txt`, "", nil, "writes its output to a file"},
		{`git diff --ext-diff`, "", nil, "runs an external diff"},
		{`git diff`, "repo_git", map[string]any{"cmd": "diff"}, ""},
		// issue 39 item 6: show and blame are reads, mapped since repo_git has them
		{`git show c384b36 --stat`, "repo_git", map[string]any{"cmd": "show", "rev": "c384b36"}, ""},
		{`git show abc1234 -- src/a.go`, "repo_git", map[string]any{"cmd": "show", "rev": "abc1234", "path": "src/a.go"}, ""},
		{`git show`, "repo_git", map[string]any{"cmd": "show"}, ""},
		{`git blame src/a.go`, "repo_git", map[string]any{"cmd": "blame", "path": "src/a.go"}, ""},
		{`git blame -L 10,20 src/a.go`, "repo_git", map[string]any{"cmd": "blame", "path": "src/a.go", "lines": "10-20"}, ""},
		{`git blame -L10,+5 src/a.go`, "repo_git", map[string]any{"cmd": "blame", "path": "src/a.go", "lines": "10-14"}, ""},
		{`git show --output=x HEAD`, "", nil, "writes its output to a file"},
		{`find . -name '*.go' -exec rm {} ;`, "", nil, "not a single plain read"},
		{`find . -name x -delete`, "", nil, "find -delete deletes files"},
		{`find src -type f -exec cat`, "", nil, "find -exec runs a program"},
		{`find . -fprint out.txt`, "", nil, "find -fprint writes a file"},
		{`find . -newer a.go`, "", nil, "a listing repox has no equivalent for"},
		{`sort -o a.txt a.txt`, "", nil, "sort -o writes its output to a file"},
		{`sort a.txt`, "", nil, "a read repox has no equivalent for"},
		{`sed -i 's/a/b/' a.txt`, "", nil, "changes the file in place"},
	}
	for _, tc := range cases {
		t.Run(tc.line, func(t *testing.T) {
			c := Call{AgentTool: "Bash"}
			mapShell(&c, tc.line, "", replaytest.Cwd)
			if tc.tool == "" {
				if c.IsFileTool() || !strings.Contains(c.NoEquivalent, tc.reason) {
					t.Fatalf("mapped to %v, reason %q; want no equivalent with %q", c.Repox, c.NoEquivalent, tc.reason)
				}
				if strings.Contains(tc.reason, "no equivalent for") && strings.Contains(c.NoEquivalent, "may change files") {
					t.Errorf("a read called a change: %q", c.NoEquivalent)
				}
				return
			}
			if !c.IsFileTool() || c.Repox[0].Tool != tc.tool {
				t.Fatalf("mapped to %v (%q), want %s", c.Repox, c.NoEquivalent, tc.tool)
			}
			got := repoxArgs(t, c, 0)
			for k, v := range tc.args {
				if got[k] != v {
					t.Errorf("%s = %#v, want %#v (all: %v)", k, got[k], v, got)
				}
			}
			if !strings.Contains(c.Approx, tc.reason) {
				t.Errorf("approx %q, want %q in it", c.Approx, tc.reason)
			}
		})
	}
}

// Only repox's own MCP server maps: another server's repo_write is its own.
func TestMCPToolOfAnotherServer(t *testing.T) {
	for name, want := range map[string]string{
		"mcp__repox__repo_write":         "repo_write",
		"mcp__repox-dev__repo_read_file": "repo_read_file",
		"repox__repo_tree":               "repo_tree",
		"repo_tree":                      "repo_tree",
		"mcp__other__repo_write":         "",
		"mcp__evil_repox__repo_write":    "",
	} {
		c := Call{AgentTool: name, AgentArgs: []byte(`{"path":"a.txt","content":"x"}`)}
		mapClaude(&c, replaytest.Cwd, replaytest.Cwd)
		got := ""
		if c.IsFileTool() {
			got = c.Repox[0].Tool
		}
		if got != want {
			t.Errorf("%s mapped to %q, want %q (reason %q)", name, got, want, c.NoEquivalent)
		}
		if want == "" && !strings.Contains(c.NoEquivalent, "not repox's own server") {
			t.Errorf("%s: reason %q does not say whose tool it is", name, c.NoEquivalent)
		}
	}
}
