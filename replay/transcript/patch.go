package transcript

import (
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// mapPatch maps a Codex apply_patch body ("*** Begin Patch" … "*** End
// Patch"): an added file is a repo_write, each hunk of an updated file a
// repo_edit of its old lines (context and removed) into its new lines
// (context and added). Deletions and moves have no repox tool: they are
// named in Approx, or NoEquivalent when nothing else is in the patch.
func mapPatch(c *Call, body, wd, cwd string) {
	p := patchMap{c: c, wd: wd, cwd: cwd, ok: true}
	for _, l := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		p.line(l)
	}
	p.flushFile()
	notes := p.notes
	if !p.ok && len(c.Repox) == 0 {
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

// patchMap is mapPatch's state as it reads the patch line by line: split
// from mapPatch so the reading (line, flushHunk, flushFile) and the
// verdict on the whole patch each read alone.
type patchMap struct {
	c          *Call
	wd, cwd    string
	notes      []string
	file       string // the file being added or updated ("": none, or outside)
	adding     bool
	content    []string // an added file's lines
	oldL, newL []string // the hunk's old and new lines
	changed    bool     // the hunk has a + or - line
	ok         bool     // every path lies in the session's folder
}

// line reads one line of the patch.
func (p *patchMap) line(l string) {
	switch {
	case strings.HasPrefix(l, "*** Begin Patch"), strings.HasPrefix(l, "*** End of File"):
	case strings.HasPrefix(l, "*** End Patch"):
		p.flushFile()
	case strings.HasPrefix(l, "*** Add File: "):
		p.flushFile()
		p.file, p.adding = p.target(l[len("*** Add File: "):]), true
	case strings.HasPrefix(l, "*** Update File: "):
		p.flushFile()
		p.file = p.target(l[len("*** Update File: "):])
	case strings.HasPrefix(l, "*** Delete File: "):
		p.flushFile()
		p.notes = append(p.notes, "deleting "+strings.TrimSpace(l[len("*** Delete File: "):])+" is not a repox tool; not replayed")
	case strings.HasPrefix(l, "*** Move to: "):
		p.notes = append(p.notes, "moving "+p.file+" is not a repox tool; the edit is replayed in place")
	case strings.HasPrefix(l, "@@"):
		p.flushHunk()
	case p.file == "":
	case p.adding:
		if strings.HasPrefix(l, "+") {
			p.content = append(p.content, l[1:])
		}
	case strings.HasPrefix(l, "+"):
		p.newL = append(p.newL, l[1:])
		p.changed = true
	case strings.HasPrefix(l, "-"):
		p.oldL = append(p.oldL, l[1:])
		p.changed = true
	case strings.HasPrefix(l, " "):
		p.oldL = append(p.oldL, l[1:])
		p.newL = append(p.newL, l[1:])
	case l == "":
		// a blank context line whose leading space was trimmed
		p.oldL = append(p.oldL, "")
		p.newL = append(p.newL, "")
	}
}

// flushHunk ends a hunk of an updated file: a repo_edit.
func (p *patchMap) flushHunk() {
	// a hunk of context lines only (Codex writes these after an @@
	// header to position the next hunk) changes nothing: it only
	// scopes where the next one is searched, never an edit of its own
	if p.file != "" && !p.adding && p.changed && (len(p.oldL) > 0 || len(p.newL) > 0) {
		if len(p.oldL) == 0 {
			p.notes = append(p.notes, "a hunk of "+p.file+" adds lines with no context to place them; it is not replayed")
		} else {
			tc := editCall(p.file, strings.Join(p.oldL, "\n"), strings.Join(p.newL, "\n"), false)
			tc.Tolerant = true // found as Codex finds it (patch_seek.go)
			p.c.Repox = append(p.c.Repox, tc)
		}
	}
	p.oldL, p.newL, p.changed = nil, nil, false
}

// flushFile ends a file's section: its last hunk, or an added file's
// repo_write.
func (p *patchMap) flushFile() {
	p.flushHunk()
	if p.file != "" && p.adding {
		text := strings.Join(p.content, "\n")
		if len(p.content) > 0 {
			text += "\n"
		}
		p.c.Repox = append(p.c.Repox, ToolCall{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": p.file, "content": text})})
	}
	p.file, p.adding, p.content = "", false, nil
}

// target is a file header's path, relative to the session's folder; ""
// (and a note) when it lies outside.
func (p *patchMap) target(path string) string {
	rel, good := relJoin(strings.TrimSpace(path), p.wd, p.cwd)
	if !good {
		p.ok = false
		p.notes = append(p.notes, outsideReason(strings.TrimSpace(path), p.cwd))
		return ""
	}
	return rel
}
