package replay

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// The findings of one step: the agent's result beside repox's for the
// same request, read by read and listing by listing.

// findings compares the agent's result with repox's.
func (r *Replayer) findings(c transcript.Call, st *Step) {
	if len(st.Now) == 0 || c.NoResult {
		return
	}
	if st.Now[0].NotRun {
		// nothing ran, so there is no answer of repox's to compare
		return
	}
	now := st.Now[0]
	tool := now.Tool
	path := argPath(now.Args)
	if tool == repoops.ToolRead {
		// repoops's refusal for a folder, or the agent's own tool's
		if strings.Contains(now.Text, " is a folder, not a file") || strings.Contains(c.Text, "EISDIR") || strings.Contains(c.Text, "is a directory") {
			st.Flags = append(st.Flags, Flag{Kind: FlagDirToFileReader, Path: path,
				Text: "the agent passed the folder " + displayDir(path) + " to a file reader (" + repoops.QuoteName(c.AgentTool) + "); repox says: " + FirstLine(now.Text)})
			return
		}
	}
	// one side refused, the other did not (a change repox refused that the
	// not-replayed finding already names, with repox's reason, is said
	// once: issue 39 item 3)
	if len(st.Now) == 1 && c.IsError != now.IsError && !now.DryRun && !(now.IsError && hasPathFlag(st.Flags, FlagNotReplayed, path)) {
		what := "succeeded"
		if c.IsError {
			what = "was refused (" + transcript.Clip(FirstLine(c.Text), 100) + ")"
		}
		nowWhat := "succeeds: " + transcript.Clip(FirstLine(now.Text), 100)
		if now.IsError {
			nowWhat = "refuses it: " + transcript.Clip(FirstLine(now.Text), 200)
		}
		f := Flag{Kind: FlagDiffers, Path: path, Text: "the agent's " + repoops.QuoteName(c.AgentTool) + " " + what + "; repox " + nowWhat}
		switch {
		case c.IsError || !gateRefusal(now.gate):
		case hasFlag(st.Flags, FlagEditUnread):
			// the edit-unread finding already says what the agent did
			// wrong; repox's refusal is that same fact seen from repox
			f.Severity = SeverityNote
			f.Text += " (for the lines the edit-unread finding names)"
		default:
			// the agent changed only lines it had been shown: repox's gate
			// refused for its own reasons (what its mirrored reads count as
			// seen, a line over its read's character cap), not for a
			// mistake of the agent's
			f.Severity = SeverityNote
			f.Text += " (the agent had been shown every line it changed; repox's gate counts what it saw differently)"
		}
		st.Flags = append(st.Flags, f)
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
				Text: "the agent's " + repoops.QuoteName(c.AgentTool) + " result was cut without saying how much was left out; repox lists " + strconv.Itoa(len(res.Entries)) + " entries and counts what it leaves out"})
		}
	}
}

// gateRefusal reports whether a refusal was the read-before-edit gate's
// for want of seen lines (not a changed file, not the edit's own checks).
func gateRefusal(c repoops.GateCause) bool {
	switch c {
	case repoops.GateNeverRead, repoops.GatePartialRead, repoops.GateUnreadable:
		return true
	}
	return false
}

// hasPathFlag: fs holds a flag of kind k on path.
func hasPathFlag(fs []Flag, k FlagKind, path string) bool {
	for _, f := range fs {
		if f.Kind == k && f.Path == path {
			return true
		}
	}
	return false
}

func hasFlag(fs []Flag, k FlagKind) bool {
	for _, f := range fs {
		if f.Kind == k {
			return true
		}
	}
	return false
}

func displayDir(p string) string {
	if p == "" {
		return "."
	}
	return repoops.DisplayPath(p) + "/"
}

