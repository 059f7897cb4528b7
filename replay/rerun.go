package replay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
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

// Severity grades a finding: something repox would have stopped or shown
// otherwise that mattered, or a difference worth knowing that did no harm.
type Severity string

const (
	SeverityFinding Severity = "finding" // the agent's view or change went wrong by repox's rules
	// SeverityNote: a difference of policy that harmed nothing, such as an
	// edit after a partial read (Claude Code allows it, repox's gate
	// refuses it) that only touched lines the agent had been shown.
	SeverityNote Severity = "note"
)

// Flag is one finding, worded as such.
type Flag struct {
	Kind     FlagKind    `json:"kind"`
	Severity Severity    `json:"severity"`
	Path     string      `json:"path,omitempty"`
	Lines    []LineRange `json:"lines,omitempty"`
	Text     string      `json:"text"`
	// A changed-since-read's cause: the agent's own call (its Seq), or
	// something outside the session; neither when it cannot be told.
	CausedBy int  `json:"causedBy,omitempty"`
	Outside  bool `json:"outside,omitempty"`
	// an edit-after-compaction's lines that changed since the agent saw
	// them, and the latest call that showed one (compaction.go)
	changed  []LineRange
	lastSeen int
}

// Outcome is what repox says now for one mapped call.
type Outcome struct {
	repoops.CallRecord
	// DryRun: the agent's change failed, so repox only planned it (the
	// copy stays as the agent left it); Text is the refusal, or empty
	// when repox would have applied it.
	DryRun bool `json:"dryRun,omitempty"`
	// NotRun: repox did not run the call at all (the scratch copy could
	// not be made); Text says why, and there is nothing to compare.
	NotRun bool `json:"notRun,omitempty"`
	// Applied: the change was applied to the scratch copy.
	Applied bool `json:"applied,omitempty"`
	// Forced: repox refused the change but the agent's succeeded, so it
	// was applied to the copy in a separate session to keep the copy like
	// the agent's.
	Forced bool `json:"forced,omitempty"`
	// gate: why repox's gate refused the change (when it did)
	gate repoops.GateCause
	// AlreadyApplied: the agent's change is on disk already (a live
	// session followed on the tree it edits), so it was not re-run; says
	// how that was told.
	AlreadyApplied string `json:"alreadyApplied,omitempty"`
}

// Step is one call then and now.
type Step struct {
	Call  transcript.Call `json:"call"`
	Now   []Outcome       `json:"now,omitempty"`
	Flags []Flag          `json:"flags,omitempty"`
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
	// CopyLimits bound the scratch copy (zero: repoops's defaults); the
	// folder $TMPDIR is left out of it when it lies inside Root.
	CopyLimits repoops.CopyOptions

	real    *repoops.Repo     // the person's repository: only reading calls run on it
	repo    *repoops.Repo     // where calls run: real, then the copy
	gitSess *repoops.Session  // repo_git, always on real (the copy has no .git)
	sess    *repoops.Session  // the agent's session, mirrored
	fixer   *repoops.Session  // applies the agent's changes repox refuses (on the copy)
	sroot   *os.Root          // the scratch copy, for looking only (nil before the copy: the repository is reached only through repoops)
	reads   []json.RawMessage // the reads before the copy, replayed into it (its gate)
	readSet map[string]bool   // the reads kept, each once
	horizon *Horizon
	copyErr error       // the copy could not be made: no change is replayed
	budget  writeBudget // what the copy holds and may hold, for every write into it
	rereads rereads     // what reads showed since the last change, for re-read notes
	// compaction: the session's compactions so far (compaction.go)
	compaction compactionState
	unlock     func() // drops the scratch folder's lock (set with Scratch)

	// Set by Prepare (rerun_start.go): the session's first pass, what the
	// calls run against, the files whose start could not be rebuilt; and
	// the agent's changes not replayed, by path (for saying what caused a
	// changed-since-read).
	plan         *startPlan
	against      Against
	unknownStart map[string]bool
	notReplayed  map[string][]int
	// starts: each changed file as written into the copy at the start
	// (for the session's changes, changes.go)
	starts map[string]startFile
	// memo answers a search made again with nothing changed since, in a
	// report (rerun_memo.go)
	memo searchMemo
}

// startFile is one changed file at the session's start, as rebuilt.
type startFile struct {
	content string
	absent  bool
	how     startHow
}

