// Package tour is the guided tour of `repox demo`: seven steps a presenter
// drives with n and p, each saying in one sentence what to look at and
// naming what the root sets up for it (a call in the tool console, a
// replayed session, the MCP config). The tour holds no I/O: the silent
// tools' answers are computed before the program starts (package demo)
// and handed in with Setup; repox's answers are real calls the root makes
// in commands. Drawn as a step bar, a panel beside repox's pane, and a
// step list (list.go).
package tour

import (
	"encoding/json"
	"strings"
)

// Contrast is a step that shows a silent tool beside repox: the silent
// tool's label and answer (computed on the demo), and repox's call of the
// same request ("tool {json}"), after Prepare when set.
type Contrast struct {
	Label, Silent, Prepare, Call string
}

// Setup is what the tour shows that is not its own text.
type Setup struct {
	Dir        string     // the demo folder, shown in the first step
	Kept       bool       // the folder is the presenter's (repox demo DIR)
	Contrasts  []Contrast // steps 1-5
	Transcript string     // the bundled session, replayed in step 6
	// TranscriptName is how the panel names it (its place in the demo).
	TranscriptName string
}

// Kind is what the root sets up for a step.
type Kind int

const (
	KindContrast Kind = iota // a silent tool beside repox's call in the console
	KindSession              // the bundled session in the sessions pane
	KindServe                // the repox mcp config
)

// Step is one step: a title for the list, the sentence of what to look
// at, and a file of the demo the viewer shows ("" for none of its own).
type Step struct {
	Title string
	Look  string
	Kind  Kind
	Open  string
}

// Steps are the tour's steps, in order; the first five are contrasts,
// Setup.Contrasts' in the same order.
var Steps = []Step{
	{"the silent depth stop", "A naive tree tool stops at depth 3 and says nothing; repox marks the stop and says how to go on.", KindContrast, ""},
	{"no search tool", "Without search an agent can only list folders, and the listing is cut off; repo_find counts every match.", KindContrast, ""},
	{"git log with a path ignored", "A naive git log drops path=server and lists every commit; repox passes the path after --.", KindContrast, ""},
	{"the ambiguous edit", "A first-match replace edits the first of two lines and says done; repox refuses and names both.", KindContrast, ""},
	{"the clipped-read grant", "A 1,000-line read grants an edit of a line it never showed; repox's gate refuses until that line is read.", KindContrast, ""},
	{"a replayed session", "A Claude Code session on this repo, replayed by repox: the edit of a line it never read is flagged.", KindSession, ""},
	{"the same tools for an agent", "repox mcp serves these same tools to any agent: y copies the config for this repository.", KindServe, "README.md"},
}

// Tour is the tour's state: which step is on screen.
type Tour struct {
	setup Setup
	at    int
}

// New starts the tour at its first step.
func New(s Setup) *Tour { return &Tour{setup: s} }

// At is the step on screen, from 0; Len how many there are.
func (t *Tour) At() int  { return t.at }
func (t *Tour) Len() int { return len(Steps) }

// Step is the step on screen.
func (t *Tour) Step() Step { return Steps[t.at] }

// Go moves to step i (from 0) and reports whether that is a move.
func (t *Tour) Go(i int) bool {
	if i < 0 || i >= len(Steps) || i == t.at {
		return false
	}
	t.at = i
	return true
}

// Contrast is the step's contrast, nil for a step without one (or when
// Setup has fewer than the tour's five).
func (t *Tour) Contrast() *Contrast {
	if Steps[t.at].Kind != KindContrast || t.at >= len(t.setup.Contrasts) {
		return nil
	}
	return &t.setup.Contrasts[t.at]
}

// Transcript is the bundled session's path.
func (t *Tour) Transcript() string { return t.setup.Transcript }

// Snippet is the `repox mcp` config for the demo folder, in the mcp.json
// shape docs/mcp.md documents for any client (Cursor, Claude Code's
// .mcp.json, the MCP Inspector); the folder is JSON-quoted.
func (t *Tour) Snippet() string {
	args := []string{"mcp", "--root", t.setup.Dir, "--log", "~/.local/state/repox/mcp.jsonl"}
	quoted := make([]string, len(args))
	for i, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			panic(err) // a string always marshals
		}
		quoted[i] = string(b)
	}
	return `{
  "mcpServers": {
    "repox": {
      "command": "repox",
      "args": [` + strings.Join(quoted, ", ") + `]
    }
  }
}`
}

// SplitCall splits a "tool {json}" call line.
func SplitCall(line string) (tool string, args []byte) {
	tool, rest, _ := strings.Cut(line, " ")
	return tool, []byte(rest)
}

// CallPath is the "path" argument of a call line ("" when it has none).
func CallPath(line string) string {
	_, args := SplitCall(line)
	var a struct {
		Path string `json:"path"`
	}
	if json.Unmarshal(args, &a) != nil {
		return ""
	}
	return a.Path
}
