package replay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Before the registry these were read as another agent with a confident
// "0 calls" (Qwen Code as Claude Code, Pi and Factory Droid as a 2025
// Codex rollout, VS Code's chat as Gemini CLI) or refused without a name.
// Each is refused by name, with its evidence, on every face that reads a
// transcript: the report, --json, --changes (and its --json), the counts
// of the sessions list and the reader itself.
func TestForeignTranscriptsAreRefused(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	for _, c := range foreign {
		p := filepath.Join(t.TempDir(), c.file)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		sentence := c.what + " (" + c.evidence + "): not a transcript repox reads — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code and repox call logs"
		_, st, err := transcript.ReadAll(strings.NewReader(c.body))
		if err == nil || err.Error() != sentence || st.NotTranscript != sentence || st.Format != "" || st.Calls != 0 {
			t.Errorf("%s: read: %v, stats %+v\nwant %s", c.name, err, st, sentence)
		}
		whole := p + ": " + sentence
		for _, face := range []struct {
			name string
			run  func(out *bytes.Buffer) error
		}{
			{"--report", func(out *bytes.Buffer) error { return Report(ctx, ReportOptions{Transcript: p, Root: dir}, out) }},
			{"--report --json", func(out *bytes.Buffer) error {
				return Report(ctx, ReportOptions{Transcript: p, Root: dir, JSON: true}, out)
			}},
			{"--changes", func(out *bytes.Buffer) error {
				return WriteChanges(ctx, ChangesOptions{Transcript: p, Root: dir}, out, out)
			}},
			{"--changes --json", func(out *bytes.Buffer) error {
				return WriteChanges(ctx, ChangesOptions{Transcript: p, Root: dir, JSON: true}, out, out)
			}},
			{"the list's counts", func(out *bytes.Buffer) error {
				_, err := CountFindings(ctx, RunOptions{Transcript: p, Root: dir})
				return err
			}},
			{"the pane's first pass", func(out *bytes.Buffer) error { _, err := PlanStart(ctx, p); return err }},
		} {
			var out bytes.Buffer
			err := face.run(&out)
			want := whole
			if face.name == "the pane's first pass" {
				want = sentence
			}
			if err == nil || err.Error() != want || out.Len() != 0 {
				t.Errorf("%s, %s: %v, output %q\nwant %s", c.name, face.name, err, out.String(), want)
			}
		}
	}
}

// Discovery passes them over with the sentence, in the folders where
// they would have been listed as another agent.
func TestDiscoverPassesForeignTranscriptsOver(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	env := Env{Home: home, StateHome: filepath.Join(home, "state"), Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}
	body := func(name string) string {
		for _, c := range foreign {
			if c.name == name {
				return strings.ReplaceAll(c.body, "/home/u/proj", root)
			}
		}
		t.Fatal(name)
		return ""
	}
	put := func(p, b string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vscode := filepath.Join(home, ".gemini", "tmp", projectHash(root), "chats", "session-2026-01-02T03-04-0f1e2d3c.json")
	put(vscode, body("VS Code Copilot Chat"))
	d, err := DiscoverAll(context.Background(), root, env)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 0 {
		t.Errorf("listed %+v", d.Sessions)
	}
	for _, w := range []string{
		repoops.QuoteName(vscode) + " was not read: a VS Code Copilot Chat session (a JSON document",
	} {
		if !slices.ContainsFunc(d.Passed, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("passed over %q, want a sentence starting %q", d.Passed, w)
		}
	}
}
