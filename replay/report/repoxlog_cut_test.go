package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// cutLogLine is rec as `repox mcp --log` writes a line it cut: the
// arguments' strings cut, and a "logCut" object with the whole sizes.
func cutLogLine(t *testing.T, rec repoops.CallRecord, wholeArgs int) string {
	t.Helper()
	line, err := repoops.MarshalCallRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	body := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("}"))
	return string(body) + `,"logCut":{"args":` + itoaTest(wholeArgs) + `,"note":"repox mcp --log cut this line"}}` + "\n"
}

// A record whose arguments the call log cut is not re-run with them (a
// repo_write would write the cut content): it is listed as cut, not
// replayed, and no change reaches the copy.
func TestLogCutCallIsNotReplayed(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.txt": "one\n"})
	write := repoops.CallRecord{V: repoops.CallRecordVersion, Session: "s1", Tool: "repo_write",
		Args: transcript.RawJSON(map[string]any{"path": "big.txt", "content": "xxxx [cut in this log: 2000000 more bytes]"}), Text: "wrote big.txt"}
	read := repoops.CallRecord{V: repoops.CallRecordVersion, Session: "s1", Tool: "repo_read_file",
		Args: transcript.RawJSON(map[string]any{"path": "a.txt"}), Text: "a.txt — lines 1-1 of 1\n1→one\n"}
	line, err := repoops.MarshalCallRecord(read)
	if err != nil {
		t.Fatal(err)
	}
	log := string(line) + cutLogLine(t, write, 2000100)
	calls, _ := readAllString(t, log)
	if len(calls) != 2 || len(calls[1].Repox) != 0 || calls[1].NoEquivalent != transcript.LogCutArgs {
		t.Fatalf("the cut call: %+v", calls[len(calls)-1])
	}
	file := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(file, []byte(log), 0o600)
	var out bytes.Buffer
	if err := Report(t.Context(), ReportOptions{Transcript: file, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "no repox equivalent: the log cut this call's arguments; not replayed") || strings.Contains(text, "repox repo_write") || !strings.Contains(text, "no scratch copy was made") {
		t.Errorf("the cut call was replayed:\n%s", text)
	}
}
