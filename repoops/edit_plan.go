package repoops

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// Caps of the write tools.
const (
	editMaxExpected = 1000 // expected_count range 1..1000
	editDiffContext = 3    // lines of context in Plan.Diff and in the shown region
)

// EditRequest is repo_edit's arguments.
type EditRequest struct {
	Path          string `json:"path"`
	OldString     string `json:"old_string"`
	NewString     string `json:"new_string"`
	ExpectedCount *int   `json:"expected_count,omitempty"`
}

// InsertRequest is repo_insert's arguments.
type InsertRequest struct {
	Path      string `json:"path"`
	AfterLine *int   `json:"after_line"`
	Content   string `json:"content"`
}

// WriteRequest is repo_write's arguments.
type WriteRequest struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// ChangeRequest is an EditRequest, InsertRequest or WriteRequest.
type ChangeRequest interface{ ToolName() string }

func (EditRequest) ToolName() string   { return "repo_edit" }
func (InsertRequest) ToolName() string { return "repo_insert" }
func (WriteRequest) ToolName() string  { return "repo_write" }

// Plan is a change worked out without touching the disk: the gate's
// verdict, the file's bytes before and after, and a unified diff. The TUI
// shows a Plan as the edit preview; Apply writes it.
type Plan struct {
	Tool    string      `json:"tool"`
	Path    string      `json:"path"` // display form
	Verdict GateVerdict `json:"verdict"`
	Create  bool        `json:"create"`             // the file does not exist yet
	NewDirs []string    `json:"new_dirs,omitempty"` // folders a create will make
	Before  []byte      `json:"-"`                  // whole file now (BOM included); nil for a create
	After   []byte      `json:"-"`                  // whole file after the change
	Diff    string      `json:"diff"`               // unified diff, 3 lines of context
	// Result is what Apply returns when it succeeds.
	Result *ChangeResult `json:"-"`

	rel  string
	base Fingerprint // the file Before came from
}

