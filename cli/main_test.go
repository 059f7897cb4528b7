package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

func fixture(t *testing.T) string {
	t.Helper()
	return repotest.PlainDir(t, map[string]string{
		"a/b/c/d/e/f/g/deep.go": "package deep // needle\n",
		"top.txt":               "one\ntwo\n",
	})
}

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Execute(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCallPrintsExactlyTheModelTextAndExitCodes(t *testing.T) {
	dir := fixture(t)
	code, out, _ := runCLI(t, "", "call", "--root", dir, "repo_grep", `{"pattern":"needle"}`)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if !strings.HasPrefix(out, "a/b/c/d/e/f/g/deep.go:1: package deep // needle\n") {
		t.Fatalf("output:\n%s", out)
	}
	code, out, _ = runCLI(t, "", "call", "--root", dir, "repo_read_file", `{"path":"nope"}`)
	if code != exitRefused || !strings.Contains(out, "nope does not exist") {
		t.Fatalf("refusal: exit %d, %q", code, out)
	}
	for _, bad := range [][]string{
		{"call", "--root", dir},
		{"call", "--root", dir, "no_such_tool"},
		{"call", "--root", filepath.Join(dir, "missing"), "repo_tree"},
		{"call", "--bogus"},
		{"tools", "extra"},
		{"--nope"},
	} {
		if code, _, _ := runCLI(t, "", bad...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", bad, code, exitUsage)
		}
	}
}

func TestCallJSONCarriesTextAndStructured(t *testing.T) {
	dir := fixture(t)
	_, out, _ := runCLI(t, "", "call", "--root", dir, "--json", "repo_read_file", `{"path":"top.txt"}`)
	var res struct {
		IsError    bool           `json:"isError"`
		Text       string         `json:"text"`
		Structured map[string]any `json:"structured"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if res.IsError || res.Text != "top.txt — lines 1-2 of 2\n1→one\n2→two" || res.Structured["total_lines"] != float64(2) {
		t.Fatalf("%+v", res)
	}
	// The plain output is the same text.
	_, plain, _ := runCLI(t, "", "call", "--root", dir, "repo_read_file", `{"path":"top.txt"}`)
	if plain != res.Text+"\n" {
		t.Fatalf("plain %q vs json text %q", plain, res.Text)
	}
	// Arguments from stdin.
	_, fromStdin, _ := runCLI(t, `{"path":"top.txt"}`, "call", "--root", dir, "repo_read_file", "-")
	if fromStdin != plain {
		t.Fatalf("stdin args: %q", fromStdin)
	}
}

func TestToolsCatalogue(t *testing.T) {
	code, out, _ := runCLI(t, "", "tools")
	if code != exitOK {
		t.Fatal(code)
	}
	for _, name := range []string{"repo_tree", "repo_find", "repo_grep", "repo_read_file", "repo_git"} {
		if !strings.Contains(out, name+"\n") {
			t.Errorf("tools lacks %s", name)
		}
	}
	_, js, _ := runCLI(t, "", "tools", "--json")
	var tools []struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		InputSchema map[string]any `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(js), &tools); err != nil || len(tools) < 5 || tools[0].Name != "repo_tree" || tools[0].InputSchema["type"] != "object" {
		t.Fatalf("tools --json: %v %+v", err, tools)
	}
}

// The batch answers each line before reading the next, so a script can act
// between calls; a malformed line gets an error line and the batch goes on.
func TestBatchIsOneSessionAndAnswersLineByLine(t *testing.T) {
	dir := fixture(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- Execute(context.Background(), []string{"call", "--root", dir, "--batch"}, inR, outW, io.Discard)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	ask := func(line string) map[string]any {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		got, err := answers.ReadBytes('\n')
		if err != nil {
			t.Fatalf("no answer to %s: %v", line, err)
		}
		var m map[string]any
		if err := json.Unmarshal(got, &m); err != nil {
			t.Fatalf("answer is not JSON: %s", got)
		}
		return m
	}
	a := ask(`{"tool":"repo_find","args":{"query":"deep"}}`)
	if a["isError"] != false || a["tool"] != "repo_find" || !strings.Contains(a["text"].(string), "a/b/c/d/e/f/g/deep.go") {
		t.Fatalf("%v", a)
	}
	// The script acts between calls: the next call sees it.
	if err := os.WriteFile(filepath.Join(dir, "new.txt"), []byte("needle too\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a = ask(`{"tool":"repo_grep","args":{"pattern":"needle"}}`)
	if !strings.Contains(a["text"].(string), "new.txt:1: needle too") {
		t.Fatalf("%v", a["text"])
	}
	a = ask(`not json`)
	if a["isError"] != true || !strings.Contains(a["text"].(string), "line 3 is not a call") {
		t.Fatalf("%v", a)
	}
	a = ask(`{"tool":"repo_tree","args":{"max_depth":9}}`)
	if a["isError"] != true || !strings.Contains(a["text"].(string), "max_depth must be from 1 to 4") {
		t.Fatalf("%v", a)
	}
	a = ask(`{"tool":"repo_read_file","args":{"path":"top.txt"},"extra":1}`)
	if a["isError"] != true || !strings.Contains(a["text"].(string), `unknown field "extra"`) {
		t.Fatalf("%v", a)
	}
	a = ask(`{"tool":"repo_read_file","args":{"path":"top.txt"}}`)
	if a["isError"] != false {
		t.Fatalf("%v", a)
	}
	inW.Close()
	if code := <-done; code != exitRefused {
		t.Fatalf("batch exit %d, want 1: lines were refused", code)
	}
}

func TestExploreWithoutATerminalSaysWhatToRunInstead(t *testing.T) {
	code, _, errOut := runCLI(t, "", fixture(t))
	if code != exitUsage || !strings.Contains(errOut, "needs a terminal") || !strings.Contains(errOut, "repox call") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "", "--version")
	if code != exitOK || !strings.HasPrefix(out, "repox ") || !strings.Contains(out, "go1.") {
		t.Fatalf("exit %d: %q", code, out)
	}
}
