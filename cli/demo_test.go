package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/model"
)

// `repox demo` and `repox --demo` are one command: the same refusal when
// standard output is not a terminal, the same folder argument.
func TestDemoAndTheDemoFlagAreOneCommand(t *testing.T) {
	for _, args := range [][]string{{"demo"}, {"--demo"}, {"demo", t.TempDir()}, {"--demo", t.TempDir()}} {
		code, out, errOut := runCLI(t, "", args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "the demo's tour needs a terminal") {
			t.Errorf("repox %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", "demo", "a", "b"); code != exitUsage || !strings.Contains(errOut, "one folder at most") {
		t.Errorf("repox demo a b: exit %d, %q", code, errOut)
	}
}

// The explorer gets the tour: the kept folder's absolute path, the five
// contrasts computed on it, and the bundled session written into it.
func TestDemoRunsTheTourOnTheDemo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Chdir(t.TempDir())
	var got model.Options
	var stderr bytes.Buffer
	code := exploreDemo(context.Background(), "kept", &stderr, func(_ context.Context, o model.Options) error {
		got = o
		return nil
	})
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want, _ := filepath.Abs("kept")
	if got.Tour == nil || got.Dir != want || got.Tour.Dir != want || !got.Tour.Kept {
		t.Fatalf("options %+v", got)
	}
	if len(got.Tour.Contrasts) != 5 || !strings.Contains(got.Tour.Contrasts[0].Label, "computed on this repo") {
		t.Errorf("contrasts %+v", got.Tour.Contrasts)
	}
	if _, err := os.Stat(got.Tour.Transcript); err != nil || !strings.HasPrefix(got.Tour.Transcript, want) {
		t.Errorf("transcript %q: %v", got.Tour.Transcript, err)
	}
	if _, err := os.Stat(filepath.Join(want, "server", "handlers.go")); err != nil {
		t.Errorf("the kept demo is gone after the run: %v", err)
	}
}
