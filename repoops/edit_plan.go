package repoops

import (
	"context"
	"fmt"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// Caps of the write tools.
const (
	editMaxExpected = 1000 // expected_count range 1..1000
	editDiffContext = 3    // lines of context in Plan.Diff and in the shown region
)

// EditArgs is repo_edit's arguments: one replacement (OldString,
// NewString, ExpectedCount) or a list of them (Edits), applied to one file
// atomically. DryRun answers with the verdict and the diff and changes
// nothing.
type EditArgs struct {
	Path          string     `json:"path"`
	OldString     string     `json:"old_string"`
	NewString     string     `json:"new_string"`
	ExpectedCount *int       `json:"expected_count,omitempty"`
	Edits         []EditItem `json:"edits,omitempty"`
	DryRun        *bool      `json:"dry_run,omitempty"`
}

// EditItem is one replacement of repo_edit's edits list.
type EditItem struct {
	OldString     string `json:"old_string"`
	NewString     string `json:"new_string"`
	ExpectedCount *int   `json:"expected_count,omitempty"`
}

// items is the request's replacements in order: the list, or the one.
func (a EditArgs) items() []EditItem {
	if len(a.Edits) > 0 {
		return a.Edits
	}
	return []EditItem{{OldString: a.OldString, NewString: a.NewString, ExpectedCount: a.ExpectedCount}}
}

// requiredUnless makes old_string and new_string required when edits is
// not given (the decoder's rule; the schema can require only path).
func (*EditArgs) requiredUnless() map[string]string {
	return map[string]string{"old_string": "edits", "new_string": "edits"}
}

// dryRun reports whether the request asks for a dry run.
func (a EditArgs) dryRun() bool { return a.DryRun != nil && *a.DryRun }

// InsertArgs is repo_insert's arguments.
type InsertArgs struct {
	Path      string `json:"path"`
	AfterLine *int   `json:"after_line"`
	Content   string `json:"content"`
}

// WriteArgs is repo_write's arguments.
type WriteArgs struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// ChangeArgs is an EditArgs, InsertArgs or WriteArgs.
type ChangeArgs interface{ ToolName() string }

func (EditArgs) ToolName() string   { return "repo_edit" }
func (InsertArgs) ToolName() string { return "repo_insert" }
func (WriteArgs) ToolName() string  { return "repo_write" }

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
	need gateNeed    // what the change needs seen, asked again under the lock
}

// Plan works out a change: it validates the request, inspects the file,
// asks the gate, and computes the new content and its diff. It writes
// nothing. A non-nil error is a refusal (bad arguments, a file that cannot
// be edited, an old_string that does not occur expected_count times, an
// after_line past the end); when the gate also refuses, its reason is the
// one returned. Otherwise the plan is returned even when the gate refuses
// (Verdict.Allowed false), so a preview can still show the diff. A create
// has Verdict.Allowed set and Verdict.Cause GateMissing.
func (s *Session) Plan(ctx context.Context, req ChangeArgs) (*Plan, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	req, path, err := changeRequest(req)
	if err != nil {
		return nil, err
	}
	tool := req.ToolName()
	rel, err := s.changePath(path)
	if err != nil {
		return nil, err
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
		if w, ok := req.(WriteArgs); ok {
			return s.planCreate(p, t, w)
		}
		return nil, refusef("%s does not exist — call repo_find to look for it, or repo_write to create it", p.Path)
	}
	// the gate's refusals that come before anything about the change
	// (never read, changed on disk since: gateFirst) are the whole file's
	p.Verdict = s.decide(rel, st, gateNeed{whole: true})
	p.Before = st.Content
	p.base = st.FP
	form, body := splitForm(st.Content)
	bom := len(st.Content) - len(body)
	res := &ChangeResult{Tool: tool, Path: p.Path, LinesBefore: CountLines(st.Content)}
	ch, err := p.change(req, body, form, res)
	if err != nil {
		return nil, err
	}
	p.After = joinForm(form, ch.Body)
	if len(p.After) > editMaxBytes {
		return nil, p.gateFirst(refusef("the result would be %s bytes, over the %s (%s bytes) a file repox writes may have — make a smaller change", Commas(len(p.After)), SizeText(editMaxBytes), Commas(editMaxBytes)))
	}
	p.Verdict = s.decide(rel, st, p.need)
	res.LinesAfter = CountLines(p.After)
	p.diff(ch, bom, res)
	p.Result = res
	return p, nil
}

// changeRequest is req by value (a pointer to one of the three requests is
// taken as the request) and the path it names.
func changeRequest(req ChangeArgs) (ChangeArgs, string, error) {
	switch r := req.(type) {
	case EditArgs:
		return req, r.Path, nil
	case *EditArgs:
		return *r, r.Path, nil
	case InsertArgs:
		return req, r.Path, nil
	case *InsertArgs:
		return *r, r.Path, nil
	case WriteArgs:
		return req, r.Path, nil
	case *WriteArgs:
		return *r, r.Path, nil
	}
	return req, "", fmt.Errorf("repoops: Plan: unknown request %T", req)
}