// Plan works out a change: it validates the request, inspects the file,
// asks the gate, and computes the new content and its diff. It writes
// nothing. A non-nil error is a refusal (bad arguments, a file that cannot
// be edited, an old_string that does not occur expected_count times, an
// after_line past the end); when the gate also refuses, its reason is the
// one returned. Otherwise the plan is returned even when the gate refuses
// (Verdict.Allowed false), so a preview can still show the diff. A create
// has Verdict.Allowed set and Verdict.Cause GateMissing.
func (s *Session) Plan(ctx context.Context, req ChangeRequest) (*Plan, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var path string
	switch r := req.(type) {
	case EditRequest:
		path = r.Path
	case *EditRequest:
		req, path = *r, r.Path
	case InsertRequest:
		path = r.Path
	case *InsertRequest:
		req, path = *r, r.Path
	case WriteRequest:
		path = r.Path
	case *WriteRequest:
		req, path = *r, r.Path
	default:
		return nil, fmt.Errorf("repoops: Plan: unknown request %T", req)
	}
	tool := req.ToolName()
	if path == "" {
		return nil, refusef("path is empty — give a file path relative to the root (repo_tree lists them)")
	}
	rel, err := s.repo.resolveFilePath(path)
	if err != nil {
		return nil, err
	}
	if rel == "" {
		return nil, refusef(". is the repository root, a folder — give a file path")
	}
	if rootfs.IsWriteTempPath(rel) {
		// listings never show such a name, so a file made under it would be invisible
		return nil, refusef("%s has the form of repox's own temp files (%s<%d hex digits>%s), which repo_tree, repo_find and repo_grep never show — choose another name", DisplayPath(rel), rootfs.TempPrefix, rootfs.TempHexDigits, rootfs.TempSuffix)
	}
	if err := validateChange(req); err != nil {
		return nil, err
	}
	t, err := s.repo.openEditTarget(rel, false)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	st, err := inspectTarget(t, DisplayPath(rel))
	if err != nil {
		return nil, err
	}
	p := &Plan{Tool: tool, Path: DisplayPath(rel), rel: rel}
	if !st.Exists {
		if w, ok := req.(WriteRequest); ok {
			return s.planCreate(p, t, w)
		}
		return nil, refusef("%s does not exist — call repo_find to look for it, or repo_write to create it", p.Path)
	}
	p.Verdict = s.decide(rel, st)
	p.Before = st.Content
	p.base = st.FP
	form, body := splitForm(st.Content)
	bom := len(st.Content) - len(body)
	res := &ChangeResult{Tool: tool, Path: p.Path, LinesBefore: CountLines(st.Content)}
	var ch contentChange
	switch r := req.(type) {
	case EditRequest:
		expected, _ := intArg("expected_count", r.ExpectedCount, 1, 1, editMaxExpected, "")
		var miss *editMiss
		var noop bool
		ch, miss, noop = applyEdit(body, form, r.OldString, r.NewString, expected)
		switch {
		case noop:
			return nil, p.gateFirst(refusef("this edit would leave %s as it is (its line endings and final-newline state are kept) — nothing was written", p.Path))
		case miss != nil:
			return nil, p.gateFirst(missRefusal(p.Path, miss, expected))
		}
		res.Replacements = len(ch.Spans)
	case InsertRequest:
		after := *r.AfterLine
		if after > res.LinesBefore {
			return nil, p.gateFirst(refusef("after_line %d is past the end: %s has %s (after_line=%d appends)", after, p.Path, countOf(res.LinesBefore, "line", "lines"), res.LinesBefore))
		}
		ch, res.Inserted = applyInsert(body, form, after, r.Content)
		res.AfterLine = after
	case WriteRequest:
		nb := overwriteBody(form, r.Content)
		ch = contentChange{Body: nb, Spans: []changeSpan{{OldStart: 0, OldEnd: len(body), NewStart: 0, NewEnd: len(nb)}}}
	}
	p.After = joinForm(form, ch.Body)
	if len(p.After) > editMaxBytes {
		return nil, p.gateFirst(refusef("the result would be %s bytes, over the %s (%s bytes) a file repox writes may have — make a smaller change", Commas(len(p.After)), SizeText(editMaxBytes), Commas(editMaxBytes)))
	}
	res.LinesAfter = CountLines(p.After)
	res.Locked = fullReadBlocker(p.After)
	if _, ok := req.(WriteRequest); ok {
		p.Diff, res.Added, res.Removed = overwriteDiff(rel, p.Before, p.After)
	} else {
		edits := make([]udiff.Edit, len(ch.Spans))
		starts := make([]int, len(ch.Spans))
		for i, sp := range ch.Spans {
			edits[i] = udiff.Edit{Start: bom + sp.OldStart, End: bom + sp.OldEnd, New: string(ch.Body[sp.NewStart:sp.NewEnd])}
			starts[i] = sp.NewStart
		}
		if tool == "repo_edit" {
			res.AtLines = linesOf(ch.Body, starts)
		}
		p.Diff, _ = udiff.ToUnified("a/"+rel, "b/"+rel, string(p.Before), edits, editDiffContext)
		shifted := make([]changeSpan, len(ch.Spans))
		for i, sp := range ch.Spans {
			shifted[i] = changeSpan{NewStart: bom + sp.NewStart, NewEnd: bom + sp.NewEnd}
		}
		res.setRegion(p.After, shifted)
	}
	p.Result = res
	return p, nil
}

// gateFirst returns the gate's refusal when the gate refuses for a reason
// the model must fix first (read the file), else err.
func (p *Plan) gateFirst(err error) error {
	if !p.Verdict.Allowed && p.Verdict.Reason != "" {
		return refusef("%s", p.Verdict.Reason)
	}
	return err
}

