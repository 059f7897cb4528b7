package review

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The tests' sessions are hand-made in two formats (Claude Code and
// Codex), as replay's own tests build them, on a repository under a home
// folder of their own, so that every path of the document is ~/… and the
// golden file does not depend on where the test runs.

// Secrets are built here from parts, so that this file does not itself
// look like it leaks one.
var (
	awsKey       = "AKIA" + "IOSFODNN7" + "REPOXQA"
	githubToken  = "gh" + "p_" + strings.Repeat("aB3dE6gH9j", 3) + "Kl2Mn5"
	gitlabToken  = "gl" + "pat-" + "xY7zQ2wE5rT8yU1iO4pL"
	slackToken   = "xo" + "xb-" + "1234567890-1234567890123-" + "aBcDeFgHiJkLmNoPqRsTuVwX"
	slackHook    = "https://hooks.slack" + ".com/services/" + "T0RPX0QA1/B0RPX0QA2/" + "q8Wm3Zr5Tx2Vb7Nc4Lk9Hj6G"
	openAIKey    = "sk-" + "proj-" + strings.Repeat("Qw3rTy7uIo9pAs2dFg4h", 3) + "J6kL"
	anthropicKey = "sk-" + "ant-api03-" + strings.Repeat("Zx8Cv2Bn5Mq7Wl4Ek1Rt", 4) + "Yu3Io6Pa9Sd2FgHjKlQw3AA"
	privateKey   = "-----BEGIN " + "OPENSSH PRIVATE KEY-----\n" + strings.Repeat("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n", 3) + "-----END OPENSSH PRIVATE KEY-----"
	bearerToken  = "eyJhbGciOiJIUzI1NiJ9" + ".eyJzdWIiOiJyZXBveCJ9.Qm9vbVRva2VuVmFsdWVYeXo"
)

// hostile is text a transcript may hold that must show as text: HTML that
// would run or close the document's elements, a javascript: link, a fence,
// terminal escapes (a title, a screen clear, a clipboard write).
const hostile = "<script>document.body.setAttribute('data-pwned','1')</script></details></summary>" +
	"<img src=x onerror=\"document.title='PWNED'\"> [click me](javascript:alert(1)) <a href=\"javascript:alert(2)\">link</a>\n" +
	"```\n# not a heading\n" + "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07 bell\a del\x7f"

// home is a home folder of the test's own with the repository under it.
type home struct {
	dir, root string
}

func newHome(t *testing.T, files map[string]string) home {
	t.Helper()
	repotest.NeedGit(t)
	h := home{dir: t.TempDir()}
	h.root = filepath.Join(h.dir, "src", "shop")
	repotest.GitRepoAt(t, h.root, files)
	return h
}

