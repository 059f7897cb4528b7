package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// The replay of a change: applied to the scratch copy, only planned when
// the agent's failed, forced when repox refuses what the agent's did, and
// the horizon and the step's region updated with what it changed.

// countAll sets expected_count to the occurrences of old_string now.
func (r *Replayer) countAll(args json.RawMessage) json.RawMessage {
	var a transcript.EditArgs
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
	return transcript.RawJSON(a)
}

// change runs a write tool. When the agent's change failed it is only
// planned, so the copy stays as the agent left it; when the agent's
// succeeded and repox refuses, it is applied in a separate session so
// later calls see what the agent's saw.
func (r *Replayer) change(ctx context.Context, c transcript.Call, tc transcript.ToolCall, args json.RawMessage, st *Step) Outcome {
	tool := tc.Tool
	path := argPath(args)
	before, beforeErr := r.sroot.ReadFile(filepath.FromSlash(path))
	if beforeErr == nil {
		args = tolerate(c, tc, args, before, path, st)
	}
	if why := alreadyApplied(c, tool, args, before, beforeErr == nil); why != "" {
		return r.appliedOutcome(c, tc, args, path, why, before, st)
	}
	if s := c.Saw; s != nil && s.BeforeSHA != "" && s.Path == path && len(st.Now) == 0 && beforeErr == nil {
		lf := strings.ReplaceAll(string(before), "\r\n", "\n")
		if transcript.Sha(lf) != s.BeforeSHA {
			now := repoops.CountLines([]byte(lf))
			st.Flags = append(st.Flags, r.causedFlag(Flag{Kind: FlagChangedSinceRead, Path: path,
				Text: fmt.Sprintf("%s is not the file the agent edited: its content then (%s) differs from the file now (%s)", repoops.DisplayPath(path), repoops.Plural(s.BeforeLines, "line", "lines"), repoops.Plural(now, "line", "lines"))}, c.Seq))
		}
	}
	if why := r.budget.admit(beforeErr != nil, changeGrowth(tool, args, len(before))); why != "" {
		text := "the change was not replayed: " + why + " — the session writes more than a replay holds; replay it with higher bounds to see the rest"
		st.Flags = append(st.Flags, Flag{Kind: FlagNotReplayed, Path: path, Text: text})
		r.noteNotReplayed(path, c.Seq)
		return Outcome{CallRecord: repoops.CallRecord{V: repoops.CallRecordVersion, Session: r.sess.ID(), Tool: tool, Args: args, IsError: true, Text: text}, NotRun: true}
	}
	defer r.countWrite(path, len(before), beforeErr == nil)
	rec, _ := r.sess.CallRecorded(ctx, tool, args)
	out := Outcome{CallRecord: rec, Applied: !rec.IsError}
	if rec.IsError {
		// a refused call leaves the session as it was: the gate's verdict now is why
		out.gate = r.sess.GateCheck(path).Cause
		if why := r.force(ctx, tool, args, path); why == "" {
			out.Forced, out.Applied = true, true
		} else {
			notReplayed(st, c, path, why)
			r.cascade(st, path, c.Seq)
			r.noteNotReplayed(path, c.Seq)
		}
	}
	if out.Applied {
		r.noteChange(c, tool, args, path, before, beforeErr == nil, st)
	}
	return out
}