// changePath resolves the path a change names, refusing what no change
// may target: nothing, the root, a name of repox's own temp files.
func (s *Session) changePath(path string) (string, error) {
	if path == "" {
		return "", refusef("path is empty — give a file path relative to the root (repo_tree lists them)")
	}
	rel, err := s.repo.resolveFilePath(path)
	if err != nil {
		return "", err
	}
	if rel == "" {
		return "", refusef(". is the repository root, a folder — give a file path")
	}
	if rootfs.IsWriteTempPath(rel) {
		// listings never show such a name, so a file made under it would be invisible
		return "", refusef("%s has the form of repox's own temp files (%s<%d hex digits>%s), which repo_tree, repo_find and repo_grep never show — choose another name", DisplayPath(rel), rootfs.TempPrefix, rootfs.TempHexDigits, rootfs.TempSuffix)
	}
	return rel, nil
}

// change works out the new body of an existing file (body, without its
// BOM) for req, and sets what the gate must have seen for it (p.need).
func (p *Plan) change(req ChangeArgs, body []byte, form TextForm, res *ChangeResult) (contentChange, error) {
	var ch contentChange
	switch r := req.(type) {
	case EditArgs:
		var err error
		if ch, p.need, err = planEdits(p.Path, body, form, r, res); err != nil {
			return ch, p.gateFirst(err)
		}
	case InsertArgs:
		after := *r.AfterLine
		if after > res.LinesBefore {
			return ch, p.gateFirst(refusef("after_line %d is past the end: %s has %s (after_line=%d appends)", after, p.Path, countOf(res.LinesBefore, "line", "lines"), res.LinesBefore))
		}
		ch, res.Inserted = applyInsert(body, form, after, r.Content)
		res.AfterLine = after
		var extra []int
		if res.LinesBefore > 0 {
			extra = []int{max(after, 1)} // the line it inserts after (line 1 at the top)
		}
		p.need = gateNeed{steps: []lineStep{stepOf(body, ch.Body, ch.Spans, extra...)}}
	case WriteArgs:
		nb := overwriteBody(form, r.Content)
		ch = contentChange{Body: nb, Spans: []changeSpan{{OldStart: 0, OldEnd: len(body), NewStart: 0, NewEnd: len(nb)}}}
		p.need = gateNeed{whole: true}
	}
	return ch, nil
}

// diff sets p.Diff, and the result's counts or changed region: a write is
// diffed whole, a list of edits by the regions where its text differs, one
// edit from its own spans.
func (p *Plan) diff(ch contentChange, bom int, res *ChangeResult) {
	rel := p.rel
	switch {
	case p.Tool == "repo_write":
		p.Diff, res.Added, res.Removed = overwriteDiff(rel, p.Before, p.After)
	case len(p.need.steps) > 1:
		// a list of edits: the diff of the whole result, the regions where
		// its text differs from the file's
		p.Diff, _, _ = overwriteDiff(rel, p.Before, p.After)
		res.setRegion(p.After, shiftSpans(ch.Spans, bom))
	default:
		edits := make([]udiff.Edit, len(ch.Spans))
		for i, sp := range ch.Spans {
			edits[i] = udiff.Edit{Start: bom + sp.OldStart, End: bom + sp.OldEnd, New: string(ch.Body[sp.NewStart:sp.NewEnd])}
		}
		p.Diff, _ = udiff.ToUnified("a/"+rel, "b/"+rel, string(p.Before), edits, editDiffContext)
		res.setRegion(p.After, shiftSpans(ch.Spans, bom))
	}
}

// shiftSpans is spans' new ranges moved by the BOM's length.
func shiftSpans(spans []changeSpan, bom int) []changeSpan {
	out := make([]changeSpan, len(spans))
	for i, sp := range spans {
		out[i] = changeSpan{NewStart: bom + sp.NewStart, NewEnd: bom + sp.NewEnd}
	}
	return out
}

// gateFirst returns the gate's refusal when the gate refuses for a reason
// the model must fix before anything about the change means much (the
// file was never read, or changed since), else err.
func (p *Plan) gateFirst(err error) error {
	if c := p.Verdict.Cause; c == GateNeverRead || c == GateChanged {
		return refusef("%s", p.Verdict.Reason)
	}
	return err
}

func (s *Session) planCreate(p *Plan, t *rootfs.Target, w WriteArgs) (*Plan, error) {
	p.Create = true
	p.Verdict = GateVerdict{Path: p.Path, Allowed: true, Cause: GateMissing}
	if rec, ok := s.Seen(p.rel); ok {
		p.Verdict.Seen = &rec
	}
	p.NewDirs = t.MissingDirs()
	p.After = []byte(w.Content)
	p.Diff, _ = udiff.ToUnified("/dev/null", "b/"+p.rel, "", []udiff.Edit{{Start: 0, End: 0, New: w.Content}}, editDiffContext)
	p.Result = &ChangeResult{Tool: p.Tool, Path: p.Path, Created: true, LinesAfter: CountLines(p.After), Added: CountLines(p.After)}
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
