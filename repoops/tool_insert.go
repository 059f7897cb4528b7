package repoops

import (
	"context"
	"fmt"
)

func registerInsert() {
	register(ToolInsert,
		"Insert content as whole lines after line after_line of a file: 0 inserts at the top, the file's line count appends. "+
			"An after_line past the end is refused, not clamped (after_line 1401 is past the end: PATH has 1400 lines (after_line=1400 appends)). "+
			"Lines are counted as repo_read_file counts them (\"a\\nb\\n\" and \"a\\nb\" have 2 lines). The inserted lines take the file's line endings; the BOM and the final-newline state are kept. "+
			fmt.Sprintf("Success: inserted N lines after line L of PATH; the file now has M lines, then the changed region with %d lines of context as N%stext. ", editDiffContext, ReadLineSep)+
			gateNote+
			" Binary, non-UTF-8, symlinked and hard-linked files are refused; content and the result are capped at "+SizeText(editMaxBytes)+".",
		false, []string{"path", "after_line", "content"},
		map[string]any{
			"path":       map[string]any{"type": "string", "description": "File to change, relative to the repository root."},
			"after_line": map[string]any{"type": "integer", "minimum": 0, "description": "Insert after this line; 0 inserts at the top."},
			"content":    map[string]any{"type": "string", "description": "Lines to insert; a missing final line break is added."},
		},
		func(ctx context.Context, s *Session, a InsertArgs) (*ChangeResult, error) { return s.Change(ctx, a) })
}
