package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// batchAnswers runs a batch over input and returns its answer lines.
func batchAnswers(t *testing.T, dir string, input io.Reader) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	code := Execute(context.Background(), []string{"call", "--root", dir, "--batch"}, input, &out, io.Discard)
	var answers []map[string]any
	want := exitOK
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("answer is not JSON: %.200s", sc.Bytes())
		}
		if m["isError"] == true {
			want = exitRefused
		}
		answers = append(answers, m)
	}
	if code != want {
		t.Fatalf("batch exit %d, want %d (1 when an answer is an error)", code, want)
	}
	return answers
}

// A batch line is read as strictly as a tool's arguments: exact,
// case-sensitive keys, each once, one object and nothing after it. Each
// loose line gets an error line, runs nothing, and the batch goes on.
func TestBatchLinesAreStrict(t *testing.T) {
	dir := fixture(t)
	lines := []struct{ line, want string }{
		{`{"TOOL":"repo_write","args":{"path":"evil.sh","content":"x"}}`, `unknown field "TOOL" (keys are case-sensitive: "tool")`},
		{`{"tool":"repo_write","ARGS":{"path":"evil.sh","content":"x"}}`, `unknown field "ARGS"`},
		{`{"tool":"repo_tree","tool":"repo_write","args":{"path":"evil.sh","content":"x"}}`, `"tool" is given twice`},
		{`{"tool":"repo_write","args":{"path":"evil.sh","content":"x"},"args":{"path":"top.txt"}}`, `"args" is given twice`},
		{`{"tool":"repo_tree","args":{}} {"tool":"repo_write","args":{"path":"evil.sh","content":"x"}}`, "data after the call's JSON object"},
		{`{"tool":"repo_write","args":{"path":"evil.sh","content":"x"}}garbage`, "data after the call's JSON object"},
		{`{"tool":"repo_write","args":{"path":"evil.sh","content":"x"}`, "is not a call"},
		{`{"tool":7,"args":{}}`, `"tool" must be a string`},
		{`{"tool":["repo_tree"]}`, `"tool" must be a string`},
		{`{"tool":null,"args":{}}`, "names no tool"},
		{`{"args":{}}`, "names no tool"},
		{`["repo_tree",{}]`, "is not a call: it is not a JSON object"},
		{`"repo_tree"`, "is not a call"},
		{`{"` + strings.Repeat("T", 1<<20) + `":1}`, `unknown field "TTTT`},
		{`{"tool":"` + strings.Repeat("t", 1<<20) + `"}`, "(a 1,048,576-byte name) — the tools are: repo_tree"},
	}
	var in strings.Builder
	for _, l := range lines {
		in.WriteString(l.line + "\n")
	}
	in.WriteString(`{"tool":"repo_tree","args":null}` + "\r\n")
	in.WriteString(`{"args":{"path":"top.txt"},"tool":"repo_read_file"}`)
	got := batchAnswers(t, dir, strings.NewReader(in.String()))
	if len(got) != len(lines)+2 {
		t.Fatalf("%d answers for %d lines", len(got), len(lines)+2)
	}
	for i, l := range lines {
		a := got[i]
		text, _ := a["text"].(string)
		ranNothing := a["tool"] == "" || strings.Contains(l.want, "the tools are") // an unknown tool is a call that is refused
		if a["isError"] != true || !strings.Contains(text, l.want) || len(text) > 1000 || !ranNothing {
			t.Errorf("line %d %s: answer %v, want an error containing %q", i+1, l.line, a, l.want)
		}
	}
	if a := got[len(lines)]; a["isError"] != false || a["tool"] != "repo_tree" {
		t.Errorf("args null (a CRLF line) is no args: %v", a)
	}
	if a := got[len(lines)+1]; a["isError"] != false || !strings.Contains(a["text"].(string), "1→one") {
		t.Errorf("a last line without a newline still runs: %v", a)
	}
	if _, err := os.Lstat(filepath.Join(dir, "evil.sh")); err == nil {
		t.Fatal("a loose batch line wrote evil.sh")
	}
}

// hugeLine produces one line of n bytes (a call whose path is n bytes of
// "a") and then more input, without ever allocating the line.
type hugeLine struct {
	head, tail string
	n, done    int64
	rest       *strings.Reader
}

func newHugeLine(n int64, after string) *hugeLine {
	h := &hugeLine{head: `{"tool":"repo_tree","args":{"path":"`, tail: "\"}}\n"}
	h.n = n - int64(len(h.head)+len(h.tail))
	h.rest = strings.NewReader(h.head + "\x00" + h.tail + after)
	return h
}

func (h *hugeLine) Read(p []byte) (int, error) {
	// The head, then n bytes of 'a' (the \x00 marks where), then the rest.
	if h.rest.Len() > 0 && h.rest.Size()-int64(h.rest.Len()) < int64(len(h.head)) {
		k := min(len(p), len(h.head)-int(h.rest.Size()-int64(h.rest.Len())))
		return h.rest.Read(p[:k])
	}
	if h.done < h.n {
		k := int(min(int64(len(p)), h.n-h.done))
		for i := range p[:k] {
			p[i] = 'a'
		}
		h.done += int64(k)
		if h.done == h.n {
			h.rest.ReadByte() // the \x00 marker
		}
		return k, nil
	}
	return h.rest.Read(p)
}

