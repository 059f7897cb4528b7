package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// What a session changed: every file its file tools wrote, from the
// session's start state (rebuilt from the transcript, rerun_start.go) to
// its end (the scratch copy after the whole replay), as one unified diff
// `git apply` takes in the session's folder. Peers' most asked feature:
// "what did this session do to my tree?". A file whose start or end is
// not known is named, never guessed; a path a patch must not carry (out
// of the folder, into .git, control characters) is refused with why.

// FileChange is one file the session wrote.
type FileChange struct {
	Path        string `json:"path"` // relative to the session's folder, /-separated
	Start       string `json:"-"`
	End         string `json:"-"`
	StartAbsent bool   `json:"startAbsent,omitempty"` // created by the session
	EndAbsent   bool   `json:"endAbsent,omitempty"`   // gone at the end
	// Why says why the file is not in the diff ("": it is).
	Why string `json:"why,omitempty"`
}

// Changes is what one session changed.
type Changes struct {
	Files []FileChange // sorted by path; those with Why are left out of the diff
	// Elsewhere: the session's writes the replay cannot place (a path
	// outside its folder, a deletion or move no repox tool makes), each a
	// sentence naming the call.
	Elsewhere []string
	// Shell: calls that ran a shell command that may change files; their
	// changes are not in the diff.
	Shell int
	// Counts: the replay's calls, findings and notes, as the report
	// counts them (the driver's)
	Counts Counts
}

// SessionChanges replays the session in r (a transcript at path; a repox
// log: the session named, or its only one) from its start state against
// root ("": the rule of --report) and returns what it changed.
func SessionChanges(ctx context.Context, r io.ReadSeeker, path, root, session string) (*Changes, error) {
	sink := NewChangesSink(nil)
	if _, err := RunFrom(ctx, r, RunOptions{Transcript: path, Root: root, Session: session, Against: AgainstStart}, path, sink); err != nil {
		return nil, err
	}
	return sink.Changes()
}

// ChangesSink is a Sink that keeps what the session changed and hands
// every event on to another sink, so that one run gives both a face's
// own output and the session's changes (SessionChanges is one around no
// other). The changes are known only for a run from the session's start
// state (AgainstStart) that ended; Changes says why not otherwise.
type ChangesSink struct {
	next     Sink // nil: none
	out      *Changes
	sessions map[string]bool
	endErr   error
	against  Against
	ended    bool
}

// NewChangesSink is a ChangesSink handing the run on to next (nil: to
// nothing).
func NewChangesSink(next Sink) *ChangesSink {
	return &ChangesSink{next: next, out: &Changes{}, sessions: map[string]bool{}}
}

func (s *ChangesSink) Begin(b RunStart) error {
	s.against = b.Start.Against
	if s.next == nil {
		return nil
	}
	return s.next.Begin(b)
}

func (s *ChangesSink) Step(e StepEvent) error {
	s.out.noteCall(e.Step.Call)
	if s.next == nil {
		return nil
	}
	return s.next.Step(e)
}

func (s *ChangesSink) End(sum Summary) error {
	s.out.Counts, s.ended = sum.Counts, true
	if s.next == nil {
		return nil
	}
	return s.next.End(sum)
}

// sessionEnd keeps each session's files at its end, and hands the end on
// to a next sink that wants it too.
func (s *ChangesSink) sessionEnd(id string, rp *Replayer) error {
	s.sessions[id] = true
	if err := rp.collectChanges(s.out); err != nil && s.endErr == nil {
		s.endErr = err
	}
	if e, ok := s.next.(sessionEnder); ok {
		return e.sessionEnd(id, rp)
	}
	return nil
}

// Changes is what the session changed, once the run has ended: an error
// when the run did not end, was not from the session's start state, held
// more than one session, or a session's end could not be read.
func (s *ChangesSink) Changes() (*Changes, error) {
	switch {
	case !s.ended:
		return nil, errors.New("the session's changes are not known: the replay did not end")
	case s.against != AgainstStart:
		return nil, fmt.Errorf("the session's changes are given from its start state: the replay was against %s", s.against)
	}
	if len(s.sessions) > 1 {
		ids := make([]string, 0, len(s.sessions))
		for id := range s.sessions {
			ids = append(ids, repoops.QuoteName(id))
		}
		sort.Strings(ids)
		return nil, fmt.Errorf("the log holds %d sessions (%s): pick one with --session ID", len(ids), ExamplesN(ids, 5))
	}
	if s.endErr != nil {
		return nil, s.endErr
	}
	out := s.out
	sort.Slice(out.Files, func(i, j int) bool { return out.Files[i].Path < out.Files[j].Path })
	return out, nil
}

// writingTools are the agents' tools that change files.
var writingTools = map[string]bool{"Write": true, "Edit": true, "MultiEdit": true, "NotebookEdit": true,
	"apply_patch": true, "write_file": true, "replace": true, "repo_edit": true, "repo_write": true, "repo_insert": true}

// noteCall keeps what the diff cannot hold of one call.
func (ch *Changes) noteCall(c transcript.Call) {
	if c.IsError || c.NoResult {
		return
	}
	switch {
	case writingTools[c.AgentTool] && c.NoEquivalent != "":
		ch.Elsewhere = append(ch.Elsewhere, fmt.Sprintf("call #%d (%s) is not in the diff: %s", c.Seq, repoops.QuoteName(c.AgentTool), c.NoEquivalent))
	case writingTools[c.AgentTool] && c.Approx != "":
		ch.Elsewhere = append(ch.Elsewhere, fmt.Sprintf("call #%d (%s) is in the diff only in part: %s", c.Seq, repoops.QuoteName(c.AgentTool), c.Approx))
	case strings.HasPrefix(c.NoEquivalent, "shell command ") && strings.Contains(c.NoEquivalent, "may change files"):
		ch.Shell++
	}
}

