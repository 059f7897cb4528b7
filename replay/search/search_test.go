package search

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// twoSessions writes a Claude Code session and a Codex rollout of h's
// repository, and one of another folder.
func twoSessions(t *testing.T, h *home) {
	claude := newCC(t, h.repo, "cc-session-1", time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)).
		prompt("Why does the Flaky test time out?").
		say("Let me read the test first.").
		call("r1", "Read", map[string]any{"file_path": h.repo + "/flaky_test.go"}, "     1\tfunc TestFlaky(t *testing.T) {\n     2\t\ttime.Sleep(TIMEOUT)\n").
		prompt("now fix it").
		call("b1", "Bash", map[string]any{"command": "go test -run Flaky ./..."}, "ok  \tproject\t0.2s")
	h.write(filepath.Join(h.claudeDir(), "cc-session-1.jsonl"), claude.String(), time.Hour)
	codex := (&cx{t: t}).line("session_meta", map[string]any{"id": "cx-rollout-2", "cwd": h.repo}).
		prompt("rename the timeout constant").
		say("Renaming it in every file.").
		call("c1", "shell", map[string]any{"command": []string{"bash", "-lc", "grep -rn timeout ."}}, `{"output":"a.go:3:const timeout = 5","metadata":{"exit_code":0}}`)
	h.write(filepath.Join(h.dir, ".codex", "sessions", "2026", "12", "01", "rollout-2.jsonl"), codex.sb.String(), 2*time.Hour)
	other := newCC(t, "/elsewhere", "cc-other", time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)).prompt("flaky elsewhere")
	h.write(filepath.Join(h.dir, ".claude", "projects", "-elsewhere", "cc-other.jsonl"), other.String(), time.Hour)
}

