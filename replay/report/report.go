package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// reportWriter prints a replay as text or JSON lines.
type reportWriter struct {
	w    io.Writer
	json bool
	file string
	err  error // the first write error: the reader went away
	// thinking: show the agent's thinking (--thinking); folded otherwise
	thinking bool
}

// printf writes text-mode output, sanitized for the terminal: the
// transcript and the repository are both untrusted input. Every string
// argument is made one line (oneLine), so only format writes line breaks
// and no field can write a line of its own.
func (r *reportWriter) printf(format string, args ...any) {
	if r.err != nil {
		return
	}
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = transcript.OneLine(s)
		}
	}
	_, r.err = io.WriteString(r.w, transcript.Sanitize(fmt.Sprintf(format, args...)))
}

func (r *reportWriter) jsonLine(v any) {
	if r.err == nil {
		r.err = writeJSON(r.w, v)
	}
}

// The report is a Sink of the driver (driver.go): it prints what Run
// hands it and counts nothing itself.

func (r *reportWriter) Begin(b replay.RunStart) error {
	r.header(b.Stats, b.Root, b.RootWhy)
	r.start(b.Start)
	return r.err
}

func (r *reportWriter) Step(e replay.StepEvent) error {
	r.messages(e.Said)
	r.step(e.Step)
	return r.err
}

func (r *reportWriter) End(s replay.Summary) error {
	r.messages(s.Tail)
	var copies []replay.SessionEnd
	for _, se := range s.Sessions {
		label := ""
		if len(s.Sessions) > 1 {
			label = se.ID
		}
		r.seen(se.Seen, label)
		if se.CopiedAt > 0 {
			copies = append(copies, se)
		}
	}
	if s.Session != "" && len(s.Sessions) == 0 {
		r.printf("no call of session %s in this transcript\n\n", repoops.QuoteName(s.Session))
	}
	reread := 0
	for _, se := range s.Sessions {
		reread += se.ReRead
	}
	r.summary(s.Stats, s.Counts, copies, reread)
	return r.err
}

func (r *reportWriter) header(st transcript.Stats, root, rootWhy string) {
	if r.json {
		r.jsonLine(map[string]any{"type": "transcript", "file": r.file, "format": st.Format, "session": st.SessionID,
			"cwd": st.Cwd, "started": st.Started, "root": root, "rootFrom": rootWhy})
		return
	}
	format := string(st.Format)
	if format == "" {
		format = "unknown (no line was a record of a known format)"
	}
	r.printf("transcript  %s\n", repoops.QuoteName(r.file))
	r.printf("format      %s", format)
	if st.SessionID != "" && st.Format != transcript.AgentRepox {
		r.printf(", session %s", repoops.QuoteName(st.SessionID))
	}
	r.printf(", started %s\n", utc(st.Started, "2006-01-02 15:04:05 UTC"))
	if st.Cwd != "" {
		r.printf("agent cwd   %s\n", repoops.QuoteName(st.Cwd))
	}
	r.printf("root        %s (%s)\n", repoops.QuoteName(root), rootWhy)
	r.printf("reading calls run on the root; changes run in a scratch copy of its file set, removed afterwards: the working tree is not changed\n")
}

// start says what the calls are replayed against, and when the root
// looks like another checkout than the session's.
func (r *reportWriter) start(in replay.StartInfo) {
	if r.json {
		r.jsonLine(map[string]any{"type": "against", "start": in})
		return
	}
	switch {
	case in.Against == replay.AgainstNow:
		r.printf("against     the tree as it is (--against now): the agent's own changes are not undone, so a read may differ because of its own later call\n")
	case in.Err != "":
		r.printf("against     the tree as it is: the session's start state could not be written (%s)\n", in.Err)
	case in.Changed == 0:
		r.printf("against     the session's start state: the session changed no file, so that is the root as it is\n")
	default:
		var how []string
		for _, h := range []struct {
			n    int
			what string
		}{{in.AsIs, "already as at the start"}, {in.Recorded, "as the transcript recorded it"}, {in.Reversed, "by reversing the agent's changes"}, {in.Unknown, "not rebuilt (the root's file stands in)"}} {
			if h.n > 0 {
				how = append(how, strconv.Itoa(h.n)+" "+h.what)
			}
		}
		r.printf("against     the session's start state, rebuilt for the %s the session changed: %s; %d written into the copy (--against now: the tree as it is)\n",
			repoops.Plural(in.Changed, "file", "files"), strings.Join(how, ", "), in.Written)
	}
	if co := in.Checkout(); co.Odd() {
		r.printf("checkout    %s — %s\n", co.Text(), replay.CheckoutAdvice)
	}
	r.printf("\n")
}

