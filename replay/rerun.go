package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops"
)

// FlagKind names a finding about one call.
type FlagKind string

const (
	// FlagCutWithoutCount: the agent's result was cut and did not say how
	// much was left out (Claude Code's Glob stops at 100 silently).
	FlagCutWithoutCount FlagKind = "cut-without-count"
	// FlagEditUnread: an edit replaced lines the agent never read in that session.
	FlagEditUnread FlagKind = "edit-unread"
	// FlagChangedSinceRead: the file is not what the agent read.
	FlagChangedSinceRead FlagKind = "changed-since-read"
	// FlagDirToFileReader: a folder was passed to a file reader.
	FlagDirToFileReader FlagKind = "folder-to-file-reader"
	// FlagDiffers: the agent's result and repox's differ for the same request.
	FlagDiffers FlagKind = "differs"
	// FlagNotReplayed: the copy could not be kept like the agent's
	// (an edit the agent made that repox could not apply); later calls
	// may differ because of it.
	FlagNotReplayed FlagKind = "not-replayed"
)

// Flag is one finding, worded as such.
type Flag struct {
	Kind  FlagKind    `json:"kind"`
	Path  string      `json:"path,omitempty"`
	Lines []LineRange `json:"lines,omitempty"`
	Text  string      `json:"text"`
}

// Outcome is what repox says now for one mapped call.
type Outcome struct {
	repoops.CallRecord
	// DryRun: the agent's change failed, so repox only planned it (the
	// copy stays as the agent left it); Text is the refusal, or empty
	// when repox would have applied it.
	DryRun bool `json:"dryRun,omitempty"`
	// Applied: the change was applied to the scratch copy.
	Applied bool `json:"applied,omitempty"`
	// Forced: repox refused the change but the agent's succeeded, so it
	// was applied to the copy in a separate session to keep the copy like
	// the agent's.
	Forced bool `json:"forced,omitempty"`
	// AlreadyApplied: the agent's change is on disk already (a live
	// session followed on the tree it edits), so it was not re-run; says
	// how that was told.
	AlreadyApplied string `json:"alreadyApplied,omitempty"`
}

// Step is one call then and now.
type Step struct {
	Call  Call      `json:"call"`
	Now   []Outcome `json:"now,omitempty"`
	Flags []Flag    `json:"flags,omitempty"`
	// Path and Lines: the file the call touched and the lines it read or
	// the region its edit produced (line numbers after the step), for a
	// viewer to jump to; empty for listings and calls with no file.
	Path  string      `json:"path,omitempty"`
	Lines []LineRange `json:"lines,omitempty"`
}

// Replayer re-runs calls, in order, in one fresh session. Reading calls run
// on the repository itself (they only read); the first change (an edit,
// insert or write) first copies the repository's file set to a scratch
// folder, and from then on every call runs on the copy, so the person's
// working tree is never changed. Close removes the copy.
//
// For the sessions pane: feed it the calls of Follow's updates in order
// (from a tea.Cmd: Step does I/O; one goroutine at a time), start a new
// Replayer on an Update with Reset, read Horizon for the tree's and the
// gutter's marks and AgentGate for the agent's gate of the open file.
type Replayer struct {
	Root     string            // the repository replayed against
	Scratch  string            // the copy; "" until the first change
	Copy     repoops.CopyStats // what was copied
	CopiedAt int               // the call whose change made the copy (0: none yet)

	real    *repoops.Repo    // the person's repository: only reading calls run on it
	repo    *repoops.Repo    // where calls run: real, then the copy
	gitSess *repoops.Session // repo_git, always on real (the copy has no .git)
	sess    *repoops.Session // the agent's session, mirrored
	fixer   *repoops.Session // applies the agent's changes repox refuses (on the copy)
	sroot   *os.Root         // the scratch copy, for looking only (nil before the copy: the repository is reached only through repoops)
	reads   []json.RawMessage
	horizon *Horizon
	copyErr error // the copy could not be made: no change is replayed
}

