package repoops

import (
	"context"
	"fmt"
)

// gateNote is what every write tool's description says about the gate.
var gateNote = "Read-before-edit gate: a change may alter only lines this session has seen in their current state: lines a repo_read_file window showed whole " +
	fmt.Sprintf("(a line cut at %s characters is not seen; a window stopped by the %s output cap shows only what it printed), ", Commas(readLineChars), SizeText(readMaxOutput)) +
	"across any number of windows of the same version of the file (size, mtime, ctime, inode and SHA-256 compared; what a window showed of an older version never counts). " +
	"repo_edit: every occurrence it replaces lies on seen lines; repo_insert: the line it inserts after is seen (line 1 for after_line 0); repo_write over an existing file: every line is seen. " +
	"This session's own successful change keeps what was seen (lines shift, the lines it wrote are seen), so a file is never read again just because it was edited; anyone else's change voids it. " +
	"A refusal names the unseen lines and the read that shows them (line 3,050 has not been read in this session — read it with offset=3001 limit=100 first)."

func registerEdit() {
	item := map[string]any{
		"old_string":     map[string]any{"type": "string", "description": "Exact text to replace, copied from repo_read_file output (without the N" + ReadLineSep + " prefixes)."},
		"new_string":     map[string]any{"type": "string", "description": "Replacement text (may be empty to delete)."},
		"expected_count": map[string]any{"type": "integer", "minimum": 1, "maximum": editMaxExpected, "default": 1, "description": fmt.Sprintf("How many times old_string must occur; all of them are replaced (1-%d, default 1).", editMaxExpected)},
	}
	props := map[string]any{
		"path": map[string]any{"type": "string", "description": "File to change, relative to the repository root."},
		"edits": map[string]any{"type": "array", "minItems": 1, "maxItems": editMaxItems,
			"description": fmt.Sprintf("Instead of old_string/new_string/expected_count: 1-%d replacements applied to the file in order, atomically (all or nothing); each is matched against the text the ones before it left.", editMaxItems),
			"items":       schemaObject([]string{"old_string", "new_string"}, item)},
		"dry_run": map[string]any{"type": "boolean", "default": false, "description": "true: answer with the verdict and the exact diff, write nothing."},
	}
	for k, v := range item {
		props[k] = v
	}
	register(ToolEdit,
		fmt.Sprintf("Replace exact text in a file: old_string must occur exactly expected_count times (1-%d, default 1), or nothing changes and the refusal gives the count and every line number (occurs 3 times, at lines 4, 19 and 33 — include more surrounding lines so it occurs once). ", editMaxExpected)+
			fmt.Sprintf("Or give edits, a list of 1-%d {old_string, new_string, expected_count} applied in order to one file, all or nothing: each is matched against the text the ones before it left, and a refusal names which edit (edits[2]) and why. old_string/new_string/expected_count and edits are exclusive. ", editMaxItems)+
			"Matching is exact, including whitespace; in a CRLF file old_string and new_string may use \\n and new lines stay CRLF; the BOM, the line-ending style and the final-newline state are kept. "+
			fmt.Sprintf("Success: edited PATH: 1 replacement at line 19; the file now has N lines, then the changed region with %d lines of context as N%stext. ", editDiffContext, ReadLineSep)+
			fmt.Sprintf("dry_run true answers with the verdict (would apply, or would be refused and why) and the exact unified diff (cut at %s), writes nothing and records nothing. ", SizeText(dryRunDiffMax))+
			gateNote+
			" Binary, non-UTF-8, symlinked and hard-linked files are refused; new_string and the result are capped at "+SizeText(editMaxBytes)+".",
		false, []string{"path"}, props,
		func(ctx context.Context, s *Session, a EditArgs) (*ChangeResult, error) { return s.Change(ctx, a) })
}

// Change plans a change and, when the gate allows it, applies it: what the
// write tools do.
func (s *Session) Change(ctx context.Context, req ChangeArgs) (*ChangeResult, error) {
	p, err := s.Plan(ctx, req)
	if err != nil {
		return nil, err
	}
	if e, ok := req.(EditArgs); ok && e.dryRun() {
		res := *p.Result
		res.DryRun, res.Diff = true, p.Diff
		if !p.Verdict.Allowed {
			res.Refused = p.Verdict.Reason
		}
		return &res, nil
	}
	if !p.Verdict.Allowed {
		return nil, refusef("%s", p.Verdict.Reason)
	}
	return s.Apply(ctx, p)
}