func (r *reportWriter) step(s replay.Step) {
	cmp := replay.Differences(s) // the report prints no other rows
	if r.json {
		line := map[string]any{"type": "call", "call": s.Call, "now": s.Now, "flags": s.Flags}
		if _, note := replay.ToldLines(s); note != "" {
			// the text report's note, not the bare 1,736 beside 1735
			line["lineCountNote"] = note
		}
		if cmp.Kind != replay.CompareNone {
			line["compare"] = map[string]any{"kind": cmp.Kind, "removed": cmp.Removed, "added": cmp.Added}
		}
		r.jsonLine(line)
		return
	}
	c := s.Call
	who := repoops.QuoteName(c.AgentTool)
	if c.Subagent != "" {
		who = "[" + repoops.QuoteName(c.Subagent) + "] " + who
	}
	if c.Session != "" {
		who = "[session " + repoops.QuoteName(c.Session) + "] " + who
	}
	r.printf("#%d  %s  %s %s\n", c.Seq, utc(c.Time, "15:04:05"), who, compactClip(c.AgentArgs, 160))
	if !c.IsFileTool() {
		r.printf("    no repox equivalent: %s\n", c.NoEquivalent)
	}
	told, countNote := replay.ToldLines(s)
	r.printf("    then  %s%s\n", thenSummary(c), told)
	for i, tc := range c.Repox {
		r.printf("    repox %s %s\n", repoops.QuoteName(tc.Tool), compactClip(tc.Args, 160))
		if i < len(s.Now) {
			r.printf("    now   %s\n", nowSummary(s.Now[i]))
		}
	}
	if c.Approx != "" {
		r.printf("    note  %s\n", c.Approx)
	}
	if countNote != "" {
		r.printf("    note  %s\n", countNote)
	}
	r.diff(cmp)
	for _, f := range s.Flags {
		if f.Note() {
			r.printf("    · note, %s: %s\n", f.Kind, f.Text)
			continue
		}
		r.printf("    ! %s: %s\n", f.Kind, f.Text)
	}
	r.printf("\n")
}

// reportDiffRows is how many differing rows a text report shows of one call.
const reportDiffRows = 10

// diff prints the rows of then/now whose content differs (the pane's
// comparison): "- " the agent's row, "+ " repox's.
func (r *reportWriter) diff(cmp replay.Comparison) {
	if cmp.Equal() {
		return
	}
	r.printf("    diff  %s only then, %s only now (- then, + now)\n", repoops.Plural(cmp.Removed, "row", "rows"), repoops.Plural(cmp.Added, "row", "rows"))
	shown := 0
	for _, row := range cmp.Rows {
		for _, sr := range []struct {
			mark string
			row  *replay.SideRow
			on   bool
		}{{"-", row.Then, row.Op == replay.RowChanged || row.Op == replay.RowRemoved}, {"+", row.Now, row.Op == replay.RowChanged || row.Op == replay.RowAdded}} {
			if !sr.on {
				continue
			}
			if shown == reportDiffRows {
				r.printf("          … %d more\n", cmp.Removed+cmp.Added-shown)
				return
			}
			shown++
			r.printf("          %s %s\n", sr.mark, transcript.Clip(sr.row.String(), 160))
		}
	}
}

func thenSummary(c transcript.Call) string {
	switch {
	case c.NoResult:
		return "no result in the transcript (" + replay.NoResultText(c, time.Now()) + ")"
	case c.IsError:
		return "error: " + transcript.Clip(replay.FirstLine(c.Text), 160)
	case c.Saw != nil && len(c.Saw.Lines) > 0:
		var rs []replay.LineRange
		for _, l := range c.Saw.Lines {
			rs = replay.AddRange(rs, replay.LineRange{From: l.N, To: l.N})
		}
		// what it was told of the file's length follows (replay.ToldLines)
		return fmt.Sprintf("ok: %s of %s (%s)", repoops.Plural(len(c.Saw.Lines), "line", "lines"), displayPath(c.Saw.Path), replay.Ranges(rs))
	case c.Saw != nil && len(c.Saw.Paths) > 0:
		s := "ok: " + repoops.Plural(len(c.Saw.Paths), "file", "files") + " named"
		if c.Saw.Cut {
			s += ", marked as cut"
		}
		return s
	}
	t := strings.TrimSpace(c.Text)
	if t == "" {
		return "ok: (empty)"
	}
	return "ok: " + transcript.Clip(replay.FirstLine(t), 160)
}

// displayPath is a repo-relative path as the report shows it.
func displayPath(p string) string { return repoops.DisplayPath(p) }