// countWrite counts in the budget what a change did to path, which held
// before bytes (existed false: it was not there).
func (r *Replayer) countWrite(path string, before int, existed bool) {
	st, err := r.sroot.Lstat(filepath.FromSlash(path))
	if err != nil {
		return
	}
	r.budget.took(!existed, st.Size()-int64(before))
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

func changeRequest(tool string, args json.RawMessage) (repoops.ChangeArgs, error) {
	switch tool {
	case repoops.ToolEdit:
		var a repoops.EditArgs
		return a, json.Unmarshal(args, &a)
	case repoops.ToolWrite:
		var a repoops.WriteArgs
		return a, json.Unmarshal(args, &a)
	default:
		var a repoops.InsertArgs
		return a, json.Unmarshal(args, &a)
	}
}

// force applies a change repox refused, through the fixer session: it
// first reads every window the gate asks for until the fixer has seen the
// whole file, so only the gate is stepped over, never the edit's own
// checks (an old_string that is not there stays refused). A file with a
// line longer than a read shows whole stays refused: no read can see it.
// It returns why the change could not be applied, in repox's words ("":
// it was).
func (r *Replayer) force(ctx context.Context, tool string, args json.RawMessage, path string) string {
	for range forceMaxRounds {
		v := r.fixer.GateCheck(path)
		if v.Allowed || len(v.Reads) == 0 {
			break
		}
		for _, w := range v.Reads {
			if res := r.fixer.Call(ctx, repoops.ToolRead, transcript.RawJSON(map[string]any{"path": path, "offset": w.From, "limit": w.Len()})); res.IsError {
				return res.Text
			}
		}
	}
	if res := r.fixer.Call(ctx, tool, args); res.IsError {
		return res.Text
	}
	return ""
}

// notReplayed says once per call, with repox's reason, that the agent's
// change of path could not be applied to the copy (a call of several
// edits, a patch of several hunks, adds its other reasons to the one
// finding).
func notReplayed(st *Step, c transcript.Call, path, why string) {
	why = transcript.Clip(FirstLine(why), 200)
	for i := range st.Flags {
		if f := &st.Flags[i]; f.Kind == FlagNotReplayed && f.Path == path {
			if !strings.Contains(f.Text, why) {
				f.Text += "; also: " + why
			}
			return
		}
	}
	st.Flags = append(st.Flags, Flag{Kind: FlagNotReplayed, Path: path,
		Text: "the agent's " + repoops.QuoteName(c.AgentTool) + " of " + repoops.DisplayPath(path) + " could not be applied to the copy: " + why + "; later calls on it may differ for that reason"})
}

// cascade: a change of path the copy could not take, after an earlier
// one of the session's on path it could not take either, most likely
// failed because of it (the copy lacks that call's text): the flag names
// that call and is a note — the earlier call's finding is the one to
// read, not a second finding about the agent.
func (r *Replayer) cascade(st *Step, path string, seq int) {
	nr := r.notReplayed[path]
	if len(nr) == 0 || nr[len(nr)-1] >= seq {
		return
	}
	prev := nr[len(nr)-1]
	for i := range st.Flags {
		if f := &st.Flags[i]; f.Kind == FlagNotReplayed && f.Path == path && f.CausedBy == 0 {
			f.CausedBy, f.Severity = prev, SeverityNote
			f.Text += "; likely because the agent's own call #" + strconv.Itoa(prev) + " on this file could not be replayed on the copy either"
		}
	}
}

// forceMaxRounds bounds force's reads: one round reads every window the
// gate names, so a second is needed only when the file moved meanwhile.
const forceMaxRounds = 3

func argPath(args json.RawMessage) string {
	var a struct {
		Path string `json:"path"`
	}
	json.Unmarshal(args, &a)
	return a.Path
}

// noteChange updates the horizon with an applied change and flags edits
// of lines the agent had not been shown, or had seen only before its
// context was compacted (before: the file before the change).
func (r *Replayer) noteChange(c transcript.Call, tool string, args json.RawMessage, path string, before []byte, existed bool, st *Step) {
	var lines []string // before's lines, split only after a compaction
	if r.compaction.forgot > 0 {
		lines = splitLines(before)
	}
	switch tool {
	case repoops.ToolWrite:
		r.noteWrite(c, path, before, lines, existed, st)
	case repoops.ToolInsert:
		var a repoops.InsertArgs
		if json.Unmarshal(args, &a) != nil || a.AfterLine == nil || a.Content == "" {
			return
		}
		n := spanLines(a.Content)
		at := *a.AfterLine
		if at > 0 {
			// the line it goes after is the one the insertion rests on
			r.noteForgotten(c, st, path, LineRange{at, at}, lines)
		}
		r.horizon.Edit(path, LineRange{at + 1, at}, n, false)
		st.Path, st.Lines = path, []LineRange{{at + 1, at + n}}
		r.sawWritten(c, path, st.Lines)
	case repoops.ToolEdit:
		var a transcript.EditArgs
		if json.Unmarshal(args, &a) != nil || a.OldString == "" {
			return
		}
		r.noteEdit(c, a, path, string(before), lines, st)
	}
}

// noteWrite is noteChange for a write of path whole.
func (r *Replayer) noteWrite(c transcript.Call, path string, before []byte, lines []string, existed bool, st *Step) {
	after, _ := r.sroot.ReadFile(filepath.FromSlash(path))
	if existed {
		old := LineRange{1, repoops.CountLines(before)}
		if old.To > 0 {
			if un := r.horizon.Unread(path, old); len(un) > 0 {
				st.Flags = append(st.Flags, unreadFlag(c, path, un, old))
			}
			r.noteForgotten(c, st, path, old, lines)
		}
	}
	n := repoops.CountLines(after)
	r.horizon.Wrote(path, n)
	st.Path, st.Lines = path, nil
	if n > 0 {
		st.Lines = []LineRange{{1, n}}
		r.horizon.saw(path, fileSights(splitLines(after), st.Lines[0], c.Seq))
	}
}

// noteEdit is noteChange for a repo_edit of every occurrence of
// a.OldString in text (the file before it; lines: its lines, after a
// compaction).
func (r *Replayer) noteEdit(c transcript.Call, a transcript.EditArgs, path, text string, lines []string, st *Step) {
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
		r.noteForgotten(c, st, path, old, lines)
		r.horizon.Edit(path, old, newN, len(un) > 0)
	}
	// this step's regions, in the new numbering
	st.Path, st.Lines = path, nil
	for k, at := range spans {
		from := 1 + strings.Count(text[:at], "\n") + k*(newN-oldN)
		if newN > 0 {
			st.Lines = AddRange(st.Lines, LineRange{from, from + newN - 1})
		}
	}
	r.sawWritten(c, path, st.Lines)
	if len(all) > 0 {
		st.Flags = append(st.Flags, unreadFlag(c, path, all, LineRange{}))
	}
}

