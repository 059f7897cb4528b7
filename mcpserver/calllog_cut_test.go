package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A call's arguments and text reach the log whole up to a bound; past it
// the line holds a cut, marked where it is cut and in a logCut field that
// gives the whole sizes. A refused 16 MiB write no longer puts 16 MiB in
// the log, and the client still gets every answer whole.
func TestCallLogCutsLargeCalls(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "log.jsonl")
	over := strings.Repeat("x", 16<<20) // with the rest, over the registry's 16 MiB: refused
	// 17 bytes a line: a cut at a round size lands inside an "é".
	fits := strings.Repeat("0123456789abcdé\n", 128<<10)
	r := startRaw(t, "--root", dir, "--log", logPath)
	r.send(t, initLine, initializedLine,
		callLine(2, "repo_write", map[string]any{"path": "refused.txt", "content": over}),
		callLine(3, "repo_write", map[string]any{"path": "big.txt", "content": fits}),
		callLine(4, "repo_read_file", map[string]any{"path": "dup.txt"}))
	r.stdin.Close()
	out, _ := io.ReadAll(r.stdout)
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	byID := messages(t, out)
	for _, id := range []string{"2", "3", "4"} {
		if byID[id] == nil || byID[id].Error != nil {
			t.Fatalf("call %s: %v", id, byID[id])
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "big.txt")); string(got) != fits {
		t.Fatalf("big.txt: %d bytes, want %d", len(got), len(fits))
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	recs := readLog(t, logPath)
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if len(recs) != 3 || len(lines) != 3 {
		t.Fatalf("%d records, %d lines", len(recs), len(lines))
	}
	if len(data) > 1<<20 {
		t.Errorf("the log is %d bytes for two cut calls and a small read", len(data))
	}
	for i, want := range []int{len(over), len(fits)} {
		var line struct {
			Args   map[string]string `json:"args"`
			LogCut *struct {
				Args int    `json:"args"`
				Note string `json:"note"`
			} `json:"logCut"`
		}
		if err := json.Unmarshal(lines[i], &line); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		content := line.Args["content"]
		if line.LogCut == nil || line.LogCut.Note == "" {
			t.Errorf("line %d has no logCut", i+1)
			continue
		}
		argsLen := len(recs[i].Args)
		if line.LogCut.Args <= argsLen || line.LogCut.Args < want {
			t.Errorf("line %d: logCut.args %d, logged %d, content was %d", i+1, line.LogCut.Args, argsLen, want)
		}
		if line.Args["path"] == "" || !strings.Contains(content, "more bytes]") || len(content) > 64<<10 {
			t.Errorf("line %d: path %q, content %d bytes ending %q", i+1, line.Args["path"], len(content), content[max(0, len(content)-60):])
		}
		if strings.ContainsRune(content, '\uFFFD') {
			t.Errorf("line %d: the cut split a character", i+1)
		}
	}
	if bytes.Contains(lines[2], []byte("logCut")) {
		t.Errorf("a small call was marked cut: %s", lines[2])
	}
}