func (s *Session) planCreate(p *Plan, t *rootfs.Target, w WriteRequest) (*Plan, error) {
	p.Create = true
	p.Verdict = GateVerdict{Path: p.Path, Allowed: true, Cause: GateMissing}
	if rec, ok := s.LastRead(p.rel); ok {
		p.Verdict.LastRead = &rec
	}
	p.NewDirs = t.MissingDirs()
	p.After = []byte(w.Content)
	p.Diff, _ = udiff.ToUnified("/dev/null", "b/"+p.rel, "", []udiff.Edit{{Start: 0, End: 0, New: w.Content}}, editDiffContext)
	p.Result = &ChangeResult{Tool: p.Tool, Path: p.Path, Created: true, LinesAfter: CountLines(p.After), Added: CountLines(p.After), Locked: fullReadBlocker(p.After)}
	for _, d := range t.MissingDirs() {
		p.Result.CreatedDirs = append(p.Result.CreatedDirs, DisplayPath(d)+"/")
	}
	return p, nil
}

// overwriteDiff diffs a whole-file overwrite by lines and counts the lines
// added and removed.
func overwriteDiff(rel string, before, after []byte) (string, int, int) {
	edits := udiff.Lines(string(before), string(after))
	u, err := udiff.ToUnifiedDiff("a/"+rel, "b/"+rel, string(before), edits, editDiffContext)
	if err != nil {
		return "", 0, 0
	}
	added, removed := 0, 0
	for _, h := range u.Hunks {
		for _, l := range h.Lines {
			switch l.Kind {
			case udiff.Insert:
				added++
			case udiff.Delete:
				removed++
			}
		}
	}
	return u.String(), added, removed
}

// validateChange checks a request's arguments before any disk access.
func validateChange(req ChangeRequest) error {
	switch r := req.(type) {
	case EditRequest:
		if _, err := intArg("expected_count", r.ExpectedCount, 1, 1, editMaxExpected, "it is how many times old_string must occur"); err != nil {
			return err
		}
		if r.OldString == "" {
			return refusef("old_string is empty — give the exact text to replace (copy it from repo_read_file); to add lines use repo_insert, to create a file repo_write")
		}
		if r.OldString == r.NewString {
			return refusef("old_string and new_string are the same — nothing would change")
		}
		if err := textArg("old_string", r.OldString); err != nil {
			return err
		}
		return textArg("new_string", r.NewString)
	case InsertRequest:
		if r.AfterLine == nil {
			return refusef("after_line is required — 0 inserts at the top, N inserts after line N")
		}
		if _, err := intArg("after_line", r.AfterLine, 0, 0, 1<<40, "0 inserts at the top, N inserts after line N"); err != nil {
			return err
		}
		if r.Content == "" {
			return refusef("content is empty — nothing to insert")
		}
		return textArg("content", r.Content)
	case WriteRequest:
		return textArg("content", r.Content)
	}
	return nil
}

// textArg refuses text the write tools will not put in a file.
func textArg(name, v string) error {
	if len(v) > editMaxBytes {
		return refusef("%s is %s bytes; at most %s (%s) are accepted", name, Commas(len(v)), Commas(editMaxBytes), SizeText(editMaxBytes))
	}
	if strings.IndexByte(v, 0) >= 0 {
		return refusef("%s contains a NUL byte; repox writes text files only", name)
	}
	return nil
}

// missRefusal explains an old_string that does not occur expected times.
func missRefusal(shown string, m *editMiss, expected int) error {
	if m.Count == 0 {
		return refusef("old_string was not found in %s — it must match the file exactly, including whitespace and indentation; read the file again with repo_read_file and copy the text from it", shown)
	}
	times := "once"
	if m.Count > 1 {
		times = fmt.Sprintf("%d times", m.Count)
	}
	where := "at " + lineList(m.Lines)
	if expected == 1 {
		return refusef("%s: old_string occurs %s, %s — include more surrounding lines so it occurs once (or set expected_count=%d to replace all %d)", shown, times, where, m.Count, m.Count)
	}
	return refusef("%s: old_string occurs %s, %s, but expected_count is %d — include more surrounding lines so it occurs exactly %d times, or set expected_count=%d", shown, times, where, expected, expected, m.Count)
}

// lineListMax caps the line numbers a refusal lists; the rest are counted.
const lineListMax = 1000

