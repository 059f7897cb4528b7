package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// `repox sessions --grep` prints a line per hit and exits 0, exits 1 when
// nothing matched (as grep does), and keeps its index where
// REPOX_CACHE_DIR says.
func TestSessionsGrepExitStatusAndIndex(t *testing.T) {
	home, cache := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("REPOX_CACHE_DIR", cache)
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_STATE_HOME"} {
		t.Setenv(k, "")
	}
	dir := fixture(t)
	proj := filepath.Join(home, ".claude", "projects", regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(dir, "-"))
	os.MkdirAll(proj, 0o755)
	var lines []string
	for i, v := range []map[string]any{
		{"type": "user", "message": map[string]any{"role": "user", "content": "Find the Needle in top.txt"}},
		{"type": "assistant", "message": map[string]any{"id": "m1", "role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "r1", "name": "Read", "input": map[string]any{"file_path": dir + "/top.txt"}}}}},
		{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "r1", "content": "     1\tone needle"}}}},
	} {
		v["cwd"], v["sessionId"], v["timestamp"] = dir, "0123456789ab", "2026-12-01T09:00:0"+string(rune('0'+i))+".000Z"
		b, _ := json.Marshal(v)
		lines = append(lines, string(b))
	}
	os.WriteFile(filepath.Join(proj, "0123456789ab.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)

	code, out, errs := runCLI(t, "", "sessions", "--grep", "NEEDLE", dir)
	want := "claude-code 01234567 2026-12-01 09:00  turn 1 prompt: Find the Needle in top.txt\n" +
		"claude-code 01234567 2026-12-01 09:00  #1 Read result:      1 one needle\n"
	if code != exitOK || out != want || errs != "" {
		t.Errorf("exit %d\n%s\nwant\n%s\nstderr %q", code, out, want, errs)
	}
	if _, err := os.Stat(filepath.Join(cache, "sessions-search.db")); err != nil {
		t.Errorf("no index in REPOX_CACHE_DIR: %v", err)
	}
	code, out, _ = runCLI(t, "", "sessions", "--grep", "needle one", "--json", dir)
	var hit map[string]any
	if code != exitOK || json.Unmarshal([]byte(out), &hit) != nil || hit["where"] != "result" || hit["call"] != 1.0 {
		t.Errorf("--json: exit %d %q", code, out)
	}
	code, out, errs = runCLI(t, "", "sessions", "--grep", "haystack", dir)
	if code != exitRefused || out != "" || !strings.Contains(errs, `nothing matched "haystack"`) {
		t.Errorf("no match: exit %d %q %q", code, out, errs)
	}
	code, _, errs = runCLI(t, "", "sessions", "--grep", " ", dir)
	if code != exitUsage || !strings.Contains(errs, "--grep needs words") {
		t.Errorf("no words: exit %d %q", code, errs)
	}
}
