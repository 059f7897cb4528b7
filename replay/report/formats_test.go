package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnknownFormatIsRefused(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"keys.jsonl":  `{"zeta":1,"alpha":2,"mid":3}` + "\n" + `{"zeta":4}` + "\n",
		"text.txt":    "hello\nworld\n",
		"array.jsonl": "[1,2]\n",
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		var out bytes.Buffer
		err := Report(context.Background(), ReportOptions{Transcript: p, Root: dir}, &out)
		msg := fmt.Sprint(err)
		if err == nil || !strings.Contains(msg, "is not a transcript repox reads") || !strings.Contains(msg, "Gemini CLI") || out.Len() != 0 {
			t.Errorf("%s: %q, output %q", name, msg, out.String())
		}
		if name == "keys.jsonl" && !strings.Contains(msg, `keys "alpha", "mid", "zeta"`) {
			t.Errorf("the keys found are not named: %q", msg)
		}
	}
}
