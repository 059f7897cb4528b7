package discover

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
)

// Gemini CLI keeps a project's sessions in ~/.gemini/tmp/<project>/chats/
// (chatRecordingService.ts), where <project> was the SHA-256 of the
// project root's path (storage.ts, getFilePathHash) and, since 2026, is a
// short id that ~/.gemini/projects.json maps the root to ({"projects":
// {"/abs/root": "root-name"}}), with tmp/<id>/.project_root naming its
// owner. The records name no folder, so a session is the repository's
// when its folder is the one the person asked about.

func (e Env) geminiDir() string { return filepath.Join(e.Home, ".gemini") }

// geminiChatFolders are the folders that may hold the sessions of the
// project rooted at dir: tmp/<hash>/chats and tmp/<short id>/chats.
func geminiChatFolders(dir string, env Env) []string {
	h := sha256.Sum256([]byte(dir))
	ids := []string{hex.EncodeToString(h[:])}
	if id := geminiShortID(dir, env); id != "" {
		ids = append(ids, id)
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, filepath.Join(env.geminiDir(), "tmp", id, "chats"))
	}
	return out
}

// isGeminiSessionName: session-*.json and session-*.jsonl.
func isGeminiSessionName(name string) bool {
	return strings.HasPrefix(name, "session-") && (strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".jsonl"))
}

// geminiShortID is dir's short id in projects.json, when the registry
// names one that is a plain folder name and its ownership marker (if any)
// names dir.
func geminiShortID(dir string, env Env) string {
	var reg struct {
		Projects map[string]string `json:"projects"`
	}
	if readSmallJSON(filepath.Join(env.geminiDir(), "projects.json"), &reg) != nil {
		return ""
	}
	id := reg.Projects[dir]
	if id == "" || id == "." || id == ".." || strings.ContainsAny(id, `/\`) || strings.ContainsRune(id, 0) {
		return "" // the registry is the person's file, but never a way out of tmp/
	}
	if b, err := readSmall(filepath.Join(env.geminiDir(), "tmp", id, ".project_root")); err == nil && strings.TrimSpace(string(b)) != dir {
		return ""
	}
	return id
}

// readSmall reads a regular file of at most 1 MiB, opened without
// blocking and without following a link (a FIFO there would hang).
func readSmall(p string) ([]byte, error) {
	f, _, err := transcript.OpenRegular(p, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, 1<<20))
}

func readSmallJSON(p string, v any) error {
	b, err := readSmall(p)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