// sawWritten records that the agent knows the lines rs of path as its
// change left them: read back from the copy.
func (r *Replayer) sawWritten(c transcript.Call, path string, rs []LineRange) {
	if len(rs) == 0 {
		return
	}
	after, _ := r.sroot.ReadFile(filepath.FromSlash(path))
	lines := splitLines(after)
	for _, rg := range rs {
		r.horizon.saw(path, fileSights(lines, rg, c.Seq))
	}
}

// spanLines is how many lines a replaced or replacing string spans.
func spanLines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

func unreadFlag(c transcript.Call, path string, un []LineRange, whole LineRange) Flag {
	var text string
	if whole.To > 0 && len(un) == 1 && un[0] == whole {
		text = "the agent's " + repoops.QuoteName(c.AgentTool) + " replaced " + repoops.DisplayPath(path) + " without reading any of its " + strconv.Itoa(whole.To) + " lines in this session"
	} else {
		text = "the agent's " + repoops.QuoteName(c.AgentTool) + " changed " + lineWord(un) + " " + Ranges(un) + " of " + repoops.DisplayPath(path) + ", which it never read in this session"
	}
	return Flag{Kind: FlagEditUnread, Path: path, Lines: un, Text: text}
}

func lineWord(rs []LineRange) string {
	if len(rs) == 1 && rs[0].From == rs[0].To {
		return "line"
	}
	return "lines"
}
