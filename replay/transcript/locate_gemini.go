package transcript

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
)

// Gemini CLI keeps a project's sessions in ~/.gemini/tmp/<project>/chats/
// (chatRecordingService.ts), where <project> was the SHA-256 of the
// project root's path (storage.ts, getFilePathHash) and, since 2026, is a
// short id that ~/.gemini/projects.json maps the root to ({"projects":
// {"/abs/root": "root-name"}}), with tmp/<id>/.project_root naming its
// owner. The records name no folder, so a session is the repository's
// when its folder is the one the person asked about: no recorded folder
// is checked. As elsewhere no link is followed: tmp/<id> or chats that is
// a link, and a session file that is one or a special file, is passed
// over with a sentence.

func geminiDir(e Env) string { return filepath.Join(e.Home, ".gemini") }

func geminiWhere(e Env, _ string) string {
	return filepath.Join(geminiDir(e), "tmp", "<project>", "chats")
}

// locateGemini: tmp/<the folder's hash or short id>/chats.
func locateGemini(f Finder) {
	for _, chats := range geminiChatFolders(f.Dir(), f.Env()) {
		if f.Done() || !f.Folder(filepath.Dir(chats)) || !f.Folder(chats) {
			continue
		}
		for _, e := range f.List("Gemini CLI's chats folder", chats) {
			if f.Done() {
				return
			}
			p := filepath.Join(chats, e.Name())
			if isGeminiSessionName(e.Name()) && f.File(p, e) {
				f.Add(Candidate{Agent: AgentGemini, Path: p, Anywhere: true})
			}
		}
	}
}

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
		out = append(out, filepath.Join(geminiDir(env), "tmp", id, "chats"))
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
	if readSmallJSON(filepath.Join(geminiDir(env), "projects.json"), &reg) != nil {
		return ""
	}
	id := reg.Projects[dir]
	if id == "" || id == "." || id == ".." || strings.ContainsAny(id, `/\`) || strings.ContainsRune(id, 0) {
		return "" // the registry is the person's file, but never a way out of tmp/
	}
	if b, err := readSmall(filepath.Join(geminiDir(env), "tmp", id, ".project_root")); err == nil && strings.TrimSpace(string(b)) != dir {
		return ""
	}
	return id
}

// readSmall reads a regular file of at most 1 MiB, opened without
// blocking and without following a link (a FIFO there would hang).
func readSmall(p string) ([]byte, error) {
	f, _, err := OpenRegular(p, false)
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
