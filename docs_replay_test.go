package main

// docs/replay.md's worked example is a real run: the test builds its
// three-file repository and its Claude Code transcript, replays it the way
// the example says, and compares the output with the example line by line.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/report"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The example's paths: the shop repository and the home its transcript
// sits under. The test's temporary folders are written as these.
const (
	exampleShop = "/tmp/shop"
	exampleHome = "/tmp/shophome"
)

func TestReplayDocExampleIsARealRun(t *testing.T) {
	repotest.NeedGit(t)
	doc, err := os.ReadFile("docs/replay.md") // before the test leaves the project's folder
	if err != nil {
		t.Fatal(err)
	}
	shop, home, transcript := exampleFolders(t, repotest.GitRepoAt)

	t.Chdir(shop) // the example runs in the repository: the root is the transcript's folder
	var out bytes.Buffer
	if err := report.Report(t.Context(), report.ReportOptions{Transcript: transcript}, &out); err != nil {
		t.Fatal(err)
	}
	got := strings.NewReplacer(home, exampleHome, shop, exampleShop).Replace(out.String())

	sameAsExample(t, string(doc), "$ repox replay --report "+exampleHome+"/.claude/projects/-tmp-shop/7f3c2a10-demo.jsonl", got)
}

// exampleFolders makes the example's shop repository (with make: a git
// repository, or plain files) and its Claude Code transcript under a
// home folder, in the test's real temporary folder.
func exampleFolders(t *testing.T, make func(testing.TB, string, map[string]string)) (shop, home, transcript string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	shop, home = filepath.Join(base, "shop"), filepath.Join(base, "shophome")
	make(t, shop, map[string]string{"go.mod": "module shop\n\ngo 1.26\n", "src/cart.go": exampleCart, "src/item.go": exampleItem})
	transcript = filepath.Join(home, ".claude", "projects", "-tmp-shop", "7f3c2a10-demo.jsonl")
	repotest.WriteFiles(t, filepath.Dir(transcript), map[string]string{filepath.Base(transcript): exampleTranscript(t, shop)})
	return shop, home, transcript
}

// sameAsExample compares what a run printed with the doc's example block
// that starts with command, line by line.
func sameAsExample(t *testing.T, doc, command, got string) {
	t.Helper()
	want := exampleBlock(t, doc, command)
	gotLines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	if len(gotLines) != len(want) {
		t.Errorf("the example has %d lines, the run printed %d", len(want), len(gotLines))
	}
	for i := range min(len(want), len(gotLines)) {
		if !sameExampleLine(want[i], gotLines[i]) {
			t.Errorf("docs/replay.md example line %d:\n doc: %s\n run: %s", i+1, want[i], gotLines[i])
		}
	}
	if t.Failed() {
		t.Logf("the run printed:\n%s", got)
	}
}

// sameExampleLine compares a line of the example with the run's. A line
// the report cut (ending in …) is cut at a width that counts the real
// path, longer in the test's folder: its first 60 characters are compared.
func sameExampleLine(doc, run string) bool {
	if strings.HasSuffix(doc, "…") {
		d, r := []rune(doc), []rune(run)
		return len(d) > 60 && len(r) > 60 && string(d[:60]) == string(r[:60])
	}
	return doc == run
}

// exampleBlock is the fenced block that starts with the command line,
// without it.
func exampleBlock(t *testing.T, doc, command string) []string {
	t.Helper()
	var lines []string
	in := false
	for _, l := range strings.Split(doc, "\n") {
		switch {
		case !in && strings.HasPrefix(l, command):
			in = true
		case in && l == "```":
			return lines
		case in:
			lines = append(lines, l)
		}
	}
	t.Fatalf("docs/replay.md has no fenced block starting %q", command)
	return nil
}

const exampleCart = `package src

// Cart holds the items a customer picked.
type Cart struct {
	items []Item
}

// Add puts an item in the cart.
func (c *Cart) Add(it Item) {
	c.items = append(c.items, it)
}

// Len is the number of items.
func (c *Cart) Len() int {
	return len(c.items)
}

// Total is the sum of the prices.
// TODO: it returns 0 for now.
func (c *Cart) Total() int {
	return 0
}

// Empty says whether the cart has no items.
func (c *Cart) Empty() bool {
	return len(c.items) == 0
}

// Clear removes every item.
func (c *Cart) Clear() { c.items = nil }
`

