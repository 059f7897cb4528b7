package transcript

import (
	"encoding/json"
	"strings"
	"testing"
)

// Claude Code's structured Read result holds the window's lines joined by
// "\n" (numLines of them): a window that ends on an empty line ends its
// content with "\n", and that empty line was shown to the agent. Only at
// the end of the file is a final empty part the file's last newline, not
// a line.
func TestClaudeReadWindowKeepsItsLastEmptyLine(t *testing.T) {
	cases := []struct {
		name              string
		content           string
		start, num, total int
		want              []string
	}{
		{"window ends on an empty line", "a\nb\n", 1, 3, 6, []string{"a", "b", ""}},
		{"window of lines 3-4, the first empty", "\nd", 3, 2, 6, []string{"", "d"}},
		{"whole file with a final newline", "a\nb\n\nd\ne\n", 1, 6, 6, []string{"a", "b", "", "d", "e"}},
		{"whole file without a final newline", "a\nb", 1, 2, 2, []string{"a", "b"}},
		{"window to the end of the file", "d\ne\n", 4, 3, 6, []string{"d", "e"}},
		{"CRLF lines", "a\r\nb\r\n", 1, 3, 9, []string{"a", "b", ""}},
		{"no numLines recorded (older versions)", "a\nb\n", 1, 0, 0, []string{"a", "b"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := &ccReadResult{}
			r.File = &struct {
				FilePath   string `json:"filePath"`
				Content    string `json:"content"`
				NumLines   int    `json:"numLines"`
				StartLine  int    `json:"startLine"`
				TotalLines int    `json:"totalLines"`
			}{"/r/f.txt", tc.content, tc.num, tc.start, tc.total}
			args, _ := json.Marshal(map[string]any{"file_path": "/r/f.txt"})
			saw := claudeSaw(&Call{AgentTool: "Read", AgentArgs: args}, r, "/r", "/r")
			var got []string
			for i, l := range saw.Lines {
				if l.N != tc.start+i {
					t.Errorf("line %d numbered %d, want %d", i, l.N, tc.start+i)
				}
				got = append(got, l.Text)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
				t.Errorf("saw %q, want %q", got, tc.want)
			}
		})
	}
}