// NewReplayer opens root for a replay.
func NewReplayer(ctx context.Context, root string) (*Replayer, error) {
	src, err := repoops.Open(root)
	if err != nil {
		return nil, err
	}
	return &Replayer{Root: src.Dir(), real: src, repo: src, gitSess: src.NewSession(), sess: src.NewSession(),
		horizon: NewHorizon()}, nil
}

// ensureCopy makes the scratch copy before the first change, and moves the
// session there: the reads made so far are made again in the copy, so the
// agent's gate stands as it did.
func (r *Replayer) ensureCopy(ctx context.Context, seq int) error {
	if r.copyErr != nil || r.CopiedAt > 0 {
		return r.copyErr
	}
	r.copyErr = r.makeCopy(ctx, seq)
	return r.copyErr
}

func (r *Replayer) makeCopy(ctx context.Context, seq int) error {
	scratch, err := os.MkdirTemp("", "repox-replay-")
	if err != nil {
		return err
	}
	r.Scratch = scratch
	if r.Copy, err = r.real.CopyFileSet(ctx, scratch); err != nil {
		return fmt.Errorf("copying %s to a scratch folder: %w", r.Root, err)
	}
	cp, err := repoops.Open(scratch)
	if err != nil {
		return err
	}
	sroot, err := os.OpenRoot(scratch)
	if err != nil {
		cp.Close()
		return err
	}
	r.repo, r.sroot, r.CopiedAt = cp, sroot, seq
	r.sess, r.fixer = cp.NewSession(), cp.NewSession()
	for _, args := range r.reads {
		r.sess.Call(ctx, "repo_read_file", args)
	}
	r.reads = nil
	return nil
}

// Close removes the scratch copy.
func (r *Replayer) Close() error {
	if r.repo != nil && r.repo != r.real {
		r.repo.Close()
	}
	if r.real != nil {
		r.real.Close()
	}
	if r.sroot != nil {
		r.sroot.Close()
	}
	r.repo, r.real, r.sroot = nil, nil, nil
	if r.Scratch == "" {
		return nil
	}
	err := os.RemoveAll(r.Scratch)
	r.Scratch = ""
	return err
}

// Horizon is what the agent saw so far, file by file.
func (r *Replayer) Horizon() *Horizon { return r.horizon }

// AgentGate is the read-before-edit gate for path as the agent's session
// stands after the calls replayed so far (not the explorer's own gate).
func (r *Replayer) AgentGate(path string) repoops.GateVerdict { return r.sess.GateCheck(path) }

// readOnly: the registry says the tool only reads. Anything else, a tool
// added later included, runs only on the copy.
func readOnly(tool string) bool {
	t, ok := repoops.Lookup(tool)
	return ok && t.ReadOnly
}

func isChange(tool string) bool {
	return tool == "repo_edit" || tool == "repo_write" || tool == "repo_insert"
}

