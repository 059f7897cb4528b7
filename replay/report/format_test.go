package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
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
	for _, c := range replaytest.Foreign {
		p := filepath.Join(t.TempDir(), c.File)
		if err := os.WriteFile(p, []byte(c.Body), 0o644); err != nil {
			t.Fatal(err)
		}
		sentence := c.What + " (" + c.Evidence + "): not a transcript repox reads — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Aider, Factory Droid, OpenCode and repox call logs"
		_, st, err := transcript.ReadAll(strings.NewReader(c.Body))
		if err == nil || err.Error() != sentence || st.NotTranscript != sentence || st.Format != "" || st.Calls != 0 {
			t.Errorf("%s: read: %v, stats %+v\nwant %s", c.Name, err, st, sentence)
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
				_, err := replay.CountFindings(ctx, replay.RunOptions{Transcript: p, Root: dir})
				return err
			}},
			{"the pane's first pass", func(out *bytes.Buffer) error { _, err := replay.PlanStart(ctx, p); return err }},
		} {
			var out bytes.Buffer
			err := face.run(&out)
			want := whole
			if face.name == "the pane's first pass" {
				want = sentence
			}
			if err == nil || err.Error() != want || out.Len() != 0 {
				t.Errorf("%s, %s: %v, output %q\nwant %s", c.Name, face.name, err, out.String(), want)
			}
		}
	}
}
