// Package blame is agent blame (`repox blame PATH[:LINE[-LINE]]`): for
// each line of a file as it is now, the last recorded session call whose
// change wrote that text and still stands, and what that agent had seen
// of the file when it did.
//
// The method: the sessions recorded for the folder are discovered (every
// agent, replay/discover); each whose transcript names the file is
// replayed by the one driver against its start state, as `repox replay`
// does; a StateSink takes, after each step that changed the file, the
// file as the replay left it and diffs it with the file before the step,
// so each line of the session's end state carries the call that last
// wrote it (or none). Each session's end state is then mapped onto the
// current file (an LCS over lines, go-udiff's): a current line takes the
// latest call (by time) among the sessions whose end state holds it at a
// consistent position; lines that no longer match are not attributed.
// The lines no session wrote get git's blame through repoops' git door.
package blame

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff/lcs"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// carried are the step flags a blamed line carries: what the agent had
// not seen when it wrote it.
var carried = map[replay.FlagKind]bool{replay.FlagEditUnread: true, replay.FlagEditAfterCompaction: true}

// Options are what to blame and where.
type Options struct {
	Root string // the repository (absolute or relative to the current folder)
	// Path is the file, relative to Root.
	Path string
	// From, To: the lines to answer for, 1-based inclusive (0, 0: all).
	From, To int
	// Env is where the agents keep their transcripts (discover.EnvFromOS).
	Env discover.Env
	// Limits bound each replay's scratch copy (zero: the defaults).
	Limits repoops.CopyOptions
	// Sessions, when set, are replayed instead of the ones discovered
	// (tests, benchmarks).
	Sessions []discover.SessionInfo
}

// Call is the session call a line is attributed to.
type Call struct {
	Agent      transcript.Agent `json:"agent"`
	Session    string           `json:"session"` // the session's id ("" when the transcript records none)
	Transcript string           `json:"transcript"`
	Seq        int              `json:"call"` // the call's #N in the session
	Time       time.Time        `json:"time,omitzero"`
	Tool       string           `json:"tool"` // the agent's tool
	// FileLines is the file's line count after the call, Wrote how many
	// of them the call wrote; Seen the other lines the agent knew when it
	// wrote them, shown by its reads or written by its earlier changes, in
	// the file's numbering after the call; SeenLines how many; Written:
	// the session had created or overwritten the file whole.
	FileLines int                `json:"fileLines"`
	Wrote     int                `json:"wrote"`
	Seen      []replay.LineRange `json:"seen,omitempty"`
	SeenLines int                `json:"seenLines"`
	Written   bool               `json:"written,omitempty"`
	// Flags: the call's edit-unread / edit-after-compaction findings.
	Flags []replay.FlagKind `json:"flags,omitempty"`
}

// Commit is git's blame of a line no session wrote.
type Commit struct {
	Hash        string `json:"hash"`
	Author      string `json:"author,omitempty"`
	Date        string `json:"date,omitempty"`
	Uncommitted bool   `json:"uncommitted,omitempty"`
}

// Line is one line of the file and who wrote it.
type Line struct {
	N        int     `json:"n"`
	Text     string  `json:"text"`
	CutChars int     `json:"cutChars,omitempty"` // characters of an overlong line left out, as repo_read_file cuts it
	Call     *Call   `json:"call,omitempty"`     // nil: not written by a recorded session
	Commit   *Commit `json:"commit,omitempty"`   // git's blame, for a line no session wrote
	// Note is NotWritten for a line no recorded session wrote.
	Note string `json:"note,omitempty"`
}

// NotWritten is what a line no recorded session wrote says.
const NotWritten = "not written by a recorded session"

// Result is the blame of one file.
type Result struct {
	Path       string // as repo_read_file shows it
	TotalLines int
	Lines      []Line // the lines asked for
	// Replayed: the sessions replayed; Considered: the sessions recorded
	// for the folder; Passed: what was passed over, a sentence each.
	Replayed, Considered int
	Passed               []string
	// GitNote says why no line has a commit ("": git answered).
	GitNote string
}