func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// compareRead checks the lines the agent was shown against the file now.
func (r *Replayer) compareRead(c transcript.Call, res *repoops.ReadResult, path string, st *Step) {
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
			short = AddRange(short, LineRange{l.N, l.N})
			if firstShort == "" {
				firstShort = fmt.Sprintf("line %d showed %d of its %d characters", l.N, utf8.RuneCountInString(strings.TrimRight(l.Text, "….")), utf8.RuneCountInString(nl.Text))
			}
			continue
		}
		count++
		diff = AddRange(diff, LineRange{l.N, l.N})
		if first == "" {
			if ok {
				first = fmt.Sprintf("line %d was %s, now %s", l.N, strconv.Quote(transcript.Clip(l.Text, 60)), strconv.Quote(transcript.Clip(nl.Text, 60)))
			} else {
				first = fmt.Sprintf("line %d was %s; the file now has %s", l.N, strconv.Quote(transcript.Clip(l.Text, 60)), repoops.Plural(res.TotalLines, "line", "lines"))
			}
		}
	}
	if len(short) > 0 {
		st.Flags = append(st.Flags, Flag{Kind: FlagCutWithoutCount, Path: path, Lines: short,
			Text: fmt.Sprintf("the agent's %s cut %s %s of %s short without saying so (%s); repox shows them whole", repoops.QuoteName(c.AgentTool), lineWord(short), Ranges(short), repoops.DisplayPath(path), firstShort)})
	}
	if count == 0 {
		return
	}
	st.Flags = append(st.Flags, r.causedFlag(Flag{Kind: FlagChangedSinceRead, Path: path, Lines: diff,
		Text: fmt.Sprintf("%s is not what the agent read: %d of the %d lines it was shown differ (%s); first: %s", repoops.DisplayPath(path), count, len(c.Saw.Lines), Ranges(diff), first)}, c.Seq))
}

// cutShort: the agent's line is a proper prefix of the line now, perhaps
// ending in an ellipsis its tool added.
func cutShort(saw, now string) bool {
	p := strings.TrimRight(saw, "….")
	return len(p) > 0 && len(p) < len(now) && strings.HasPrefix(now, p) && len(saw) >= cutShortMin
}

// cutShortMin is the shortest line cutShort takes as cut: a shorter
// prefix is as likely another line.
const cutShortMin = 100

// compareList checks a listing the agent got against repox's: a cut
// without a count, and the paths only one side shows.
func (r *Replayer) compareList(c transcript.Call, repox []string, total int, noun string, st *Step) {
	saw := c.Saw
	cut := saw.Cut || (saw.Limit > 0 && len(saw.Paths) >= saw.Limit)
	if cut && !saw.Counted {
		text := fmt.Sprintf("the agent's %s result stopped at %s without saying how many there were", repoops.QuoteName(c.AgentTool), repoops.Plural(len(saw.Paths), "path", "paths"))
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
	text := fmt.Sprintf("the agent's %s listed %s, repox lists %s", repoops.QuoteName(c.AgentTool), repoops.Plural(len(saw.Paths), "path", "paths"), repoops.Commas(len(repox)))
	if len(onlyAgent) > 0 {
		text += fmt.Sprintf("; only the agent's: %s", Examples(ShownPaths(onlyAgent)))
	}
	if len(onlyRepox) > 0 {
		text += fmt.Sprintf("; only repox's: %s", Examples(ShownPaths(onlyRepox)))
	}
	if c.Approx != "" {
		text += " (" + c.Approx + ")"
	}
	st.Flags = append(st.Flags, Flag{Kind: FlagDiffers, Text: text})
}

func Examples(ps []string) string { return ExamplesN(ps, 3) }

func ExamplesN(ps []string, n int) string {
	s := strings.Join(ps[:min(n, len(ps))], ", ")
	if len(ps) > n {
		s += fmt.Sprintf(" and %d more", len(ps)-n)
	}
	return s
}

// ShownPaths is each of ps as the tools show it.
func ShownPaths(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = repoops.DisplayPath(p)
	}
	return out
}