// NewReplayer opens root for a replay.
func NewReplayer(ctx context.Context, root string) (*Replayer, error) {
	sweepStaleOnce() // copies left by replays killed with -9
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
	opt := r.CopyLimits
	tmp := os.TempDir()
	if rel, inside := scratchInside(r.Root, tmp); inside {
		if rel == "." {
			return fmt.Errorf("$TMPDIR (%s) is the root itself, so a scratch copy would copy itself — set TMPDIR to a folder outside %s", repoops.QuoteName(tmp), repoops.QuoteName(r.Root))
		}
		opt.Exclude = append(opt.Exclude, rel)
	}
	scratch, release, err := makeScratch()
	if err != nil {
		return fmt.Errorf("making a scratch folder in $TMPDIR: %w — set TMPDIR to a writable folder", err)
	}
	r.Scratch, r.unlock = scratch, release
	if r.Copy, err = r.real.CopyFileSetWith(ctx, scratch, opt); err != nil {
		var large *repoops.CopyTooLargeError
		if errors.As(err, &large) {
			return fmt.Errorf("%s: %w — replay against a smaller folder with --root DIR, or raise the bounds with --copy-max-files and --copy-max-mib", repoops.QuoteName(r.Root), err)
		}
		return fmt.Errorf("copying %s to a scratch folder: %w", repoops.QuoteName(r.Root), err)
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
	r.budget = newWriteBudget(r.Copy, opt)
	r.sess, r.fixer = cp.NewSession(), cp.NewSession()
	for _, args := range r.reads {
		r.sess.Call(ctx, repoops.ToolRead, args)
	}
	r.reads, r.readSet = nil, nil
	return nil
}

// scratchInside says whether the folder tmp lies inside root (both with
// their links resolved), and where, as a repo-relative folder.
func scratchInside(root, tmp string) (string, bool) {
	r, t := resolved(root), resolved(tmp)
	if !within(t, r) {
		return "", false
	}
	rel, err := filepath.Rel(r, t)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
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
	r.unlock() // after the removal: until then a sweep must see it in use
	r.Scratch, r.unlock = "", nil
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
	return tool == repoops.ToolEdit || tool == repoops.ToolWrite || tool == repoops.ToolInsert
}

// Step re-runs one call's mapped repox calls and works out its findings.
func (r *Replayer) Step(ctx context.Context, c transcript.Call) Step {
	st := Step{Call: c}
	r.compaction.see(c)
	r.horizon.compacted(r.compaction.forgot, r.compaction.at)
	if !onlyReads(c) {
		r.memo.forget()
	}
	for _, tc := range c.Repox {
		out := r.runOne(ctx, c, tc, &st)
		st.Now = append(st.Now, out)
	}
	r.findings(c, &st)
	for i := range st.Flags {
		if st.Flags[i].Severity == "" {
			st.Flags[i].Severity = SeverityFinding
		}
	}
	st.Flags = oneEach(st.Flags)
	if mayChange(c) {
		r.rereads.change()
	}
	if c.Saw == nil && c.ResultUnrecorded && len(c.Repox) == 1 && len(st.Now) == 1 && !st.Now[0].IsError && !st.Now[0].NotRun {
		// the format keeps no result: what repox shows is what the agent was shown
		c.Saw = transcript.RepoxShowed(c.Repox[0].Tool, c.Repox[0].Args, st.Now[0].Text)
	}
	if c.Saw != nil && !c.IsError {
		if c.Saw.Path != "" && !strings.HasPrefix(c.Saw.Path, "/") && len(c.Saw.Lines) > 0 {
			if f := r.rereads.read(c.Saw.Path, c.Saw.Lines, c.Seq); f != nil {
				st.Flags = append(st.Flags, *f)
			}
			r.horizon.Read(c.Saw.Path, c.Saw.Lines, c.Seq)
			if st.Path == "" {
				st.Path = c.Saw.Path
				for _, l := range c.Saw.Lines {
					st.Lines = AddRange(st.Lines, LineRange{l.N, l.N})
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

// runOne re-runs one mapped repox call tc of c, on the copy or the tree
// as the tool asks, adding to st's flags when a change cannot be
// replayed. Split from Step: the running of each call, apart from the
// findings on the whole call.
func (r *Replayer) runOne(ctx context.Context, c transcript.Call, tc transcript.ToolCall, st *Step) Outcome {
	args := tc.Args
	if tc.Tool == repoops.ToolEdit && tc.All {
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
			out = Outcome{CallRecord: repoops.CallRecord{V: repoops.CallRecordVersion, Session: r.sess.ID(), Tool: tc.Tool, Args: args, IsError: true, Text: text}, NotRun: true}
			st.Flags = append(st.Flags, Flag{Kind: FlagNotReplayed, Path: argPath(args), Text: text})
			r.noteNotReplayed(argPath(args), c.Seq)
			break
		}
		if isChange(tc.Tool) {
			out = r.change(ctx, c, tc, args, st)
		} else {
			rec, _ := r.sess.CallRecorded(ctx, tc.Tool, args)
			out = Outcome{CallRecord: rec}
		}
	case tc.Tool == repoops.ToolGit:
		// the copy has no .git; repo_git's commands only read, with
		// git hardened by repoops, so they run on the repository itself
		// (without the replay's own edits)
		rec, _ := r.gitSess.CallRecorded(ctx, tc.Tool, args)
		out = Outcome{CallRecord: rec}
	default:
		out = Outcome{CallRecord: r.memo.call(r, tc.Tool, args, func() repoops.CallRecord {
			rec, _ := r.sess.CallRecorded(ctx, tc.Tool, args)
			return rec
		})}
		if tc.Tool == repoops.ToolRead && r.Scratch == "" && !r.readSet[string(args)] {
			// each distinct read once: a session that never changes
			// a file reads the same ranges again and again
			if r.readSet == nil {
				r.readSet = map[string]bool{}
			}
			r.readSet[string(args)] = true
			r.reads = append(r.reads, args)
		}
	}
	return out
}