// Blame answers for the lines of opts.Path.
func Blame(ctx context.Context, opts Options) (*Result, error) {
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder — give --root the repository's folder", repoops.QuoteName(opts.Root))
	}
	rel := filepath.ToSlash(filepath.Clean(opts.Path))
	repo, err := repoops.Open(root)
	if err != nil {
		return nil, fmt.Errorf("%v — give --root the repository's folder", err)
	}
	defer repo.Close()
	if err := checkFile(root, rel); err != nil {
		return nil, err
	}
	cur, total, err := readCurrent(ctx, repo, rel)
	if err != nil {
		return nil, err
	}
	from, to, err := lineRange(opts, rel, total)
	if err != nil {
		return nil, err
	}
	res := &Result{Path: repoops.DisplayPath(rel), TotalLines: total}
	sessions := opts.Sessions
	if sessions == nil {
		var passed []string
		sessions, passed, err = discoverAll(ctx, root, opts.Env)
		if err != nil {
			return nil, err
		}
		res.Passed = append(res.Passed, passed...)
	}
	res.Considered = len(sessions)
	keys := make([]string, len(cur))
	for i, l := range cur {
		keys[i] = l.key
	}
	best := make([]*Call, len(cur))
	for _, s := range sessions {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		srel, sroot, ok := sessionPath(root, rel, s.Cwd)
		if !ok || !mentions(s.Path, path.Base(rel)) {
			continue
		}
		end, err := replaySession(ctx, s, sroot, srel, opts.Limits)
		res.Replayed++
		if err != nil {
			res.Passed = append(res.Passed, fmt.Sprintf("%s session %s (%s) could not be replayed: %s", s.Agent, shortID(s.ID), repoops.QuoteName(s.Path), transcript.OneLine(err.Error())))
			continue
		}
		if end == nil {
			continue
		}
		onto := carry(end.keys, end.origin, keys, nil)
		for i, c := range onto {
			if c != nil && later(c, best[i]) {
				best[i] = c
			}
		}
	}
	for n := from; n <= to; n++ {
		l := cur[n-1]
		ln := Line{N: n, Text: l.text, CutChars: l.cut, Call: best[n-1]}
		if ln.Call == nil {
			ln.Note = NotWritten
		}
		res.Lines = append(res.Lines, ln)
	}
	res.GitNote = gitBlame(ctx, repo, rel, res.Lines)
	return res, nil
}

// lineRange is the lines of rel (total of them) that opts asks about:
// all of them unless opts.From is set. Split from Blame so it reads as
// open, replay, answer.
func lineRange(opts Options, rel string, total int) (from, to int, err error) {
	if opts.From <= 0 {
		return 1, total, nil
	}
	switch {
	case total == 0:
		return 0, 0, fmt.Errorf("%s is empty (0 lines): leave the lines out", repoops.DisplayPath(rel))
	case opts.From > total || opts.To > total:
		return 0, 0, fmt.Errorf("lines %d-%d are past the end: %s has %s — ask for lines within 1-%d", opts.From, opts.To, repoops.DisplayPath(rel), repoops.Plural(total, "line", "lines"), total)
	}
	return opts.From, max(opts.To, opts.From), nil
}

// later: c was made after b (b nil: always).
func later(c, b *Call) bool {
	if b == nil {
		return true
	}
	if !c.Time.Equal(b.Time) {
		return c.Time.After(b.Time)
	}
	return c.Seq > b.Seq
}

// checkFile refuses what blame cannot answer for, saying what to give.
func checkFile(root, rel string) error {
	shown := repoops.DisplayPath(rel)
	if rel == "." || rel == "" {
		return fmt.Errorf("the root is a folder — blame takes one file: repox blame PATH")
	}
	if rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
		return fmt.Errorf("%s lies outside the root %s — give --root the repository that holds it", repoops.QuoteName(rel), repoops.QuoteName(root))
	}
	st, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel)))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s does not exist under %s — give a file of the repository (repox blame PATH, relative to the current folder)", shown, repoops.QuoteName(root))
	case err != nil:
		return fmt.Errorf("%s could not be read: %v", shown, err)
	case st.IsDir():
		return fmt.Errorf("%s is a folder — blame takes one file: repox blame %s/FILE", shown, strings.TrimSuffix(shown, "/"))
	}
	return nil
}

// curLine is one line of the file now: as repo_read_file shows it, and
// the key it is matched on.
type curLine struct {
	text string
	cut  int
	key  string
}

// readCurrent reads the whole file through a look session (the agent's
// view of it: repo_read_file's lines, refusals and cuts), window by window.
func readCurrent(ctx context.Context, repo *repoops.Repo, rel string) ([]curLine, int, error) {
	look := repo.LookSession()
	var out []curLine
	total := 0
	for offset := 1; ; {
		off, lim := offset, repoops.ReadMaxLimit
		r, err := look.ReadFile(ctx, repoops.ReadArgs{Path: rel, Offset: &off, Limit: &lim})
		if err != nil {
			if strings.Contains(err.Error(), "binary file") {
				return nil, 0, fmt.Errorf("%s is a binary file — blame shows text lines; git log -- %s shows its history", repoops.DisplayPath(rel), repoops.DisplayPath(rel))
			}
			return nil, 0, err
		}
		total = r.TotalLines
		for _, l := range r.Lines {
			out = append(out, curLine{text: l.Text, cut: l.CutChars, key: l.Text + "\x00" + strconv.Itoa(l.CutChars)})
		}
		if len(r.Lines) == 0 || len(out) >= total {
			break
		}
		offset = r.Lines[len(r.Lines)-1].N + 1
	}
	if len(out) != total {
		return nil, 0, fmt.Errorf("%s changed while it was read — blame it again", repoops.DisplayPath(rel))
	}
	return out, total, nil
}