// Step re-runs one call's mapped repox calls and works out its findings.
func (r *Replayer) Step(ctx context.Context, c Call) Step {
	st := Step{Call: c}
	for _, tc := range c.Repox {
		args := tc.Args
		if tc.Tool == "repo_edit" && tc.All {
			args = r.countAll(args)
		}
		var out Outcome
		switch {
		case isChange(tc.Tool) && c.IsError:
			// the agent's change failed: only planned (Plan never writes),
			// so the copy, if any, stays as the agent left it
			out = r.dryRun(ctx, tc.Tool, args)
		case !readOnly(tc.Tool):
			if err := r.ensureCopy(ctx, c.Seq); err != nil {
				text := "the change was not replayed: " + err.Error()
				out = Outcome{CallRecord: repoops.CallRecord{V: repoops.CallRecordVersion, Session: r.sess.ID(), Tool: tc.Tool, Args: args, IsError: true, Text: text}}
				st.Flags = append(st.Flags, Flag{Kind: FlagNotReplayed, Path: argPath(args), Text: text})
				break
			}
			if isChange(tc.Tool) {
				out = r.change(ctx, c, tc, args, &st)
			} else {
				rec, _ := r.sess.CallRecorded(ctx, tc.Tool, args)
				out = Outcome{CallRecord: rec}
			}
		case tc.Tool == "repo_git":
			// the copy has no .git; repo_git's commands only read, with
			// git hardened by repoops, so they run on the repository itself
			// (without the replay's own edits)
			rec, _ := r.gitSess.CallRecorded(ctx, tc.Tool, args)
			out = Outcome{CallRecord: rec}
		default:
			rec, _ := r.sess.CallRecorded(ctx, tc.Tool, args)
			out = Outcome{CallRecord: rec}
			if tc.Tool == "repo_read_file" && r.Scratch == "" {
				r.reads = append(r.reads, args)
			}
		}
		st.Now = append(st.Now, out)
	}
	r.findings(c, &st)
	if c.Saw != nil && !c.IsError {
		if c.Saw.Path != "" && !strings.HasPrefix(c.Saw.Path, "/") && len(c.Saw.Lines) > 0 {
			r.horizon.Read(c.Saw.Path, c.Saw.Lines, c.Seq)
			if st.Path == "" {
				st.Path = c.Saw.Path
				for _, l := range c.Saw.Lines {
					st.Lines = addRange(st.Lines, LineRange{l.N, l.N})
				}
			}
		}
		var inside []string
		for _, p := range c.Saw.Paths {
			if !strings.HasPrefix(p, "/") {
				inside = append(inside, p)
			}
		}
		r.horizon.Listed(inside)
	}
	return st
}

// countAll sets expected_count to the occurrences of old_string now.
func (r *Replayer) countAll(args json.RawMessage) json.RawMessage {
	var a editArgs
	if json.Unmarshal(args, &a) != nil || a.OldString == "" {
		return args
	}
	if r.sroot == nil {
		return args // a dry run before the copy: the count stays as given
	}
	b, err := r.sroot.ReadFile(filepath.FromSlash(a.Path))
	if err != nil {
		return args
	}
	a.Count = max(strings.Count(string(b), a.OldString), 1)
	return rawJSON(a)
}

// change runs a write tool. When the agent's change failed it is only
// planned, so the copy stays as the agent left it; when the agent's
// succeeded and repox refuses, it is applied in a separate session so
// later calls see what the agent's saw.
func (r *Replayer) change(ctx context.Context, c Call, tc ToolCall, args json.RawMessage, st *Step) Outcome {
	tool := tc.Tool
	path := argPath(args)
	before, beforeErr := r.sroot.ReadFile(filepath.FromSlash(path))
	if why := alreadyApplied(c, tool, args, before, beforeErr == nil); why != "" {
		return r.appliedOutcome(c, tc, args, path, why, before, st)
	}
	if s := c.Saw; s != nil && s.BeforeSHA != "" && s.Path == path && len(st.Now) == 0 && beforeErr == nil {
		lf := strings.ReplaceAll(string(before), "\r\n", "\n")
		if sha(lf) != s.BeforeSHA {
			now := repoops.CountLines([]byte(lf))
			st.Flags = append(st.Flags, Flag{Kind: FlagChangedSinceRead, Path: path,
				Text: fmt.Sprintf("%s is not the file the agent edited: its content then (%d lines) differs from the file now (%d lines)", path, s.BeforeLines, now)})
		}
	}
	rec, _ := r.sess.CallRecorded(ctx, tool, args)
	out := Outcome{CallRecord: rec, Applied: !rec.IsError}
	if rec.IsError {
		if r.force(ctx, tool, args, path) {
			out.Forced, out.Applied = true, true
		} else {
			st.Flags = append(st.Flags, Flag{Kind: FlagNotReplayed, Path: path,
				Text: "the agent's " + c.AgentTool + " of " + path + " could not be applied to the copy; later calls on it may differ for that reason"})
		}
	}
	if out.Applied {
		r.noteChange(c, tool, args, path, before, beforeErr == nil, st)
	}
	return out
}