// write puts a transcript under the home folder.
func (h home) write(t *testing.T, rel, content string) string {
	t.Helper()
	path := filepath.Join(h.dir, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func jsonLine(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// claude builds Claude Code session lines.
type claude struct {
	t   testing.TB
	cwd string
	sb  strings.Builder
	n   int
}

func (c *claude) ts() string {
	c.n++
	return "2026-03-04T10:20:" + string(rune('0'+c.n/10)) + string(rune('0'+c.n%10)) + ".000Z"
}

func (c *claude) line(typ string, msg map[string]any, extra map[string]any) *claude {
	l := map[string]any{"type": typ, "cwd": c.cwd, "sessionId": "c1a2-review", "timestamp": c.ts(), "message": msg}
	for k, v := range extra {
		l[k] = v
	}
	c.sb.WriteString(jsonLine(c.t, l))
	return c
}

func (c *claude) prompt(text string) *claude {
	return c.line("user", map[string]any{"role": "user", "content": text}, nil)
}

func (c *claude) says(typ, field, text string) *claude {
	return c.line("assistant", map[string]any{"role": "assistant", "content": []any{map[string]any{"type": typ, field: text}}}, nil)
}

func (c *claude) use(id, name string, input any) *claude {
	return c.line("assistant", map[string]any{"id": "m-" + id, "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}, nil)
}

func (c *claude) result(id, content string, isErr bool, tur any) *claude {
	block := map[string]any{"type": "tool_result", "tool_use_id": id, "content": content}
	if isErr {
		block["is_error"] = true
	}
	var extra map[string]any
	if tur != nil {
		extra = map[string]any{"toolUseResult": tur}
	}
	return c.line("user", map[string]any{"role": "user", "content": []any{block}}, extra)
}

// shopFiles is the repository both formats' sessions work on.
var shopFiles = map[string]string{
	"config.py": "DB_HOST = \"db\"\nDB_PASSWORD = \"hunter2-Shop!\"\nGITHUB_TOKEN = \"" + githubToken + "\"\n",
	"cart.go":   "package shop\n\n// Total adds up the cart.\nfunc Total(xs []int) int {\n\treturn 0\n}\n",
}

// claudeSession: a prompt with hostile text and a secret, thinking, a read
// of config.py (its secrets in the text then and now), a Glob, an edit of
// lines the agent never read (a finding), and the agent's last words.
func claudeSession(t *testing.T, h home) string {
	return claudeSessionWith(t, h, "Make Total add up the cart. My key is "+awsKey+" and the deploy uses Authorization: Bearer "+bearerToken+".\n"+hostile)
}

// plainClaudeSession is the same session with a plain prompt (the docs'
// screenshot).
func plainClaudeSession(t *testing.T, h home) string {
	return claudeSessionWith(t, h, "Make Total add up the cart, and check the config while you are at it.")
}

func claudeSessionWith(t *testing.T, h home, prompt string) string {
	root := h.root
	c := &claude{t: t, cwd: root}
	c.prompt(prompt).
		says("thinking", "thinking", "The config holds "+openAIKey+"; I must not repeat it. Files live in "+root+".").
		says("text", "text", "I'll read the config first; the Slack hook is "+slackHook+" and the bot "+slackToken+".").
		use("r1", "Read", map[string]any{"file_path": root + "/config.py"}).
		result("r1", "     1→DB_HOST = \"db\"\n     2→DB_PASSWORD = \"hunter2-Shop!\"\n     3→GITHUB_TOKEN = \""+githubToken+"\"\n", false,
			map[string]any{"type": "text", "file": map[string]any{"filePath": root + "/config.py", "content": strings.TrimSuffix(shopFiles["config.py"], "\n"), "numLines": 3, "startLine": 1, "totalLines": 3}}).
		use("g1", "Glob", map[string]any{"pattern": "**/*.go"}).
		result("g1", root+"/cart.go", false, map[string]any{"filenames": []string{root + "/cart.go"}, "numFiles": 1, "truncated": false}).
		use("e1", "Edit", map[string]any{"file_path": root + "/cart.go", "old_string": "\treturn 0", "new_string": "\tsum := 0\n\tfor _, x := range xs {\n\t\tsum += x\n\t}\n\treturn sum"}).
		result("e1", "The file "+root+"/cart.go has been updated.", false, nil).
		use("b1", "Bash", map[string]any{"command": "curl -H 'Authorization: token " + gitlabToken + "' https://example.invalid/api?password=Sup3rSecret&x=1"}).
		result("b1", "ok\n"+privateKey+"\nanthropic: "+anthropicKey, false, nil).
		says("text", "text", "Total now sums the cart. A line of ``` and ```` fences: ````` done.")
	return c.sb.String()
}

// codex builds Codex rollout lines.
type codex struct {
	t  testing.TB
	sb strings.Builder
	n  int
}

func (b *codex) line(typ string, payload any) *codex {
	b.n++
	ts := "2026-03-05T08:00:" + string(rune('0'+b.n/10)) + string(rune('0'+b.n%10)) + ".000Z"
	b.sb.WriteString(jsonLine(b.t, map[string]any{"timestamp": ts, "type": typ, "payload": payload}))
	return b
}

func (b *codex) call(id, name string, args any) *codex {
	a, _ := json.Marshal(args)
	return b.line("response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
}

func (b *codex) out(id, output string) *codex {
	return b.line("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
}

// codexSession: a prompt, a reasoning summary, a read of cart.go, a read
// of config.py that showed other lines than the file has (a then/now
// diff), a patch that changes cart.go, and the agent's message.
func codexSession(t *testing.T, h home) string {
	b := &codex{t: t}
	b.line("session_meta", map[string]any{"id": "0199-review-codex", "cwd": h.root}).
		line("event_msg", map[string]any{"type": "user_message", "message": "Make Total add up the cart (token=" + strings.Repeat("9fQ2xL7vB4", 2) + "kP)."}).
		line("response_item", map[string]any{"type": "reasoning", "summary": []any{map[string]any{"type": "summary_text", "text": "Read cart.go, then patch Total."}}}).
		call("c1", "read_file", map[string]any{"file_path": h.root + "/cart.go"}).
		out("c1", "L1: package shop\nL2: \nL3: // Total adds up the cart.\nL4: func Total(xs []int) int {\nL5: \treturn 0\nL6: }").
		call("c2", "read_file", map[string]any{"file_path": h.root + "/config.py"}).
		out("c2", "L1: DB_HOST = \"localhost\"\nL2: DB_PASSWORD = \"hunter2-Shop!\"").
		line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
			"input": "*** Begin Patch\n*** Update File: cart.go\n@@\n func Total(xs []int) int {\n-\treturn 0\n+\treturn len(xs)\n*** End Patch"}).
		line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM cart.go"}).
		line("response_item", map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": "Total now returns len(xs)."}}})
	return b.sb.String()
}
