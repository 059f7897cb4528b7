package repoops

import (
	"context"
	"fmt"
)

// gateNote is what every write tool's description says about the gate.
var gateNote = "Read-before-edit gate: allowed only when this session's last repo_read_file of the file was full (offset 1, nothing cut, the window reaching the end: use limit>=its line count) and the file is unchanged on disk since (size, mtime, ctime, inode and SHA-256 compared). " +
	fmt.Sprintf("A file over %s lines (or with a line over %s characters, or over %s of text) can never be read in full, so it cannot be changed", Commas(readMaxLimit), Commas(readLineChars), SizeText(readMaxOutput)) +
	" — also when this session's own change took it past those caps (the result then says so). A refusal says which of never read / partly read / changed since the read applies and what to do; a successful change counts as a fresh full read."

func registerEdit() {
	register("repo_edit",
		fmt.Sprintf("Replace exact text in a file: old_string must occur exactly expected_count times (1-%d, default 1), or nothing changes and the refusal gives the count and every line number (occurs 3 times, at lines 4, 19 and 33 — include more surrounding lines so it occurs once). ", editMaxExpected)+
			"Matching is exact, including whitespace; in a CRLF file old_string and new_string may use \\n and new lines stay CRLF; the BOM, the line-ending style and the final-newline state are kept. "+
			fmt.Sprintf("Success: edited PATH: 1 replacement at line 19; the file now has N lines, then the changed region with %d lines of context as N%stext. ", editDiffContext, ReadLineSep)+
			gateNote+
			" Binary, non-UTF-8, symlinked and hard-linked files are refused; new_string and the result are capped at "+SizeText(editMaxBytes)+".",
		false, []string{"path", "old_string", "new_string"},
		map[string]any{
			"path":           map[string]any{"type": "string", "description": "File to change, relative to the repository root."},
			"old_string":     map[string]any{"type": "string", "description": "Exact text to replace, copied from repo_read_file output (without the N" + ReadLineSep + " prefixes)."},
			"new_string":     map[string]any{"type": "string", "description": "Replacement text (may be empty to delete)."},
			"expected_count": map[string]any{"type": "integer", "minimum": 1, "maximum": editMaxExpected, "default": 1, "description": fmt.Sprintf("How many times old_string must occur; all of them are replaced (1-%d, default 1).", editMaxExpected)},
		},
		func(ctx context.Context, s *Session, a EditArgs) (*ChangeResult, error) { return s.Change(ctx, a) })
}

// Change plans a change and, when the gate allows it, applies it: what the
// write tools do.
func (s *Session) Change(ctx context.Context, req ChangeArgs) (*ChangeResult, error) {
	p, err := s.Plan(ctx, req)
	if err != nil {
		return nil, err
	}
	if !p.Verdict.Allowed {
		return nil, refusef("%s", p.Verdict.Reason)
	}
	return s.Apply(ctx, p)
}
