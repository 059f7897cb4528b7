package transcript

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// The folder-name rules the locates build on (moved here with them from
// replay/discover, their assertions unchanged).

func TestClaudeProjectNames(t *testing.T) {
	if got := claudeProjectNames("/home/u/my_repo.v2"); len(got) != 2 || got[0] != "-home-u-my-repo-v2" || got[1] != "-home-u-my_repo-v2" {
		t.Errorf("names %v", got)
	}
	if got := claudeProjectNames("/work/repox"); len(got) != 1 || got[0] != "-work-repox" {
		t.Errorf("names %v", got)
	}
}

func TestPiFolderName(t *testing.T) {
	if got := piFolderName("/Users/badlogic/workspaces/pi-mono"); got != "--Users-badlogic-workspaces-pi-mono--" {
		t.Errorf("folder name %q", got)
	}
}

// projects.json is the person's file, but never a way out of tmp/.
func TestGeminiShortIDStaysInTmp(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "proj")
	env := Env{Home: home}
	put := func(json string) {
		os.MkdirAll(filepath.Join(home, ".gemini"), 0o755)
		if err := os.WriteFile(filepath.Join(home, ".gemini", "projects.json"), []byte(json), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(`{"projects":{"` + root + `":"proj"}}`)
	if id := geminiShortID(root, env); id != "proj" {
		t.Errorf("short id %q, want proj", id)
	}
	for _, bad := range []string{"../../x", "..", ".", `a\b`} {
		put(`{"projects":{"` + root + `":` + strconv.Quote(bad) + `}}`)
		if id := geminiShortID(root, env); id != "" {
			t.Errorf("a short id with a path in it was taken: %q", id)
		}
	}
}

// Every agent repox reads says where its sessions live, once: a format
// of two shapes registers its locate on one of them, and a format only
// refused registers none (its files are never sought).
func TestEveryReadAgentLocatesOnce(t *testing.T) {
	locates := map[Agent]int{}
	for _, f := range formats() {
		if f.locate != nil {
			locates[f.agent]++
		}
		if f.agent != "" {
			locates[f.agent] += 0 // an agent read with no locate is listed, with 0
		}
	}
	for agent, n := range locates {
		if n != 1 {
			t.Errorf("%s: %d formats with a locate, want 1", agent, n)
		}
	}
}
