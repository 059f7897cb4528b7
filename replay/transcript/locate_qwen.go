package transcript

import "path/filepath"

// Qwen Code keeps a folder's sessions in ~/.qwen/projects/<name of the
// folder>/chats/*.jsonl, the name being Claude Code's (locate_claude.go),
// lossy as it is: the folders of folders inside are read too and the
// recorded cwd decides. A project or chats folder that is a link, and a
// session file that is one or a special file, is passed over with a
// sentence.

func qwenWhere(e Env, dir string) string {
	return filepath.Join(e.Home, ".qwen", "projects", claudeProjectName(dir), "chats")
}

func locateQwen(f Finder) {
	projects := filepath.Join(f.Env().Home, ".qwen", "projects")
	for _, e := range projectEntries(f, "Qwen Code", projects) {
		chats := filepath.Join(projects, e.Name(), "chats")
		if f.Done() || !f.Folder(filepath.Dir(chats)) || !f.Folder(chats) {
			continue
		}
		addJSONL(f, AgentQwen, "Qwen Code's chats folder", chats)
	}
}