// An over-long line is skipped without being held: memory stays flat
// however long it is, the line gets an error line, and the batch goes on.
func TestBatchOverlongLineIsSkippedWithFlatMemory(t *testing.T) {
	dir := fixture(t)
	const lineBytes = 256 << 20
	// The reader itself is checked: it yields exactly the line and the rest.
	if n, _ := io.Copy(io.Discard, newHugeLine(1<<20, "x\n")); n != 1<<20+2 {
		t.Fatalf("hugeLine yields %d bytes", n)
	}
	input := newHugeLine(lineBytes, `{"tool":"repo_read_file","args":{"path":"top.txt"}}`+"\n")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got := batchAnswers(t, dir, input)
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("a %d MiB line: %d MiB allocated in all", lineBytes>>20, allocated>>20)
	// The line cap is 16 MiB plus a little: holding up to it, with append's
	// growth, costs about twice that. Reading the whole 256 MiB line costs
	// well over ten times this bound.
	if allocated > 80<<20 {
		t.Errorf("a %d MiB line allocated %d MiB: it was held, not skipped", lineBytes>>20, allocated>>20)
	}
	if len(got) != 2 {
		t.Fatalf("%d answers, want 2", len(got))
	}
	if text, _ := got[0]["text"].(string); got[0]["isError"] != true || !strings.Contains(text, "line 1 is 268,435,456 bytes; a line holds at most 16,842,752") || !strings.Contains(text, "nothing was run") {
		t.Errorf("over-long line: %v", got[0])
	}
	if got[1]["isError"] != false || !strings.Contains(got[1]["text"].(string), "1→one") {
		t.Errorf("the batch did not go on: %v", got[1])
	}
}

// A line at the cap is still a call: the cap is on the line, not lower.
func TestBatchLineJustUnderTheCapRuns(t *testing.T) {
	dir := fixture(t)
	got := batchAnswers(t, dir, newHugeLine(batchMaxLine, ""))
	if len(got) != 1 {
		t.Fatalf("%d answers", len(got))
	}
	// The call ran (and was refused by the tool for its own reason: the
	// arguments are over 16 MiB), not skipped as an over-long line.
	if text := got[0]["text"].(string); got[0]["tool"] != "repo_tree" || !strings.Contains(text, "at most 16,777,216 are accepted") {
		t.Fatalf("%v", got[0]["text"])
	}
}

// `repox call TOOL ARGS` takes one JSON object and nothing after it.
func TestCallRefusesDataAfterTheArguments(t *testing.T) {
	dir := fixture(t)
	for _, args := range []string{`{} {"path":"a"}`, `{}x`, `{"path":"top.txt"}]`} {
		code, out, _ := runCLI(t, "", "call", "--root", dir, "repo_tree", args)
		if code != exitRefused || !strings.Contains(out, "data after the JSON object") {
			t.Errorf("%s: exit %d: %s", args, code, out)
		}
	}
	code, out, _ := runCLI(t, `{"path":"top.txt"} {"path":"x"}`, "call", "--root", dir, "repo_read_file", "-")
	if code != exitRefused || !strings.Contains(out, "data after the JSON object") {
		t.Errorf("stdin: exit %d: %s", code, out)
	}
}

// Arguments on stdin are read up to the cap and no further, and a longer
// input is said to be longer, not miscounted as the part that was read.
func TestCallArgumentsOnStdinOverTheCap(t *testing.T) {
	dir := fixture(t)
	var out, errb bytes.Buffer
	code := Execute(context.Background(), []string{"call", "--root", dir, "repo_tree", "-"}, newHugeLine(100<<20, ""), &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "the arguments on stdin are over 16,777,216 bytes") || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %.200q, stderr %q", code, out.String(), errb.String())
	}
}

// A script needs the batch's exit status to say whether a call was
// refused: 0 when every call ran, 1 when any answer line has isError true
// (a tool's refusal or a line that is not a call), and `--help` says so.
func TestBatchExitStatusSaysWhetherACallWasRefused(t *testing.T) {
	dir := fixture(t)
	ok := `{"tool":"repo_read_file","args":{"path":"top.txt"}}` + "\n"
	refused := `{"tool":"repo_read_file","args":{"path":"nope"}}` + "\n"
	for _, c := range []struct {
		name, input string
		want        int
	}{
		{"every call ran", ok + ok, exitOK},
		{"no line at all", "", exitOK},
		{"a tool refused", ok + refused + ok, exitRefused},
		{"a line is not a call", "not json\n" + ok, exitRefused},
		{"an unknown tool", `{"tool":"repo_nope"}` + "\n", exitRefused},
	} {
		code, out, errs := runCLI(t, c.input, "call", "--root", dir, "--batch")
		if code != c.want {
			t.Errorf("%s: exit %d, want %d\n%s%s", c.name, code, c.want, out, errs)
		}
	}
	code, help, _ := runCLI(t, "", "call", "--help")
	if code != exitOK || !strings.Contains(strings.Join(strings.Fields(help), " "), "With --batch: 0 when every call ran, 1 when any was refused") {
		t.Errorf("call --help does not say the batch's exit status:\n%s", help)
	}
}

// docs/tools.md names every field of a batch answer line, which is a
// CallRecord, so a script writer knows what each line carries.
func TestToolsDocNamesEveryBatchLineField(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "tools.md"))
	if err != nil {
		t.Fatal(err)
	}
	var para string
	for p := range strings.SplitSeq(string(doc), "\n\n") {
		if strings.Contains(p, "`--batch` runs every line") {
			para = strings.Join(strings.Fields(p), " ")
		}
	}
	if para == "" {
		t.Fatal("docs/tools.md has no paragraph on `--batch`")
	}
	var missing []string
	rt := reflect.TypeFor[repoops.CallRecord]()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if !strings.Contains(para, "`"+name+"`") {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("docs/tools.md's --batch paragraph does not name the answer line's fields %v:\n%s", missing, para)
	}
}