// collectChanges adds each file the replayed session changed, read from
// the scratch copy at its end.
func (r *Replayer) collectChanges(out *Changes) error {
	if r.plan == nil || len(r.plan.changes) == 0 {
		return nil
	}
	if r.sroot == nil {
		why := "the scratch copy was not made"
		if r.copyErr != nil {
			why = r.copyErr.Error()
		}
		return errors.New("the session's changes could not be replayed: " + why)
	}
	for path := range r.plan.changes {
		fc := FileChange{Path: path}
		st, ok := r.starts[path]
		switch {
		case diffPathProblem(path) != "":
			fc.Why = diffPathProblem(path)
		case !ok || st.how == startUnknown:
			fc.Why = "its content at the session's start is not in the transcript and could not be rebuilt from the root's file"
		case len(r.notReplayed[path]) > 0:
			fc.Why = fmt.Sprintf("the agent's call #%d on it could not be replayed, so its content at the end is not known", r.notReplayed[path][0])
		}
		if fc.Why == "" {
			fc.Start, fc.StartAbsent = st.content, st.absent
			b, err := r.sroot.ReadFile(filepath.FromSlash(path))
			switch {
			case errors.Is(err, fs.ErrNotExist):
				fc.EndAbsent = true
			case err != nil:
				fc.Why = "its content at the end could not be read from the scratch copy: " + err.Error()
			default:
				fc.End = string(b)
			}
		}
		if fc.Why == "" && (strings.IndexByte(fc.Start, 0) >= 0 || strings.IndexByte(fc.End, 0) >= 0) {
			fc.Why = "it holds binary content (a NUL byte), which a text diff cannot carry"
		}
		out.Files = append(out.Files, fc)
	}
	return nil
}

// diffPathProblem says why p may not be named in a patch ("": it may):
// `git apply` writes where a patch says, so a path out of the folder,
// into .git, or with characters a patch line would have to quote is
// refused rather than passed on.
func diffPathProblem(p string) string {
	q := repoops.QuoteName(p)
	switch {
	case p == "":
		return "the call names no file"
	case !utf8.ValidString(p):
		return "path " + q + " is not valid UTF-8"
	case strings.HasPrefix(p, "/") || filepath.VolumeName(p) != "" || strings.Contains(p, "\\"):
		return "path " + q + " is absolute or holds a backslash: it is not inside the session's folder"
	}
	for _, r := range p {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '"' {
			return "path " + q + " holds a control character or a quote, which a patch line cannot carry as it is"
		}
	}
	if strings.TrimSpace(p) != p {
		return "path " + q + " begins or ends with a space, which a patch line cannot carry as it is"
	}
	for _, part := range strings.Split(p, "/") {
		switch {
		case part == "" || part == "." || part == "..":
			return "path " + q + " is not a plain relative path (an empty, . or .. part): it may lead out of the session's folder"
		case strings.EqualFold(part, ".git"):
			return "path " + q + " lies inside .git, which a patch must not write"
		}
	}
	return ""
}

// Diff is the changes as one unified diff (a/ and b/ prefixes, new files
// from /dev/null) preceded by "# " lines naming what it leaves out;
// `git apply` skips those lines.
func (ch *Changes) Diff() string {
	var b strings.Builder
	for _, n := range ch.Notes() {
		b.WriteString("# " + transcript.Sanitize(transcript.OneLine(n)) + "\n")
	}
	for _, f := range ch.Files {
		if f.Why == "" {
			b.WriteString(FileDiff(f))
		}
	}
	return b.String()
}

// Notes are the sentences saying what the diff leaves out.
func (ch *Changes) Notes() []string {
	var notes []string
	in := 0
	for _, f := range ch.Files {
		if f.Why != "" {
			notes = append(notes, "not in the diff: "+repoops.QuoteName(f.Path)+": "+f.Why)
		} else if FileDiff(f) != "" {
			in++
		}
	}
	notes = append(notes, ch.Elsewhere...)
	if ch.Shell > 0 {
		notes = append(notes, fmt.Sprintf("%d shell %s may have changed files too; only the file tools' changes are in the diff", ch.Shell, repoops.Noun(ch.Shell, "command", "commands")))
	}
	if in == 0 && len(notes) == 0 {
		notes = append(notes, "the session's file tools changed no file")
	}
	return notes
}

// FileDiff is one file's part of the diff, with git's header so that a
// created or emptied file applies too ("" when start and end are equal).
func FileDiff(f FileChange) string {
	if f.StartAbsent == f.EndAbsent && f.Start == f.End {
		return ""
	}
	from, to := "a/"+f.Path, "b/"+f.Path
	head := "diff --git " + from + " " + to + "\n"
	switch {
	case f.StartAbsent:
		from = "/dev/null"
		head += "new file mode 100644\n"
	case f.EndAbsent:
		to = "/dev/null"
		head += "deleted file mode 100644\n"
	}
	return head + udiff.Unified(from, to, f.Start, f.End)
}
