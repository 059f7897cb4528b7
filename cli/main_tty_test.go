package cli

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// hostileContent would set the window title, clear the screen and move
// the cursor on a terminal that printed it raw.
const hostileContent = "title \x1b]0;pwned\x07 clear \x1b[2J cr\rover del\x7f c1\u009b[31m rlo\u202e zw\u200b tag\U000e0041 tab\tend\n"

func ttyFixture(t *testing.T, tty bool) string {
	t.Helper()
	dir := repotest.PlainDir(t, map[string]string{"evil.txt": hostileContent})
	old := isTerminal
	isTerminal = func(io.Writer) bool { return tty }
	t.Cleanup(func() { isTerminal = old })
	return dir
}

func TestCallOnATerminalShowsControlBytesVisibly(t *testing.T) {
	dir := ttyFixture(t, true)
	code, out, errOut := runCLI(t, "", "call", "--root", dir, "repo_read_file", `{"path":"evil.txt"}`)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, raw := range []string{"\x1b", "\x07", "\r", "\x7f", "\u009b", "\u202e", "\u200b", "\U000e0041"} {
		if strings.Contains(out, raw) {
			t.Errorf("terminal output holds raw %q:\n%q", raw, out)
		}
	}
	for _, want := range []string{"1→title ␛]0;pwned␇ clear ␛[2J cr␍over del␡ c1�[31m rlo⇄ zw␢ tag␢ tab\tend"} {
		if !strings.Contains(out, want) {
			t.Errorf("terminal output lacks %q:\n%q", want, out)
		}
	}
	if n := strings.Count(errOut, "shown as visible symbols"); n != 1 {
		t.Errorf("stderr says so %d times, want once:\n%s", n, errOut)
	}
	// Clean text is printed as it is, with nothing said.
	code, out, errOut = runCLI(t, "", "call", "--root", dir, "repo_tree")
	if code != exitOK || errOut != "" || !strings.Contains(out, "evil.txt") {
		t.Fatalf("exit %d, stderr %q, out %q", code, errOut, out)
	}
}

func TestCallToAPipePrintsTheExactBytes(t *testing.T) {
	dir := ttyFixture(t, false)
	code, out, errOut := runCLI(t, "", "call", "--root", dir, "repo_read_file", `{"path":"evil.txt"}`)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := "evil.txt — lines 1-1 of 1\n1→" + strings.TrimSuffix(hostileContent, "\n") + "\n"
	if out != want {
		t.Fatalf("pipe output\n%q\nwant\n%q", out, want)
	}
}

func TestCallJSONOnATerminalEscapesEveryControl(t *testing.T) {
	dir := ttyFixture(t, true)
	code, out, errOut := runCLI(t, "", "call", "--root", dir, "--json", "repo_read_file", `{"path":"evil.txt"}`)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for i, r := range out {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && !strconv.IsPrint(r)) {
			t.Fatalf("JSON on a terminal holds raw %U at %d:\n%q", r, i, out)
		}
	}
	var got struct{ Text string }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Text, strings.TrimSuffix(hostileContent, "\n")) {
		t.Fatalf("the JSON does not decode to the exact text: %q", got.Text)
	}
}

func TestBatchOnATerminalEscapesEveryControl(t *testing.T) {
	dir := ttyFixture(t, true)
	code, out, errOut := runCLI(t, `{"tool":"repo_read_file","args":{"path":"evil.txt"}}`+"\n", "call", "--root", dir, "--batch")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for i, r := range out {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && !strconv.IsPrint(r)) {
			t.Fatalf("batch output on a terminal holds raw %U at %d:\n%q", r, i, out)
		}
	}
	var rec struct{ Text string }
	if err := json.Unmarshal([]byte(out), &rec); err != nil || !strings.Contains(rec.Text, strings.TrimSuffix(hostileContent, "\n")) {
		t.Fatalf("the record does not decode to the exact text (%v): %q", err, rec.Text)
	}
}
