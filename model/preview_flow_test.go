package model

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
)

// program runs the explorer on dir under teatest, opened on file:line.
func program(t *testing.T, dir, file string, line int) (*teatest.TestModel, func(string)) {
	t.Helper()
	tm, waitFor, _ := teaProgram(t, dir, Config{Name: "fixture", File: file, Line: line}, 140, 40)
	return tm, waitFor
}

// TestFlowEditPreview: an ambiguous old_string shows the tool's refusal and
// writes nothing, ctrl+s included; a unique one is written only after the
// confirmation, and the file changes.
func TestFlowEditPreview(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"dup.go": dupGo})
	path := filepath.Join(dir, "dup.go")
	tm, waitFor := program(t, dir, "dup.go", 4)
	waitFor("lines 1-6 of 6")
	tm.Type("e")
	waitFor("edit preview")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnd})
	tm.Type("0")
	tm.Send(ctrlR) // reads in full when the gate asks for it; else says it does not
	waitFor("occurs 2 times, at lines 4 and 6")
	tm.Send(ctrlS)
	waitFor("nothing to apply")
	fileIs(t, path, dupGo)

	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	tm.Type("ke") // line 3: var a = 1 → var a = 10
	tm.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnd})
	tm.Type("0")
	tm.Send(ctrlR)
	waitFor("1 replacement at line 3")
	tm.Send(ctrlS)
	waitFor("y writes it")
	fileIs(t, path, dupGo)
	tm.Type("y")
	want := strings.Replace(dupGo, "var a = 1", "var a = 10", 1)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if b, _ := os.ReadFile(path); string(b) == want {
			break
		}
	}
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	fileIs(t, path, want)
	if fm.Overlays.Top() != nil {
		t.Errorf("the preview is still open")
	}
}

// TestFlowConsoleMatchesReproxCall: the console's text for a call is the
// bytes `repox call` prints (minus the newline it ends them with), checked
// against the repox binary when the Go toolchain is at hand.
func TestFlowConsoleMatchesReproxCall(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	dir := panetest.FixtureRepo(t)
	tm, waitFor := program(t, dir, "", 0)
	// "+2 ignored" comes with the root's exact listing (README.md is on
	// it too): keys sent before it could move over the early rows
	waitFor("+2 ignored")
	tm.Type(":")
	waitFor("tool console")
	tm.Type("repo_grep pattern=needle")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("isError: false")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	_, res := fm.console.Last()
	got := res.Text
	args := `{"pattern":"needle"}`
	if want := fm.Repo.NewSession().Call(context.Background(), "repo_grep", []byte(args)).Text; got != want {
		t.Fatalf("console text differs from Session.Call:\n%q\n%q", got, want)
	}
	goTool, err := exec.LookPath("go")
	if err != nil || testing.Short() {
		t.Skip("no go toolchain (or -short): compared with Session.Call only")
	}
	bin := filepath.Join(t.TempDir(), "repox")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command(goTool, "build", "-o", bin, "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	call := exec.Command(bin, "call", "repo_grep", args)
	call.Dir = dir
	call.Stdin = strings.NewReader("")
	out, err := call.Output()
	if err != nil {
		t.Fatalf("repox call: %v", err)
	}
	if string(out) != got+"\n" {
		t.Errorf("console text differs from repox call:\n%q\n%q", got, out)
	}
}
