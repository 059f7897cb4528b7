package transcript

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// Cursor names a project's folder under ~/.cursor/projects for the
// workspace: its path without the leading separator, every character not
// a letter or digit turned into - ("/Users/me/proj" → "Users-me-proj",
// "e:\Projects\x" → "e-Projects-x"). The name is lossy (/p/a-b, /p/a/b,
// /p/a.b and /p/a_b share one), and the transcripts record no folder: the
// folder is the one existing folder the name fits, or the folder of an
// absolute path the calls name that fits it.

// CursorSlug is the name Cursor gives the projects folder of dir, as
// compared: runs of characters not letters or digits are one -, none at
// either end.
func CursorSlug(dir string) string {
	var sb strings.Builder
	dash := false
	for _, r := range dir {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			sb.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return sb.String()
}

// cursorPlace reads a transcript's path: the projects folder's name
// (the slug) and the chat's id (a subagent's transcript: its own id).
// Both are "" for a file not under an agent-transcripts folder.
func cursorPlace(p string) (slug, chat string) {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(p)), "/")
	for i := len(parts) - 2; i >= 1; i-- {
		if parts[i] == "agent-transcripts" {
			return CursorSlug(parts[i-1]), strings.TrimSuffix(parts[len(parts)-1], ".jsonl")
		}
	}
	return "", ""
}

// cursorMaxReads bounds the folders read to find the one a slug names.
const cursorMaxReads = 256

// cursorSlugFolder is the one existing folder whose slug is slug, ""
// when none is or more than one are. It reads the folders along the way
// from the root, following no link.
func cursorSlugFolder(slug string) string {
	if slug == "" {
		return ""
	}
	cursorFolders.Lock()
	dir, ok := cursorFolders.of[slug]
	cursorFolders.Unlock()
	if ok {
		return dir
	}
	dir = findSlugFolder(slug)
	cursorFolders.Lock()
	if cursorFolders.of == nil || len(cursorFolders.of) >= cursorMaxReads {
		cursorFolders.of = map[string]string{}
	}
	cursorFolders.of[slug] = dir
	cursorFolders.Unlock()
	return dir
}

// cursorFolders keeps what cursorSlugFolder found, by slug, for the
// process: listing the sessions reads every transcript of a projects
// folder, all of one slug.
var cursorFolders struct {
	sync.Mutex
	of map[string]string
}

// findSlugFolder is cursorSlugFolder without the memory.
func findSlugFolder(slug string) string {
	var found []string
	reads := 0
	var walk func(dir, rest string)
	walk = func(dir, rest string) {
		if len(found) > 1 || reads >= cursorMaxReads {
			return
		}
		reads++
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			if !e.IsDir() { // a link to a folder is not one (the entry's own type)
				continue
			}
			n := CursorSlug(e.Name())
			switch {
			case n == "":
			case n == rest:
				found = append(found, filepath.Join(dir, e.Name()))
			case strings.HasPrefix(rest, n+"-"):
				walk(filepath.Join(dir, e.Name()), rest[len(n)+1:])
			}
		}
	}
	walk("/", slug)
	if len(found) != 1 || reads >= cursorMaxReads {
		return ""
	}
	return filepath.ToSlash(found[0])
}

// cursorCwdFromArgs is the folder of an absolute path in a call's input
// (the path itself or one above it) whose slug is slug; "" when none is.
func cursorCwdFromArgs(args json.RawMessage, slug string) string {
	var m map[string]any
	if json.Unmarshal(args, &m) != nil {
		return ""
	}
	for _, k := range []string{"path", "file_path", "target_file", "target_directory", "working_directory"} {
		p, _ := m[k].(string)
		if !strings.HasPrefix(p, "/") {
			continue
		}
		for d := path.Clean(p); d != "/"; d = path.Dir(d) {
			if CursorSlug(d) == slug {
				return d
			}
		}
	}
	return ""
}
