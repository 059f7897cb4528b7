package transcript

import (
	"strings"
)

// mapPatch maps a Codex apply_patch body ("*** Begin Patch" … "*** End
// Patch"): an added file is a repo_write, each hunk of an updated file a
// repo_edit of its old lines (context and removed) into its new lines
// (context and added). Deletions and moves have no repox tool: they are
// named in Approx, or NoEquivalent when nothing else is in the patch.
func mapPatch(c *Call, body, wd, cwd string) {
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	var notes []string
	var file string
	var adding bool
	var content []string
	var oldL, newL []string
	changed := false // the hunk has a + or - line
	ok := true
	flushHunk := func() {
		// a hunk of context lines only (Codex writes these after an @@
		// header to position the next hunk) changes nothing: it only
		// scopes where the next one is searched, never an edit of its own
		if file != "" && !adding && changed && (len(oldL) > 0 || len(newL) > 0) {
			if len(oldL) == 0 {
				notes = append(notes, "a hunk of "+file+" adds lines with no context to place them; it is not replayed")
			} else {
				c.Repox = append(c.Repox, editCall(file, strings.Join(oldL, "\n"), strings.Join(newL, "\n"), false))
			}
		}
		oldL, newL, changed = nil, nil, false
	}
	flushFile := func() {
		flushHunk()
		if file != "" && adding {
			text := strings.Join(content, "\n")
			if len(content) > 0 {
				text += "\n"
			}
			c.Repox = append(c.Repox, ToolCall{Tool: "repo_write", Args: RawJSON(map[string]any{"path": file, "content": text})})
		}
		file, adding, content = "", false, nil
	}
	target := func(p string) string {
		rel, good := relJoin(strings.TrimSpace(p), wd, cwd)
		if !good {
			ok = false
			notes = append(notes, outsideReason(strings.TrimSpace(p), cwd))
			return ""
		}
		return rel
	}
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "*** Begin Patch"), strings.HasPrefix(l, "*** End of File"):
		case strings.HasPrefix(l, "*** End Patch"):
			flushFile()
		case strings.HasPrefix(l, "*** Add File: "):
			flushFile()
			file, adding = target(l[len("*** Add File: "):]), true
		case strings.HasPrefix(l, "*** Update File: "):
			flushFile()
			file = target(l[len("*** Update File: "):])
		case strings.HasPrefix(l, "*** Delete File: "):
			flushFile()
			notes = append(notes, "deleting "+strings.TrimSpace(l[len("*** Delete File: "):])+" is not a repox tool; not replayed")
		case strings.HasPrefix(l, "*** Move to: "):
			notes = append(notes, "moving "+file+" is not a repox tool; the edit is replayed in place")
		case strings.HasPrefix(l, "@@"):
			flushHunk()
		case file == "":
		case adding:
			if strings.HasPrefix(l, "+") {
				content = append(content, l[1:])
			}
		case strings.HasPrefix(l, "+"):
			newL = append(newL, l[1:])
			changed = true
		case strings.HasPrefix(l, "-"):
			oldL = append(oldL, l[1:])
			changed = true
		case strings.HasPrefix(l, " "):
			oldL = append(oldL, l[1:])
			newL = append(newL, l[1:])
		case l == "":
			// a blank context line whose leading space was trimmed
			oldL = append(oldL, "")
			newL = append(newL, "")
		}
	}
	flushFile()
	if !ok && len(c.Repox) == 0 {
		c.NoEquivalent = strings.Join(notes, "; ")
		return
	}
	if len(c.Repox) == 0 {
		if len(notes) > 0 {
			c.NoEquivalent = strings.Join(notes, "; ")
		} else {
			c.NoEquivalent = "the patch changes no file repox can replay"
		}
		return
	}
	if len(notes) > 0 {
		c.Approx = strings.Join(notes, "; ")
	}
}