// dryRun plans a change without applying it.
func (r *Replayer) dryRun(ctx context.Context, tool string, args json.RawMessage) Outcome {
	rec := repoops.CallRecord{V: repoops.CallRecordVersion, Session: r.sess.ID(), Tool: tool, Args: args}
	req, err := changeRequest(tool, args)
	if err == nil {
		var p *repoops.Plan
		if p, err = r.sess.Plan(ctx, req); err == nil && !p.Verdict.Allowed {
			err = fmt.Errorf("%s", p.Verdict.Reason)
		}
	}
	if err != nil {
		rec.IsError, rec.Text = true, err.Error()
	}
	return Outcome{CallRecord: rec, DryRun: true}
}

func changeRequest(tool string, args json.RawMessage) (repoops.ChangeRequest, error) {
	switch tool {
	case "repo_edit":
		var a repoops.EditRequest
		return a, json.Unmarshal(args, &a)
	case "repo_write":
		var a repoops.WriteRequest
		return a, json.Unmarshal(args, &a)
	default:
		var a repoops.InsertRequest
		return a, json.Unmarshal(args, &a)
	}
}

// force applies a change repox refused, through the fixer session: a full
// read first, so only the gate is stepped over, never the edit's own
// checks (an old_string that is not there stays refused).
func (r *Replayer) force(ctx context.Context, tool string, args json.RawMessage, path string) bool {
	r.fixer.Call(ctx, "repo_read_file", rawJSON(map[string]any{"path": path, "limit": 2000}))
	return !r.fixer.Call(ctx, tool, args).IsError
}

func argPath(args json.RawMessage) string {
	var a struct {
		Path string `json:"path"`
	}
	json.Unmarshal(args, &a)
	return a.Path
}

// noteChange updates the horizon with an applied change and flags edits
// of lines the agent had not been shown.
func (r *Replayer) noteChange(c Call, tool string, args json.RawMessage, path string, before []byte, existed bool, st *Step) {
	switch tool {
	case "repo_write":
		after, _ := r.sroot.ReadFile(filepath.FromSlash(path))
		if existed {
			old := LineRange{1, repoops.CountLines(before)}
			if old.To > 0 {
				if un := r.horizon.Unread(path, old); len(un) > 0 {
					st.Flags = append(st.Flags, unreadFlag(c, path, un, old))
				}
			}
		}
		n := repoops.CountLines(after)
		r.horizon.Wrote(path, n)
		st.Path, st.Lines = path, nil
		if n > 0 {
			st.Lines = []LineRange{{1, n}}
		}
	case "repo_edit":
		var a editArgs
		if json.Unmarshal(args, &a) != nil || a.OldString == "" {
			return
		}
		text := string(before)
		var spans []int
		for i := 0; ; {
			j := strings.Index(text[i:], a.OldString)
			if j < 0 {
				break
			}
			spans = append(spans, i+j)
			i += j + len(a.OldString)
		}
		oldN := spanLines(a.OldString)
		newN := spanLines(a.NewString)
		var all []LineRange
		// last first, so the line numbers of earlier ones stay valid
		for k := len(spans) - 1; k >= 0; k-- {
			from := 1 + strings.Count(text[:spans[k]], "\n")
			old := LineRange{from, from + oldN - 1}
			un := r.horizon.Unread(path, old)
			all = append(un, all...)
			r.horizon.Edit(path, old, newN, len(un) > 0)
		}
		// this step's regions, in the new numbering
		st.Path, st.Lines = path, nil
		for k, at := range spans {
			from := 1 + strings.Count(text[:at], "\n") + k*(newN-oldN)
			if newN > 0 {
				st.Lines = addRange(st.Lines, LineRange{from, from + newN - 1})
			}
		}
		if len(all) > 0 {
			st.Flags = append(st.Flags, unreadFlag(c, path, all, LineRange{}))
		}
	}
}

// spanLines is how many lines a replaced or replacing string spans.
func spanLines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

