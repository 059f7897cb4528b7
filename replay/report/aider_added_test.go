package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aiderAddedHistory is a hand-made Aider run: a file added to the chat,
// then a SEARCH/REPLACE of it that aider applied.
const aiderAddedHistory = `
# aider chat started at 2024-08-05 19:33:32

> aider app.py  
> Aider v0.47.2-dev  
> Added app.py to the chat.  

#### Say hello  

app.py
` + "```python" + `
<<<<<<< SEARCH
print("hi")
=======
print("hello")
>>>>>>> REPLACE
` + "```" + `

> Applied edit to app.py  
`

// A file added to an Aider chat is sent to the model whole, though the
// history keeps no copy of it: the edit that follows is of lines the
// model was shown (no edit-unread), and "Added app.py to the chat" is
// not diffed against repox's read as if it were the file's text.
func TestAiderAddedFileCountsAsRead(t *testing.T) {
	root := gitRepo(t, map[string]string{"app.py": "import sys\n\nprint(\"hi\")\n"})
	p := filepath.Join(t.TempDir(), ".aider.chat.history.md")
	if err := os.WriteFile(p, []byte(aiderAddedHistory), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"now   ok: app.py — lines 1-3 of 3", "now   ok: edited app.py", "2 calls: 2 with a repox equivalent, 0 without; 0 findings"} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"edit-unread", "diff  "} {
		if strings.Contains(got, not) {
			t.Errorf("the report says %q:\n%s", not, got)
		}
	}
}
