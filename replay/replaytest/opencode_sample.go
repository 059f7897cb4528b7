package replaytest

// OpenCodeSample is a session of OpenCode in dir, by hand from its
// schema: a prompt, thinking, and one call of each kind — read (today's
// numbered output), edit, write, bash (cat), grep, glob, list, then task,
// webfetch and todowrite (no repox equivalent); a compaction (its part,
// then its summary); a read that failed and an edit still running.
// Calls 12; with a repox equivalent 9.
func OpenCodeSample(dir, id string) OpenCodeSession {
	tool := func(callID, name string, input map[string]any, status, output string) map[string]any {
		st := map[string]any{"status": status, "input": input, "time": map[string]any{"start": 1767323045000}}
		switch status {
		case "completed":
			st["output"], st["title"] = output, name
		case "error":
			st["error"] = output
		}
		return map[string]any{"type": "tool", "callID": callID, "tool": name, "state": st}
	}
	read := "<path>" + dir + "/main.go</path>\n<type>file</type>\n<content>\n1: package main\n2: \n3: func main() {}\n\n(End of file - total 3 lines)\n</content>"
	return OpenCodeSession{ID: id, Title: "Tidy main.go", Directory: dir, Created: 1767323045000, Messages: []OpenCodeMessage{
		{ID: "msg_" + id + "_01", Role: "user", Created: 1767323045000, Parts: []map[string]any{
			{"type": "text", "text": "Tidy main.go and add a note"},
			{"type": "text", "text": "Called the Read tool", "synthetic": true},
		}},
		{ID: "msg_" + id + "_02", Role: "assistant", Created: 1767323046000, Parts: []map[string]any{
			{"type": "step-start"},
			{"type": "reasoning", "text": "Read it first."},
			{"type": "text", "text": "Reading main.go."},
			tool("call_1", "read", map[string]any{"filePath": dir + "/main.go"}, "completed", read),
			tool("call_2", "edit", map[string]any{"filePath": dir + "/main.go", "oldString": "func main() {}", "newString": "func main() {\n}"}, "completed", "Edit applied successfully."),
			tool("call_3", "write", map[string]any{"filePath": dir + "/NOTE.md", "content": "a note\n"}, "completed", "Wrote file successfully."),
			tool("call_4", "bash", map[string]any{"command": "cat main.go", "description": "Show main.go"}, "completed", "package main\n\nfunc main() {\n}\n"),
			tool("call_5", "grep", map[string]any{"pattern": "main", "path": dir}, "completed", "Found 1 matches\n"+dir+"/main.go:\n  Line 1: package main"),
			tool("call_6", "glob", map[string]any{"pattern": "**/*.go"}, "completed", dir+"/main.go"),
			tool("call_7", "list", map[string]any{"path": dir}, "completed", dir+"/\n  main.go\n"),
			tool("call_8", "task", map[string]any{"description": "look around", "prompt": "List the files", "subagent_type": "general"}, "completed", "done"),
			tool("call_9", "webfetch", map[string]any{"url": "https://example.com", "format": "text"}, "completed", "Example"),
			tool("call_10", "todowrite", map[string]any{"todos": []any{}}, "completed", "[]"),
			{"type": "step-finish", "reason": "tool-calls"},
		}},
		{ID: "msg_" + id + "_03", Role: "user", Created: 1767323050000, Parts: []map[string]any{{"type": "compaction", "auto": true}}},
		{ID: "msg_" + id + "_04", Role: "assistant", Created: 1767323051000, Summary: true, Parts: []map[string]any{{"type": "text", "text": "We tidied main.go."}}},
		{ID: "msg_" + id + "_05", Role: "user", Created: 1767323052000, Parts: []map[string]any{{"type": "text", "text": "Now read gone.go"}}},
		{ID: "msg_" + id + "_06", Role: "assistant", Created: 1767323053000, Parts: []map[string]any{
			tool("call_11", "read", map[string]any{"filePath": dir + "/gone.go"}, "error", "File not found: "+dir+"/gone.go"),
			tool("call_12", "edit", map[string]any{"filePath": dir + "/main.go", "oldString": "package main", "newString": "package app"}, "running", ""),
		}},
	}}
}