// lineKeys splits replayed content into lines keyed as readCurrent keys
// the file now: a CRLF's CR dropped, invalid UTF-8 shown as U+FFFD, cut
// after repo_read_file's line length.
func lineKeys(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	s := strings.TrimSuffix(string(b), "\n")
	parts := strings.Split(s, "\n")
	for i, p := range parts {
		p = strings.TrimSuffix(p, "\r")
		if !utf8.ValidString(p) {
			p = strings.ToValidUTF8(p, "\uFFFD")
		}
		cut := 0
		if n := utf8.RuneCountInString(p); n > repoops.ReadLineChars {
			cut = n - repoops.ReadLineChars
			k := 0
			for j := range p {
				if k == repoops.ReadLineChars {
					p = p[:j]
					break
				}
				k++
			}
		}
		parts[i] = p + "\x00" + strconv.Itoa(cut)
	}
	return parts
}

// carry maps origins of lines a onto lines b: a line of b in an unchanged
// run keeps its origin in a; a line of b the diff says was written gets
// fresh.
func carry(a []string, origin []*Call, b []string, fresh *Call) []*Call {
	out := make([]*Call, len(b))
	ai, bi := 0, 0
	for _, d := range lcs.DiffLines(a, b) {
		for ; ai < d.Start && bi < d.ReplStart; ai, bi = ai+1, bi+1 {
			out[bi] = origin[ai]
		}
		for bi = d.ReplStart; bi < d.ReplEnd; bi++ {
			out[bi] = fresh
		}
		ai = d.End
	}
	for ; ai < len(a) && bi < len(b); ai, bi = ai+1, bi+1 {
		out[bi] = origin[ai]
	}
	return out
}

// sessionPath is the file relative to the folder a session is replayed
// against: its recorded folder when that lies in the root (and holds the
// file), else the root. ok is false when the session's folder does not
// hold the file.
func sessionPath(root, rel, cwd string) (srel, sroot string, ok bool) {
	if cwd == "" {
		return rel, root, true
	}
	c := filepath.Clean(cwd)
	if r, err := filepath.EvalSymlinks(c); err == nil {
		c = r
	}
	base := root
	if r, err := filepath.EvalSymlinks(root); err == nil {
		base = r
	}
	in, err := filepath.Rel(base, c)
	if err != nil || in == ".." || strings.HasPrefix(in, ".."+string(filepath.Separator)) {
		return rel, root, true // recorded elsewhere (discovery matched it on a name): the root
	}
	if in == "." {
		return rel, root, true
	}
	sub := filepath.ToSlash(in)
	if !strings.HasPrefix(rel, sub+"/") {
		return "", "", false
	}
	return strings.TrimPrefix(rel, sub+"/"), filepath.Join(root, in), true
}

// mentions reports whether the transcript at p may hold a change of the
// file named name: a session that changed it names it in its arguments,
// so a transcript without the name is not replayed. One that starts
// subagents ("agentId": Claude Code merges their transcripts, kept beside
// it) is replayed whatever its own lines say, and so is a name JSON might
// escape.
func mentions(p, name string) bool {
	for _, r := range name {
		if r >= utf8.RuneSelf || r < 0x20 || r == '"' || r == '\\' || r == '<' || r == '>' || r == '&' {
			return true
		}
	}
	f, err := transcript.OpenTranscript(p)
	if err != nil {
		return true // the replay says why
	}
	defer f.Close()
	needles := [][]byte{[]byte(name), []byte(`"agentId"`)}
	longest := max(len(needles[0]), len(needles[1]))
	rd := bufio.NewReaderSize(f, 1<<20)
	buf := make([]byte, 1<<20)
	keep := 0
	for {
		n, err := io.ReadFull(rd, buf[keep:])
		chunk := buf[:keep+n]
		for _, nd := range needles {
			if bytes.Contains(chunk, nd) {
				return true
			}
		}
		if err != nil {
			return false
		}
		keep = min(longest-1, len(chunk))
		copy(buf, chunk[len(chunk)-keep:])
	}
}

// discoverAll lists the sessions recorded for root (under its name and
// under the name its links resolve to).
func discoverAll(ctx context.Context, root string, env discover.Env) ([]discover.SessionInfo, []string, error) {
	if env.Home == "" && env.Now.IsZero() {
		env = discover.EnvFromOS()
	}
	dirs := []string{root}
	if r, err := filepath.EvalSymlinks(root); err == nil && r != root {
		dirs = append(dirs, r)
	}
	var all []discover.SessionInfo
	var passed []string
	seen := map[string]bool{}
	for _, d := range dirs {
		found, err := discover.DiscoverAll(ctx, d, env)
		if err != nil {
			return nil, nil, err
		}
		for _, p := range found.Passed {
			if !seen[p] {
				seen[p] = true
				passed = append(passed, p)
			}
		}
		for _, s := range found.Sessions {
			if key := s.Path + "\x00" + s.ID; !seen[key] {
				seen[key] = true
				all = append(all, s)
			}
		}
	}
	return all, passed, nil
}

// shortID is a session id's first 8 characters (its whole when shorter).
func shortID(id string) string {
	id = strings.TrimPrefix(id, "rollout-")
	if utf8.RuneCountInString(id) <= 8 {
		return id
	}
	return string([]rune(id)[:8])
}