func find(t *testing.T, h *home, query, cache string) ([]Hit, string) {
	t.Helper()
	var errOut bytes.Buffer
	hits, err := Find(context.Background(), Options{Dir: h.repo, Query: query, Env: h.env(), CacheDir: cache}, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	return hits, errOut.String()
}

func TestGrepFindsPromptsTextArgsAndResults(t *testing.T) {
	h := newHome(t)
	twoSessions(t, h)
	for _, cache := range []string{"off", t.TempDir()} {
		hits, notes := find(t, h, "TIMEOUT", cache)
		if notes != "" {
			t.Errorf("notes: %s", notes)
		}
		var got []string
		for _, x := range hits {
			got = append(got, string(x.Agent)+" "+x.Where+" "+shortID(x)+" "+formatHit(x)[strings.Index(formatHit(x), "  ")+2:])
		}
		want := []string{
			"claude-code result cc-sessi #1 Read result: …laky(t *testing.T) {      2  time.Sleep(TIMEOUT) ",
			"codex prompt cx-rollo turn 1 prompt: rename the timeout constant",
			`codex args cx-rollo #1 shell args: …hell {"command":["bash","-lc","grep -rn timeout ."]}`,
		}
		// the Claude session started later: it comes first
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("cache %s: hits:\n%s\nwant:\n%s", cache, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestGrepWordsInAnyOrderAnyCase(t *testing.T) {
	h := newHome(t)
	twoSessions(t, h)
	for _, cache := range []string{"off", t.TempDir()} {
		hits, _ := find(t, h, "FIX now", cache)
		if len(hits) != 1 || hits[0].Where != "prompt" || hits[0].Turn != 2 || hits[0].Call != 1 {
			t.Errorf("cache %s: %+v", cache, hits)
		}
		// words over a call's arguments and its result
		hits, _ = find(t, h, "project go test flaky", cache)
		if len(hits) != 1 || hits[0].Where != "args+result" || hits[0].Call != 2 || hits[0].Tool != "Bash" {
			t.Errorf("cache %s: %+v", cache, hits)
		}
		// short words (under the index's 3 characters) too
		hits, _ = find(t, h, "ok 0.", cache)
		if len(hits) != 1 || hits[0].Call != 2 {
			t.Errorf("cache %s: short words: %+v", cache, hits)
		}
		if hits, _ := find(t, h, "elsewhere", cache); len(hits) != 0 {
			t.Errorf("another folder's session searched: %+v", hits)
		}
	}
}

func TestRunPrintsLinesJSONAndEscapesForATerminal(t *testing.T) {
	h := newHome(t)
	h.write(filepath.Join(h.claudeDir(), "s-esc.jsonl"), newCC(t, h.repo, "s-esc", time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)).
		call("r1", "Read", map[string]any{"file_path": "a"}, "needle \x1b]0;pwned\x07 \u202e here").String(), time.Hour)
	run := func(json, terminal bool) string {
		var out, errOut bytes.Buffer
		n, err := Run(context.Background(), Options{Dir: h.repo, Query: "needle", JSON: json, Terminal: terminal, Env: h.env(), CacheDir: "off"}, &out, &errOut)
		if err != nil || n != 1 {
			t.Fatalf("n %d, err %v, %s", n, err, errOut.String())
		}
		return out.String()
	}
	if got := run(false, true); !strings.Contains(got, "needle ␛]0;pwned␇ ⇄ here") || strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("terminal line: %q", got)
	}
	if got := run(false, false); !strings.Contains(got, "needle \x1b]0;pwned\x07 \u202e here") {
		t.Errorf("line to a file, not as recorded: %q", got)
	}
	got := run(true, true)
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("terminal JSON: %q", got)
	}
	var hit Hit
	if err := json.Unmarshal([]byte(got), &hit); err != nil || hit.Text != "needle \x1b]0;pwned\x07 \u202e here" || hit.Call != 1 || hit.Where != "result" || hit.Session != "s-esc" {
		t.Errorf("terminal JSON is not the same value: %v %+v", err, hit)
	}
}

func TestNoWordsIsRefused(t *testing.T) {
	_, err := Find(context.Background(), Options{Dir: t.TempDir(), Query: "  ", CacheDir: "off", Env: newHome(t).env()}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "repox sessions --grep 'words to find'") {
		t.Errorf("err: %v", err)
	}
	_, err = Find(context.Background(), Options{Dir: filepath.Join(t.TempDir(), "nope"), Query: "x", CacheDir: "off", Env: newHome(t).env()}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "give the repository's folder") {
		t.Errorf("err: %v", err)
	}
}

func TestSnippetCutsAroundTheMatch(t *testing.T) {
	text := strings.Repeat("a", 100) + "NEEDLE" + strings.Repeat("b", 100)
	got := snippet(text, strings.ToLower(text), []string{"needle"})
	if got != "…"+strings.Repeat("a", snippetBefore)+"NEEDLE"+strings.Repeat("b", snippetAfter-6)+"…" {
		t.Errorf("snippet: %q", got)
	}
	// lower-casing changes lengths: the cut still lands on the match
	text = "ȺȺȺ İstanbul needle"
	if got := snippet(text, strings.ToLower(text), []string{"needle"}); !strings.HasSuffix(got, "needle") || !strings.HasPrefix(got, "ȺȺȺ") {
		t.Errorf("snippet: %q", got)
	}
	_ = os.Getpid
}

// A tool name or session id from a transcript cannot break its line, on
// a terminal or not.
func TestFieldsFromTheTranscriptKeepToTheirLine(t *testing.T) {
	h := Hit{Agent: "claude-code", Session: "a\nb\x1bc", Call: 1, Where: "args", Tool: "Re\nad\u202e", Text: "x"}
	if got := formatHit(h); strings.ContainsAny(got, "\n\x1b\u202e") || !strings.Contains(got, "a␊b␛c") || !strings.Contains(got, "#1 Re␊ad⇄ args: x") {
		t.Errorf("line: %q", got)
	}
}