const exampleItem = "package src\n\ntype Item struct{ Price int }\n"

// exampleTranscript is the session in Claude Code's format: a prompt,
// thinking and text, a partial Read, a Glob, an Edit of a line the Read
// did not show, an Edit of an unread file (refused by Claude Code too),
// a Bash call and the closing text.
func exampleTranscript(t *testing.T, shop string) string {
	t.Helper()
	var sb strings.Builder
	line := func(typ, clock string, content any, extra map[string]any) {
		role := typ
		m := map[string]any{"type": typ, "cwd": shop, "sessionId": "7f3c2a10-demo", "gitBranch": "main",
			"timestamp": "2026-11-30T" + clock + ".000Z", "message": map[string]any{"role": role, "content": content}}
		for k, v := range extra {
			m[k] = v
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(append(b, '\n'))
	}
	use := func(clock, id, name string, input map[string]any) {
		line("assistant", clock, []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}, nil)
	}
	result := func(clock, id, text string, isErr bool, tur any) {
		block := map[string]any{"type": "tool_result", "tool_use_id": id, "content": text}
		if isErr {
			block["is_error"] = true
		}
		extra := map[string]any{}
		if tur != nil {
			extra["toolUseResult"] = tur
		}
		line("user", clock, []any{block}, extra)
	}
	says := func(clock, text string) {
		line("assistant", clock, []any{map[string]any{"type": "text", "text": text}}, nil)
	}
	cart := filepath.Join(shop, "src", "cart.go")
	item := filepath.Join(shop, "src", "item.go")
	var shown strings.Builder // the Read's text: "     1→package src", as Claude Code numbers lines
	for i, l := range strings.SplitAfter(exampleCart, "\n")[:10] {
		fmt.Fprintf(&shown, "%6d→%s", i+1, l)
	}

	line("user", "09:11:58", "Make Cart.Total add up the prices, and give Item a quantity.", nil)
	line("assistant", "09:11:59", []any{map[string]any{"type": "thinking", "thinking": "The cart's Total returns a constant. I need to find where Total is defined, read enough of cart.go to change it, then add a Qty field to Item. Start with cart.go."}}, nil)
	says("09:12:00", "I'll look at the cart first.")
	use("09:12:01", "r1", "Read", map[string]any{"file_path": cart, "limit": 10})
	result("09:12:02", "r1", shown.String(), false, nil)
	use("09:12:03", "g1", "Glob", map[string]any{"pattern": "**/*.go"})
	result("09:12:04", "g1", cart+"\n"+item, false, nil)
	says("09:12:04", "Total is at line 20; I'll rewrite it to sum the prices.")
	oldTotal := "func (c *Cart) Total() int {\n\treturn 0\n}"
	newTotal := "func (c *Cart) Total() int {\n\tsum := 0\n\tfor _, it := range c.items {\n\t\tsum += it.Price\n\t}\n\treturn sum\n}"
	use("09:12:05", "e1", "Edit", map[string]any{"file_path": cart, "old_string": oldTotal, "new_string": newTotal})
	result("09:12:06", "e1", "The file "+cart+" has been updated.", false,
		map[string]any{"filePath": cart, "oldString": oldTotal, "newString": newTotal, "originalFile": exampleCart})
	use("09:12:07", "e2", "Edit", map[string]any{"file_path": item, "old_string": "Price int", "new_string": "Price, Qty int"})
	result("09:12:08", "e2", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>", true, nil)
	use("09:12:09", "b1", "Bash", map[string]any{"command": "go test ./..."})
	result("09:12:12", "b1", "ok  \tshop/src\t0.01s", false, nil)
	says("09:12:13", "Total now sums the prices and the tests pass; item.go was not changed (the edit was refused: read it first).")
	return sb.String()
}
