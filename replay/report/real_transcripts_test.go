package report

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// realCase is one transcript of testdata replayed for a golden report:
// the folder it recorded (moved to the test's root), where the
// transcript is placed (Cursor's names its folder), and the files of the
// root as they were before the session.
type realCase struct {
	name, rel, cwd string
	place          func(t *testing.T, root string) string // "" : a file in a temp folder
	files          func(t *testing.T, b []byte) map[string]string
}

// realCases: the most call-rich transcript of each format in testdata.
// Gemini CLI and OpenCode have none there. Codex, Cursor, Droid and Qwen
// Code are hand-made or synthetic (SOURCES.md), the others real.
var realCases = []realCase{
	// the file as the SEARCH text shows it (its other lines unknown)
	{name: "aider", rel: aiderSample, files: func(t *testing.T, b []byte) map[string]string {
		m := regexp.MustCompile(`(?s)<<<<<<< SEARCH\n(.*?)=======\n`).FindSubmatch(b)
		return map[string]string{"aider/utils.py": string(m[1])}
	}},
	// docs/plan.md as its Read showed it; the other files its Glob names,
	// empty (outside .git: a root's .git is git's own)
	{name: "claude-code", rel: "claude-code/moredip-session-share/general-tool-calls.EXCERPT.jsonl",
		cwd: "/Users/pete/git/moredip/session-share", files: seenFiles},
	// the synthetic rollout names alpha.txt and beta.txt (the agent's
	// answer), their text unknown: empty
	{name: "codex", rel: "codex/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl",
		cwd: "/workspace/synthetic-project", files: func(*testing.T, []byte) map[string]string {
			return map[string]string{"alpha.txt": "", "beta.txt": ""}
		}},
	// the three files as the views showed them whole
	{name: "copilot-cli", rel: "copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl",
		cwd: "/Users/testuser/workspace/demo-project", files: seenFiles},
	// the hand-made sample's project (TestCursorSampleReplay's)
	{name: "cursor", rel: cursorSample, cwd: "/home/u/proj",
		place: func(t *testing.T, root string) string {
			return filepath.Join(t.TempDir(), ".cursor", "projects", transcript.CursorSlug(root), "agent-transcripts", cursorChat, cursorChat+".jsonl")
		},
		files: func(*testing.T, []byte) map[string]string {
			f := maps.Clone(greetFiles)
			f["NOTES.md"] = "notes\n"
			return f
		}},
	{name: "droid", rel: droidSample, cwd: "/home/u/proj", files: greet},
	// the files as the reads showed them before the session changed them
	{name: "pi", rel: "pi/badlogic-pi-mono/before-compaction.EXCERPT.jsonl",
		cwd: "/Users/badlogic/workspaces/pi-mono", files: seenFiles},
	{name: "qwen-code", rel: qwenSample, cwd: "/home/u/proj", files: func(*testing.T, []byte) map[string]string { return qwenSampleRepo }},
}

func greet(*testing.T, []byte) map[string]string { return greetFiles }

// TestRealTranscriptReports replays one transcript of each format as
// `repox replay --report` does, against a root holding the files as the
// session found them, and compares the report with its golden file
// (-update writes them). Each golden was read for artefacts of the
// mapping or the re-run: a finding or note there is about the agent.
func TestRealTranscriptReports(t *testing.T) {
	for _, c := range realCases {
		t.Run(c.name, func(t *testing.T) {
			b, err := os.ReadFile(repotest.Transcript(t, c.rel))
			if err != nil {
				t.Fatal(err)
			}
			root := fixedLengthRoot(t)
			repotest.GitRepoAt(t, root, c.files(t, b))
			if c.cwd != "" {
				b = bytes.ReplaceAll(b, []byte(c.cwd), []byte(root))
			}
			p := filepath.Join(t.TempDir(), filepath.Base(c.rel))
			if c.place != nil {
				p = c.place(t, root)
			}
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, []byte(normalizeReport(out.String(), root, p)))
		})
	}
}

// rootLength is the length of the root's path: the report cuts long
// arguments and counts the thinking's characters, in which the agent's
// folder (now the root) is written, so a path whose length varied with
// the temp folder would move the cuts and the counts.
const rootLength = 120

func fixedLengthRoot(t *testing.T) string {
	dir := t.TempDir()
	pad := rootLength - len(dir) - 1
	if pad < 1 {
		t.Fatalf("the temp folder %s is longer than %d bytes: set TMPDIR to a shorter one", dir, rootLength-2)
	}
	root := filepath.Join(dir, strings.Repeat("r", pad))
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

// normalizeReport takes out of a report what varies run to run: the
// root's and the transcript's temp paths, and the scratch copy's name.
func normalizeReport(s, root, transcriptPath string) string {
	s = strings.ReplaceAll(s, transcriptPath, "$TRANSCRIPT")
	s = strings.ReplaceAll(s, root, "$ROOT")
	// an argument cut inside the root's path (at a place the fixed
	// length keeps, but the temp folder's name is random)
	for k := len(root) - 1; k > len(os.TempDir()); k-- {
		s = strings.ReplaceAll(s, root[:k]+"…", "$ROOT[:"+strconv.Itoa(k)+"]…")
	}
	return scratchName.ReplaceAllString(s, "$$SCRATCH")
}

var scratchName = regexp.MustCompile(`repox-replay-[A-Za-z0-9-]+`)

// seenFiles derives a session's start from its transcript: each file
// the agent read, as the reads showed it before the session changed it
// (lines no read showed are left empty; a file is taken to end in a
// newline), and each file a listing named and no read showed, empty.
// Paths outside the session's folder (absolute, or ..) are left out.
func seenFiles(t *testing.T, b []byte) map[string]string {
	t.Helper()
	calls, _, err := transcript.ReadAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]map[int]string{}
	size := map[string]int{}
	changed := map[string]bool{}
	named := map[string]bool{}
	for _, c := range calls {
		if c.Saw != nil && c.Saw.Path != "" && !changed[c.Saw.Path] && len(c.Saw.Lines) > 0 && !c.IsError {
			m := lines[c.Saw.Path]
			if m == nil {
				m = map[int]string{}
				lines[c.Saw.Path] = m
			}
			for _, l := range c.Saw.Lines {
				if _, ok := m[l.N]; !ok {
					m[l.N] = l.Text
				}
				size[c.Saw.Path] = max(size[c.Saw.Path], l.N)
			}
			size[c.Saw.Path] = max(size[c.Saw.Path], c.Saw.TotalLines)
		}
		if c.Saw != nil {
			for _, p := range c.Saw.Paths {
				named[p] = true
			}
		}
		for _, r := range c.Repox {
			if r.Tool == "repo_edit" || r.Tool == "repo_write" {
				if p := pathArg(r); p != "" {
					changed[p] = true
				}
			}
		}
	}
	files := map[string]string{}
	for p := range named {
		files[p] = ""
	}
	for p, m := range lines {
		var sb strings.Builder
		for n := 1; n <= size[p]; n++ {
			sb.WriteString(m[n] + "\n")
		}
		files[p] = sb.String()
	}
	for p := range files {
		if filepath.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, ".git/") || strings.HasSuffix(p, "/") {
			delete(files, p)
		}
	}
	return files
}

func pathArg(r transcript.ToolCall) string {
	var a struct{ Path string }
	json.Unmarshal(r.Args, &a)
	return a.Path
}
