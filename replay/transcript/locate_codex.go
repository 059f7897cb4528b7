package transcript

import (
	"bufio"
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// Codex keeps every session in sessions/YYYY/MM/DD/rollout-*.jsonl under
// CODEX_HOME (default ~/.codex), whatever folder it ran in: each rollout
// is matched on the folder its first records name, read cheaply
// (codexCwd) before discovery reads the whole file.

func codexDir(e Env) string { return e.folder("CODEX_HOME", ".codex") }

func codexWhere(e Env, _ string) string { return filepath.Join(codexDir(e), "sessions") }

// locateCodex walks sessions/ (no link to a folder followed; a linked
// rollout is passed over).
func locateCodex(f Finder) {
	f.Walk("the Codex sessions folder", filepath.Join(codexDir(f.Env()), "sessions"), func(p string, e fs.DirEntry) {
		if !strings.HasPrefix(e.Name(), "rollout-") || !strings.HasSuffix(e.Name(), ".jsonl") || !f.File(p, e) {
			return
		}
		cwd, err := codexCwd(p)
		if err != nil {
			f.Pass("%s was not read", p, err)
		} else if Within(cwd, f.Dir()) {
			f.Add(Candidate{Agent: AgentCodex, Path: p})
		}
	})
}

// codexCwd reads the working folder from a rollout's first records; it
// reads at most codexHeadLines lines of at most codexHeadLine bytes.
func codexCwd(path string) (string, error) {
	file, _, err := OpenRegular(path, false)
	if err != nil {
		return "", err
	}
	defer file.Close()
	br := bufio.NewReaderSize(file, 64<<10)
	for range codexHeadLines {
		line, err := ReadBoundedLine(br, codexHeadLine)
		if len(line) == 0 || errors.Is(err, ErrLineTooLong) {
			return "", nil // at the end, or a line too long to be a session's head
		}
		var l struct {
			Type    string `json:"type"`
			Payload struct {
				Cwd string `json:"cwd"`
			} `json:"payload"`
		}
		if json.Unmarshal(line, &l) == nil && l.Payload.Cwd != "" && (l.Type == "session_meta" || l.Type == "turn_context") {
			return l.Payload.Cwd, nil
		}
		if cwd := legacyCwd(line); cwd != "" { // a 2025 rollout records it only there (codex_legacy.go)
			return cwd, nil
		}
		if err != nil {
			return "", nil
		}
	}
	return "", nil
}