// lineList writes "line 4", "lines 4 and 19", "lines 4, 19 and 33"; a line
// holding several occurrences says so: "lines 4 (2 times) and 19".
func lineList(lines []int) string {
	var parts []string
	more := 0
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lines[j] == lines[i] {
			j++
		}
		if len(parts) == lineListMax {
			more++
			i = j
			continue
		}
		part := strconv.Itoa(lines[i])
		if j-i > 1 {
			part += fmt.Sprintf(" (%d times)", j-i)
		}
		parts = append(parts, part)
		i = j
	}
	word := "lines "
	if len(parts) == 1 {
		word = "line "
	}
	if more > 0 {
		return word + strings.Join(parts, ", ") + fmt.Sprintf(" and %d more lines", more)
	}
	if len(parts) == 1 {
		return word + parts[0]
	}
	return word + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Apply writes a plan. Under an exclusive lock on the file it re-reads the
// file and re-asks the gate; if anything changed since the plan (or since
// the session's read) nothing is written and the refusal says to read
// again. The write itself is atomic (temp file, fsync, rename, fsync of the
// folder) and keeps the file's mode. On success the session's grant is
// refreshed to the new content.
func (s *Session) Apply(ctx context.Context, p *Plan) (*ChangeResult, error) {
	if p == nil || p.Result == nil {
		return nil, fmt.Errorf("repoops: Apply: no plan")
	}
	if !p.Verdict.Allowed {
		return nil, refusef("%s", p.Verdict.Reason)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t, err := s.repo.openEditTarget(p.rel, p.Create)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	if p.Create {
		if err := t.Create(p.After); err != nil {
			return nil, err
		}
		res := *p.Result
		res.CreatedDirs = nil
		for _, d := range t.MissingDirs() {
			res.CreatedDirs = append(res.CreatedDirs, DisplayPath(d)+"/")
		}
		s.regrant(t, p)
		return &res, nil
	}
	f, err := t.OpenFile()
	if err == rootfs.ErrNotFound {
		return nil, refusef("%s was deleted since %s — nothing was written; call repo_find or repo_write", p.Path, readWhen(p.Verdict.LastRead))
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := f.Lock(ctx); err != nil {
		return nil, err
	}
	defer f.Unlock()
	st, err := loadTarget(f, p.Path)
	if err == rootfs.ErrReplaced {
		return nil, staleRefusal(p.Path, p.Verdict.LastRead)
	}
	if err != nil {
		return nil, err
	}
	if v := s.decide(p.rel, st); !v.Allowed {
		return nil, refusef("%s", v.Reason)
	}
	if st.FP != p.base {
		return nil, staleRefusal(p.Path, p.Verdict.LastRead)
	}
	if err := t.Replace(p.After, st, f); err != nil {
		return nil, err
	}
	s.regrant(t, p)
	res := *p.Result
	return &res, nil
}

// regrant re-reads what was just written and, when the name holds exactly
// those bytes, refreshes the session's grant with its new fingerprint.
func (s *Session) regrant(t *rootfs.Target, p *Plan) {
	f, err := t.OpenFile()
	if err != nil {
		return
	}
	defer f.Close()
	st, err := loadTarget(f, p.Path)
	if err != nil || st.FP.SHA256 != sha256.Sum256(p.After) {
		return
	}
	s.grantAfterWrite(p.rel, st.FP, CountLines(p.After), p.Tool)
}

func readWhen(rec *ReadRecord) string {
	if rec == nil {
		return "the plan"
	}
	if rec.Via != "" {
		return rec.Via + "'s write at " + rec.At.Format("15:04:05")
	}
	return "the read at " + rec.At.Format("15:04:05")
}

func staleRefusal(shown string, rec *ReadRecord) error {
	return refusef("%s changed on disk since %s — nothing was written; read it again (in full) before changing it", shown, readWhen(rec))
}

// countOf is "1 line" / "1402 lines": counts of lines in the write tools'
// texts are plain numbers, like the read tool's header.
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
