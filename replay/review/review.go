// Package review writes a replayed session as one document a person
// attaches to a pull request or a bug report (`repox replay --html FILE`,
// `--markdown FILE`): a summary (the agent, the session, when, the calls,
// the findings and notes as every face counts them, what was redacted),
// the conversation, every call with the exact text the agent got then and
// repox's text now, their differing rows, the findings and notes, and the
// session's changes as one unified diff.
//
// It is a sink of replay's one driver (replay.Run) and uses only the
// exported API of replay and replay/transcript. Everything the document
// shows of the transcript and the repository is scrubbed before it is
// printed (redact.go) unless the caller asks not to, and every control
// character is made visible, so a terminal that shows the Markdown is
// never handed an escape sequence.
package review

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Options are what a review replays and how it scrubs.
type Options struct {
	Run replay.RunOptions
	// NoRedact keeps secrets and the home folder as the transcript has them.
	NoRedact bool
	// Home is the user's home folder, shown as ~ ("": none).
	Home string
	// Command is the command line that made the document, for its foot
	// ("": none).
	Command string
}

// Document is a replayed session as the review prints it: plain strings,
// every one of which is scrubbed (Build) before either printer sees it.
type Document struct {
	Agent      string
	Session    string
	Transcript string
	Root       string
	RootWhy    string
	Against    string
	Started    string
	Ended      string
	Calls      string // "5 calls: 4 with a repox equivalent, 1 without"
	Findings   string // replay.Counts.Text: the report's words and totals
	Command    string
	// Redaction says what was scrubbed (or that nothing was, --no-redact);
	// set after the scrub, never scrubbed itself.
	Redaction Redaction `review:"keep"`
	Items     []Item
	Changes   Changes
	// FindingCount and NoteCount: the totals, for a call's mark.
	FindingCount, NoteCount int
}

// Redaction is what was scrubbed.
type Redaction struct {
	Off     bool
	Secrets []Count
	Total   int
	Homes   int
}