func unreadFlag(c Call, path string, un []LineRange, whole LineRange) Flag {
	var text string
	if whole.To > 0 && len(un) == 1 && un[0] == whole {
		text = "the agent's " + c.AgentTool + " replaced " + path + " without reading any of its " + strconv.Itoa(whole.To) + " lines in this session"
	} else {
		text = "the agent's " + c.AgentTool + " changed " + lineWord(un) + " " + Ranges(un) + " of " + path + ", which it never read in this session"
	}
	return Flag{Kind: FlagEditUnread, Path: path, Lines: un, Text: text}
}

func lineWord(rs []LineRange) string {
	if len(rs) == 1 && rs[0].From == rs[0].To {
		return "line"
	}
	return "lines"
}

// findings compares the agent's result with repox's.
func (r *Replayer) findings(c Call, st *Step) {
	if len(st.Now) == 0 || c.NoResult {
		return
	}
	now := st.Now[0]
	tool := now.Tool
	path := argPath(now.Args)
	if tool == "repo_read_file" {
		// repoops's refusal for a folder, or the agent's own tool's
		if strings.Contains(now.Text, " is a folder, not a file") || strings.Contains(c.Text, "EISDIR") || strings.Contains(c.Text, "is a directory") {
			st.Flags = append(st.Flags, Flag{Kind: FlagDirToFileReader, Path: path,
				Text: "the agent passed the folder " + displayDir(path) + " to a file reader (" + c.AgentTool + "); repox says: " + firstLine(now.Text)})
			return
		}
	}
	// one side refused, the other did not
	if len(st.Now) == 1 && c.IsError != now.IsError && !now.DryRun {
		what := "succeeded"
		if c.IsError {
			what = "was refused (" + clip(firstLine(c.Text), 100) + ")"
		}
		nowWhat := "succeeds: " + clip(firstLine(now.Text), 100)
		if now.IsError {
			nowWhat = "refuses it: " + clip(firstLine(now.Text), 200)
		}
		st.Flags = append(st.Flags, Flag{Kind: FlagDiffers, Path: path,
			Text: "the agent's " + c.AgentTool + " " + what + "; repox " + nowWhat})
	}
	if c.IsError || now.IsError || c.Saw == nil {
		return
	}
	switch res := now.Structured.(type) {
	case *repoops.ReadResult:
		if len(c.Saw.Lines) > 0 {
			r.compareRead(c, res, path, st)
		}
	case *repoops.FindResult:
		r.compareList(c, res.Matches, res.Total, "matches", st)
	case *repoops.GrepResult:
		r.compareList(c, nil, res.TotalFiles, "files with matching lines", st)
	case *repoops.TreeResult:
		if c.Saw.Cut && !c.Saw.Counted {
			st.Flags = append(st.Flags, Flag{Kind: FlagCutWithoutCount,
				Text: "the agent's " + c.AgentTool + " result was cut without saying how much was left out; repox lists " + strconv.Itoa(len(res.Entries)) + " entries and counts what it leaves out"})
		}
	}
}