func nowSummary(o replay.Outcome) string {
	switch {
	case o.DryRun && o.IsError:
		return "not applied (the agent's failed); repox refuses it too: " + transcript.Clip(replay.FirstLine(o.Text), 200)
	case o.DryRun:
		return "not applied (the agent's failed); repox would apply it"
	case o.AlreadyApplied != "":
		return "already applied on disk (" + o.AlreadyApplied + "); not re-run"
	case o.Forced:
		return "refused: " + transcript.Clip(replay.FirstLine(o.Text), 200) + " — applied to the copy anyway, as the agent's succeeded"
	case o.IsError:
		return "refused: " + transcript.Clip(replay.FirstLine(o.Text), 200)
	}
	switch res := o.Structured.(type) {
	case *repoops.FindResult:
		if len(res.Matches) == 0 {
			return "ok: no match"
		}
		return fmt.Sprintf("ok: %d of %d matches: %s", len(res.Matches), res.Total, replay.ExamplesN(replay.ShownPaths(res.Matches), 3))
	case *repoops.GrepResult:
		return fmt.Sprintf("ok: %s in %s (%d shown)", repoops.Plural(res.TotalLines, "matching line", "matching lines"), repoops.Plural(res.TotalFiles, "file", "files"), res.ShownLines)
	case *repoops.TreeResult:
		return "ok: " + repoops.Plural(len(res.Entries), "entry", "entries")
	}
	return "ok: " + transcript.Clip(replay.FirstLine(o.Text), 160)
}

func (r *reportWriter) seen(files []replay.FileSeen, session string) {
	if r.json {
		for _, f := range files {
			m := map[string]any{"type": "seen", "file": f}
			if session != "" {
				m["session"] = session
			}
			r.jsonLine(m)
		}
		return
	}
	if len(files) == 0 {
		return
	}
	if session != "" {
		r.printf("what the agent of session %s saw\n", repoops.QuoteName(session))
	} else {
		r.printf("what the agent saw\n")
	}
	var listedOnly []string
	for _, f := range files {
		if f.Listed && len(f.Read) == 0 && len(f.Edited) == 0 && !f.Written {
			listedOnly = append(listedOnly, displayPath(f.Path))
			continue
		}
		var parts []string
		if len(f.Read) > 0 {
			parts = append(parts, "read "+replay.Ranges(f.Read))
		}
		if f.Written {
			parts = append(parts, "written whole")
		}
		if len(f.Edited) > 0 && !f.Written {
			parts = append(parts, "edited "+replay.Ranges(f.Edited))
		}
		if len(f.EditedUnread) > 0 {
			parts = append(parts, "edited without reading first "+replay.Ranges(f.EditedUnread))
		}
		if f.Listed {
			parts = append(parts, "listed")
		}
		r.printf("    %s: %s\n", displayPath(f.Path), strings.Join(parts, "; "))
	}
	if len(listedOnly) > 0 {
		r.printf("    listed, never read: %d %s: %s\n", len(listedOnly), repoops.Noun(len(listedOnly), "file", "files"), replay.ExamplesN(listedOnly, 8))
	}
	r.printf("\n")
}

func (r *reportWriter) summary(st transcript.Stats, t replay.Counts, copies []replay.SessionEnd, reread int) {
	if r.json {
		var list []map[string]any
		for _, c := range copies {
			list = append(list, map[string]any{"copiedAt": c.CopiedAt, "copied": c.Copy})
		}
		r.jsonLine(map[string]any{"type": "summary", "stats": st, "findings": t.Findings, "notes": t.Notes, "scratchCopies": list, "reReadLines": reread})
		return
	}
	r.printf("%s: %s with a repox equivalent, %s without; %s", repoops.Plural(t.Calls, "call", "calls"), repoops.Commas(t.File), repoops.Commas(t.NoEquivalent), t.Text())
	r.printf("\nread %s; skipped %s", repoops.Plural(st.Lines, "line", "lines"), repoops.Commas(st.Skipped))
	if st.LastSkip != "" && st.Skipped+st.Unknown > 0 {
		r.printf(" (last: %s)", st.LastSkip)
	}
	r.printf("; %s; %s", repoops.Plural(st.Unknown, "record of an unknown type", "records of unknown types"), repoops.Plural(st.Orphans, "result without a call", "results without a call"))
	if len(st.Passed) > 0 {
		r.printf("; holding no call: %s", passedText(st.Passed))
	}
	if st.Partial {
		r.printf("; the last line is incomplete (still being written?)")
	}
	r.printf("\n")
	if reread > 0 {
		r.printf("re-read: the agent was shown %s again with nothing changed since (see the re-read notes)\n", repoops.Plural(reread, "line", "lines"))
	}
	for _, c := range copies {
		r.printf("scratch copy made before call #%d: %s", c.CopiedAt, repoops.Plural(c.Copy.Files, "file", "files"))
		if c.Copy.Skipped > 0 {
			r.printf(", %d skipped (%s)", c.Copy.Skipped, strings.Join(c.Copy.Examples, ", "))
		}
		r.printf("; removed\n")
	}
	if len(copies) == 0 {
		r.printf("no change was replayed, so no scratch copy was made\n")
	}
}