// Text is the redaction as the summary says it.
func (r Redaction) Text() string {
	if r.Off {
		return "off (--no-redact): secrets and the home folder are as the transcript has them"
	}
	s := repoops.Plural(r.Total, "secret", "secrets") + " replaced by [redacted: kind]"
	if r.Total > 0 {
		parts := make([]string, len(r.Secrets))
		for i, c := range r.Secrets {
			parts[i] = repoops.Commas(c.N) + " " + c.Kind
		}
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	if r.Homes > 0 {
		s += "; the home folder shown as ~"
	}
	return s
}

// Item is one entry of the conversation, in order: a message or a call.
type Item struct {
	Message *Message
	Call    *Call
}

// Message is one message of the conversation.
type Message struct {
	Kind    string // user, assistant, thinking, compaction, interrupted
	Heading string // "Turn 2", "Agent", "Thinking", …
	Time    string
	Text    string
	More    string // "… 1,200 more characters not kept by the transcript reader", or ""
	Folded  bool   // shown folded (thinking)
	Cut     int    // characters the transcript reader did not keep
}

// Call is one call: the agent's request and the text it got, repox's
// calls and texts, the differing rows, the change it made, its flags.
type Call struct {
	Seq          int
	Time         string
	Tool         string
	Who          string // "subagent X", "session Y", or ""
	Args         string // the agent's arguments, indented JSON
	NoEquivalent string
	Approx       string
	Then         string // exactly what the agent was shown
	ThenStatus   string // "ok", "error", "no result"
	// ThenTold: what the read told the agent of the file's length
	// (", told the file has 1,736"), and CountNote, instead, when that is
	// repox's count by Claude Code's rule (replay.ToldLines: the same
	// words as the report's)
	ThenTold, CountNote string
	Now                 []Now
	Diff                []DiffRow // the rows that differ, - then / + now
	DiffText            string    // "2 rows only then, 1 row only now"
	Change              []string  // the change the call made, unified diff lines
	Flags               []Flag
	Findings            int
	Notes               int
	Summary             string // one line: what the call asked
}

// Now is one repox call and what it answered now.
type Now struct {
	Tool   string
	Args   string
	Status string
	Text   string
}

// DiffRow is one differing row: "-" then, "+" now.
type DiffRow struct {
	Mark string
	Text string
}

// Flag is one finding or note of a call.
type Flag struct {
	Note bool
	Kind string
	Text string
}

// Changes is what the session changed.
type Changes struct {
	Diff  string
	Notes []string
}

// maxDiffRows bounds the differing rows a call shows (the rest counted).
const maxDiffRows = 400

// Build replays opts.Run through replay.Run and lays the session out as a
// Document, scrubbed unless opts.NoRedact. The session's changes come
// from the same run (replay.ChangesSink) when it is from the session's
// start state, the default; a run against the tree as it is (--against
// now) is followed by one from the start state (replay.SessionChanges). A
// reason they cannot be given is a note of the document, not an error.
func Build(ctx context.Context, opts Options) (*Document, error) {
	s := &sink{doc: &Document{Command: opts.Command}}
	cs := replay.NewChangesSink(s)
	sum, err := replay.Run(ctx, opts.Run, cs)
	if err != nil {
		return nil, err
	}
	d := s.doc
	d.Changes = sessionChanges(ctx, opts.Run, sum, s.against, cs)
	scrub(d, opts)
	finish(d)
	return d, nil
}

// sessionChanges is the session's changes as a diff, or notes saying why
// there is none: those of the run that ended (cs) when it was against the
// start state, else of a run of their own.
func sessionChanges(ctx context.Context, run replay.RunOptions, sum replay.Summary, against replay.Against, cs *replay.ChangesSink) Changes {
	if len(sum.Sessions) > 1 && run.Session == "" {
		return Changes{Notes: []string{fmt.Sprintf("the log holds %d sessions: their changes are given one session at a time (--session ID)", len(sum.Sessions))}}
	}
	var ch *replay.Changes
	var err error
	if against == replay.AgainstStart {
		ch, err = cs.Changes() // this run's
	} else {
		ch, err = changesFromStart(ctx, run)
	}
	if err != nil {
		return Changes{Notes: []string{"the session's changes could not be replayed: " + err.Error()}}
	}
	var diff strings.Builder
	for _, l := range strings.SplitAfter(ch.Diff(), "\n") {
		if !strings.HasPrefix(l, "# ") { // the notes, listed apart
			diff.WriteString(l)
		}
	}
	return Changes{Diff: diff.String(), Notes: ch.Notes()}
}

// changesFromStart replays the session again, from its start state, for
// its changes.
func changesFromStart(ctx context.Context, run replay.RunOptions) (*replay.Changes, error) {
	f, err := transcript.OpenTranscript(run.Transcript)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return replay.SessionChanges(ctx, f, run.Transcript, run.Root, run.Session)
}

// sink is the driver's sink that lays the run out.
type sink struct {
	doc     *Document
	against replay.Against // what the calls were re-run against
}

func (s *sink) Begin(b replay.RunStart) error {
	d := s.doc
	d.Agent = string(b.Stats.Format)
	if d.Agent == "" {
		d.Agent = "unknown"
	}
	d.Session = b.Stats.SessionID
	d.Transcript, d.Root, d.RootWhy = b.File, b.Root, b.RootWhy
	d.Against = against(b.Start)
	s.against = b.Start.Against
	return nil
}

func (s *sink) Step(e replay.StepEvent) error {
	s.messages(e.Said)
	s.doc.Items = append(s.doc.Items, Item{Call: call(e.Step)})
	return nil
}

func (s *sink) End(sum replay.Summary) error {
	s.messages(sum.Tail)
	d, c := s.doc, sum.Counts
	d.Started, d.Ended = utc(sum.Stats.Started), utc(sum.Stats.Ended)
	if d.Session == "" && sum.Session != "" {
		d.Session = sum.Session
	}
	d.Calls = fmt.Sprintf("%s: %s with a repox equivalent, %s without", repoops.Plural(c.Calls, "call", "calls"), repoops.Commas(c.File), repoops.Commas(c.NoEquivalent))
	d.Findings = c.Text()
	d.FindingCount, d.NoteCount = c.FindingTotal(), c.NoteTotal()
	return nil
}

// against says what the calls were re-run against.
func against(in replay.StartInfo) string {
	switch {
	case in.Against == replay.AgainstNow:
		return "the tree as it is (--against now)"
	case in.Err != "":
		return "the tree as it is: the session's start state could not be written (" + in.Err + ")"
	case in.Changed == 0:
		return "the session's start state (the session changed no file)"
	}
	return "the session's start state, rebuilt for the " + repoops.Plural(in.Changed, "file", "files") + " the session changed"
}

func (s *sink) messages(msgs []transcript.Message) {
	for _, m := range msgs {
		out := &Message{Kind: string(m.Kind), Time: clock(m.Time), Text: m.Text}
		switch m.Kind {
		case transcript.MessageUser:
			out.Heading = "Turn " + strconv.Itoa(m.Turn)
		case transcript.MessageThinking:
			out.Heading, out.Folded, out.Cut = "Thinking", true, m.Cut // its length: finish
			if m.Text == "" {
				out.Heading, out.Folded = "Thinking", false
				out.Text = "(not in the transcript: redacted, or kept encrypted by the agent)"
			}
		case transcript.MessageCompaction:
			out.Heading = "The context was compacted here"
		case transcript.MessageInterrupted:
			out.Heading = "The person stopped the agent here"
		default:
			out.Heading = "Agent"
		}
		if m.Cut > 0 {
			out.More = "… " + repoops.Commas(m.Cut) + " more characters (the transcript reader keeps the first 2,000)"
		}
		s.doc.Items = append(s.doc.Items, Item{Message: out})
	}
}

// call lays out one replayed step.
func call(st replay.Step) *Call {
	c := st.Call
	out := &Call{Seq: c.Seq, Time: clock(c.Time), Tool: c.AgentTool, Args: indent(c.AgentArgs),
		NoEquivalent: c.NoEquivalent, Approx: c.Approx, Then: c.Text, Change: replay.CallDiff(c)}
	switch {
	case c.Subagent != "":
		out.Who = "subagent " + c.Subagent
	case c.Session != "":
		out.Who = "session " + c.Session
	}
	switch {
	case c.NoResult:
		out.ThenStatus, out.Then = "no result", "(no result in the transcript: "+replay.NoResultText(c, time.Now())+")"
	case c.IsError:
		out.ThenStatus = "error"
	default:
		out.ThenStatus = "ok"
	}
	out.ThenTold, out.CountNote = replay.ToldLines(st)
	for i, tc := range c.Repox {
		n := Now{Tool: tc.Tool, Args: indent(tc.Args)}
		if i < len(st.Now) {
			n.Status, n.Text = nowStatus(st.Now[i]), st.Now[i].Text
		} else {
			n.Status = "not run"
		}
		out.Now = append(out.Now, n)
	}
	cmp := replay.Differences(st) // the review prints no other rows
	if !cmp.Equal() {
		out.DiffText = repoops.Plural(cmp.Removed, "row", "rows") + " only then, " + repoops.Plural(cmp.Added, "row", "rows") + " only now"
		out.Diff = diffRows(cmp)
	}
	for _, f := range st.Flags {
		out.Flags = append(out.Flags, Flag{Note: f.Note(), Kind: string(f.Kind), Text: f.Text})
	}
	out.Findings, out.Notes = st.Graded()
	return out
}

// finish sets what is said of the texts as they are shown (after the
// scrub): a folded thinking's length, each call's one-line request.
func finish(d *Document) {
	for _, it := range d.Items {
		if m := it.Message; m != nil && m.Folded {
			m.Heading += " · " + repoops.Plural(utf8.RuneCountInString(m.Text)+m.Cut, "character", "characters")
		}
		if c := it.Call; c != nil {
			c.Summary = summaryLine(c.Args)
		}
	}
}

// diffRows are the rows of a comparison whose content differs.
func diffRows(cmp replay.Comparison) []DiffRow {
	var out []DiffRow
	for _, row := range cmp.Rows {
		if (row.Op == replay.RowChanged || row.Op == replay.RowRemoved) && row.Then != nil {
			out = append(out, DiffRow{"-", row.Then.String()})
		}
		if (row.Op == replay.RowChanged || row.Op == replay.RowAdded) && row.Now != nil {
			out = append(out, DiffRow{"+", row.Now.String()})
		}
	}
	if len(out) > maxDiffRows {
		n := len(out) - maxDiffRows
		out = append(out[:maxDiffRows:maxDiffRows], DiffRow{" ", "… " + repoops.Commas(n) + " more rows"})
	}
	return out
}

// nowStatus is one word or phrase for what repox did with a mapped call.
func nowStatus(o replay.Outcome) string {
	switch {
	case o.NotRun:
		return "not run"
	case o.DryRun && o.IsError:
		return "refused (only planned: the agent's failed)"
	case o.DryRun:
		return "would apply (only planned: the agent's failed)"
	case o.AlreadyApplied != "":
		return "already applied on disk (" + o.AlreadyApplied + ")"
	case o.Forced:
		return "refused; applied to the copy anyway, as the agent's succeeded"
	case o.IsError:
		return "refused"
	}
	return "ok"
}

// summaryLine is a call's arguments (as shown: indented JSON) in one
// line, cut.
func summaryLine(shown string) string {
	var b bytes.Buffer
	args := strings.Join(strings.Fields(shown), " ")
	if json.Compact(&b, []byte(shown)) == nil {
		args = b.String()
	}
	if r := []rune(args); len(r) > 120 {
		args = string(r[:120]) + "…"
	}
	return args
}

// indent is JSON arguments indented, as they were recorded otherwise
// (keys in their order, nothing re-escaped); as they are when not JSON.
func indent(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}

func utc(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

func clock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("15:04:05")
}

// scrub passes every string of d through the redactor (unless
// opts.NoRedact) and makes its control characters visible, then says
// what was redacted.
func scrub(d *Document, opts Options) {
	var r *Redactor
	if !opts.NoRedact {
		r = NewRedactor(opts.Home)
	}
	walkStrings(reflect.ValueOf(d).Elem(), func(s string) string {
		if r != nil {
			s = r.Scrub(s)
		}
		s, _ = repoops.ControlsVisible(s)
		return s
	})
	if r == nil {
		d.Redaction = Redaction{Off: true}
		return
	}
	d.Redaction = Redaction{Secrets: r.Counts(), Homes: r.Homes()}
	for _, c := range d.Redaction.Secrets {
		d.Redaction.Total += c.N
	}
}

// walkStrings sets every string reachable from v (fields, slices,
// pointers) to f of it, except fields tagged review:"keep".
func walkStrings(v reflect.Value, f func(string) string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(f(v.String()))
	case reflect.Pointer:
		if !v.IsNil() {
			walkStrings(v.Elem(), f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkStrings(v.Index(i), f)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).Tag.Get("review") != "keep" && t.Field(i).IsExported() {
				walkStrings(v.Field(i), f)
			}
		}
	}
}