func displayDir(p string) string {
	if p == "" {
		return "."
	}
	return p + "/"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// compareRead checks the lines the agent was shown against the file now.
func (r *Replayer) compareRead(c Call, res *repoops.ReadResult, path string, st *Step) {
	now := make(map[int]repoops.ReadLine, len(res.Lines))
	for _, l := range res.Lines {
		now[l.N] = l
	}
	var diff, short []LineRange
	first, firstShort := "", ""
	count := 0
	for _, l := range c.Saw.Lines {
		nl, ok := now[l.N]
		switch {
		case !ok && l.N <= res.TotalLines:
			continue // outside repox's window: not compared
		case ok && (nl.CutChars > 0 || nl.Text == l.Text):
			continue
		case ok && cutShort(l.Text, nl.Text):
			// the agent's tool cut the line (Codex's read_file at 500
			// bytes, with no marker): not a change, a silent cut
			short = addRange(short, LineRange{l.N, l.N})
			if firstShort == "" {
				firstShort = fmt.Sprintf("line %d showed %d of its %d characters", l.N, utf8.RuneCountInString(strings.TrimRight(l.Text, "….")), utf8.RuneCountInString(nl.Text))
			}
			continue
		}
		count++
		diff = addRange(diff, LineRange{l.N, l.N})
		if first == "" {
			if ok {
				first = fmt.Sprintf("line %d was %s, now %s", l.N, strconv.Quote(clip(l.Text, 60)), strconv.Quote(clip(nl.Text, 60)))
			} else {
				first = fmt.Sprintf("line %d was %s; the file now has %d lines", l.N, strconv.Quote(clip(l.Text, 60)), res.TotalLines)
			}
		}
	}
	if len(short) > 0 {
		st.Flags = append(st.Flags, Flag{Kind: FlagCutWithoutCount, Path: path, Lines: short,
			Text: fmt.Sprintf("the agent's %s cut %s %s of %s short without saying so (%s); repox shows them whole", c.AgentTool, lineWord(short), Ranges(short), path, firstShort)})
	}
	if count == 0 {
		return
	}
	st.Flags = append(st.Flags, Flag{Kind: FlagChangedSinceRead, Path: path, Lines: diff,
		Text: fmt.Sprintf("%s is not what the agent read: %d of the %d lines it was shown differ (%s); first: %s", path, count, len(c.Saw.Lines), Ranges(diff), first)})
}

// cutShort: the agent's line is a proper prefix of the line now, perhaps
// ending in an ellipsis its tool added.
func cutShort(saw, now string) bool {
	p := strings.TrimRight(saw, "….")
	return len(p) > 0 && len(p) < len(now) && strings.HasPrefix(now, p) && len(saw) >= 100
}

// compareList checks a listing the agent got against repox's: a cut
// without a count, and the paths only one side shows.
func (r *Replayer) compareList(c Call, repox []string, total int, noun string, st *Step) {
	saw := c.Saw
	cut := saw.Cut || (saw.Limit > 0 && len(saw.Paths) >= saw.Limit)
	if cut && !saw.Counted {
		text := fmt.Sprintf("the agent's %s result stopped at %d paths without saying how many there were", c.AgentTool, len(saw.Paths))
		if total > len(saw.Paths) {
			text += fmt.Sprintf("; repox counts %d %s", total, noun)
		} else {
			text += fmt.Sprintf("; repox counts %d %s in its file set", total, noun)
		}
		st.Flags = append(st.Flags, Flag{Kind: FlagCutWithoutCount, Text: text})
	}
	if repox == nil || cut || len(repox) < total {
		return // one side is cut: the sets are not comparable
	}
	in := map[string]bool{}
	for _, p := range repox {
		in[p] = true
	}
	agent := map[string]bool{}
	var onlyAgent, onlyRepox []string
	for _, p := range saw.Paths {
		agent[p] = true
		if !in[p] {
			onlyAgent = append(onlyAgent, p)
		}
	}
	for _, p := range repox {
		if !agent[p] {
			onlyRepox = append(onlyRepox, p)
		}
	}
	if len(onlyAgent)+len(onlyRepox) == 0 {
		return
	}
	text := fmt.Sprintf("the agent's %s listed %d paths, repox lists %d", c.AgentTool, len(saw.Paths), len(repox))
	if len(onlyAgent) > 0 {
		text += fmt.Sprintf("; only the agent's: %s", examples(onlyAgent))
	}
	if len(onlyRepox) > 0 {
		text += fmt.Sprintf("; only repox's: %s", examples(onlyRepox))
	}
	if c.Approx != "" {
		text += " (" + c.Approx + ")"
	}
	st.Flags = append(st.Flags, Flag{Kind: FlagDiffers, Text: text})
}

func examples(ps []string) string { return examplesN(ps, 3) }

func examplesN(ps []string, n int) string {
	s := strings.Join(ps[:min(n, len(ps))], ", ")
	if len(ps) > n {
		s += fmt.Sprintf(" and %d more", len(ps)-n)
	}
	return s
}
