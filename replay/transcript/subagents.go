package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Claude Code runs a Task (or Agent) call's subagent in a transcript of its
// own: <session>/subagents/agent-<id>.jsonl beside the session's file
// (2.1.x), or agent-<id>.jsonl beside it with isSidechain records (2.0.x).
// Both are the same session: a Reader given the session's path reads the
// subagent's calls when the Task's result names its agentId, and yields
// them right after the Task call, numbered in the session's order, with
// Parent set to the Task call's id. The files are hostile input like the
// session's: the id must be a plain name, no link is followed (neither the
// file nor the folders leading to it), only regular files are opened
// without blocking, at most maxSubagentFiles a session, each once, and a
// subagent's own Task calls are not followed further.

// maxSubagentFiles bounds the subagent transcripts one session reads.
const maxSubagentFiles = 256

// agentIDRule: an agentId that may name a file ("a2018e5"); anything else
// (a path, "..") is never put into a path.
var agentIDRule = LazyRegexp(`^[A-Za-z0-9_-]{1,64}$`)

// subagentMerge is a Reader's state for merging subagents into its calls.
type subagentMerge struct {
	path      string          // the session's transcript
	cur       *subagentStream // a subagent whose calls are still to yield
	shift     int             // calls inserted so far: the session's own calls move down by this
	read      map[string]int
	calls     int // subagent calls yielded or queued (added to Stats)
	fileCalls int
}

// WithSubagents makes r merge the calls of the Claude Code subagents its
// Task calls started, read from beside path (the transcript r reads).
func (r *Reader) WithSubagents(path string) *Reader {
	r.sub = &subagentMerge{path: path, read: map[string]int{}}
	r.s.path = path
	return r
}

// pass renumbers one of the session's own calls and, for a Task that
// started a subagent, queues the subagent's calls after it.
func (m *subagentMerge) pass(c Call, st Stats, summary bool) Call {
	c.Seq += m.shift
	id := c.spawned
	if id == "" {
		return c
	}
	if first, ok := m.read[id]; ok {
		c.NoEquivalent = "a subagent task; its subagent " + quoted(id) + " was already merged under call #" + strconv.Itoa(first)
		return c
	}
	if len(m.read) >= maxSubagentFiles {
		c.NoEquivalent = fmt.Sprintf("a subagent task; its calls were not read: this session started more than %d subagents", maxSubagentFiles)
		return c
	}
	m.read[id] = c.Seq
	sub, file, err := readSubagent(m.path, id, st.SessionID, summary)
	if err != nil {
		c.NoEquivalent = "a subagent task; its calls could not be merged: " + err.Error()
		return c
	}
	m.calls += sub.left
	m.fileCalls += sub.fileCalls
	m.shift += sub.left
	sub.seq, sub.parent, sub.id, sub.compactions = c.Seq+1, c.ID, id, c.Compactions
	if sub.left > 0 {
		m.cur = sub
	} else {
		sub.close()
	}
	switch n := sub.left; n {
	case 0:
		c.NoEquivalent = "a subagent task; its subagent made no call (read from " + quoted(file) + ")"
	case 1:
		c.NoEquivalent = fmt.Sprintf("a subagent task; its call follows as #%d (read from %s)", c.Seq+1, quoted(file))
	default:
		c.NoEquivalent = fmt.Sprintf("a subagent task; its %d calls follow as #%d–#%d (read from %s)", n, c.Seq+1, c.Seq+n, quoted(file))
	}
	return c
}

// readSubagent reads the calls of subagent id of the session whose
// transcript is at path: the 2.1.x file first, then the 2.0.x one. A file
// of another session (2.0.x ids are short and share one folder) is not
// taken.
func readSubagent(path, id, session string, summary bool) (*subagentStream, string, error) {
	if !agentIDRule().MatchString(id) {
		return nil, "", fmt.Errorf("its agentId %s is not a plain name, so no file was looked for", quoted(id))
	}
	dir := filepath.Dir(path)
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	name := "agent-" + id + ".jsonl"
	candidates := []struct{ file, via string }{
		{filepath.Join(dir, base, "subagents", name), filepath.Join(dir, base)},
		{filepath.Join(dir, name), ""},
	}
	var tried []string
	for _, cand := range candidates {
		if cand.via != "" {
			if err := plainFolders(cand.via, filepath.Join(cand.via, "subagents")); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					tried = append(tried, quoted(cand.file))
					continue
				}
				return nil, cand.file, err
			}
		}
		f, _, err := OpenRegular(cand.file, false)
		if errors.Is(err, fs.ErrNotExist) {
			tried = append(tried, quoted(cand.file))
			continue
		}
		if err != nil {
			return nil, cand.file, fmt.Errorf("%s was not read: %s", quoted(cand.file), ErrText(err))
		}
		sub, st, err := streamFrom(f, summary)
		if err != nil {
			f.Close()
			return nil, cand.file, fmt.Errorf("%s could not be read: %v", quoted(cand.file), err)
		}
		if st.SessionID != "" && session != "" && st.SessionID != session {
			f.Close()
			tried = append(tried, quoted(cand.file)+" (of session "+quoted(st.SessionID)+")")
			continue
		}
		return sub, cand.file, nil
	}
	return nil, "", fmt.Errorf("no transcript of subagent %s was found (looked for %s)", quoted(id), strings.Join(tried, ", "))
}

// plainFolders: each of dirs is a folder, not a link to one (a link is
// never followed); a missing one is fs.ErrNotExist.
func plainFolders(dirs ...string) error {
	for _, d := range dirs {
		info, err := os.Lstat(d)
		switch {
		case err != nil:
			return err
		case info.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s was not followed: %s", quoted(d), ErrLink.Error())
		case !info.IsDir():
			return fs.ErrNotExist
		}
	}
	return nil
}

// A subagent's calls are streamed, not read into memory whole (a
// subagent's transcript is as long as a session's: issue 43 item 6): a
// first pass counts them (the Task's text says how many follow, and the
// session's own calls move down by that), a second reads them from the
// same open file as they are taken, at most that many.

// subagentStream is a subagent transcript whose calls are still to yield.
type subagentStream struct {
	f         *os.File
	rd        *Reader
	left      int // calls still to yield
	fileCalls int
	seq       int    // the next call's Seq
	parent    string // the Task call's id
	id        string // the subagent's id
	// compactions: the Task call's Compactions, which its subagent's calls
	// take: they ran in the session's context of that moment (a
	// subagent's own compactions are its context's, not the session's)
	compactions int
}

// streamFrom counts the calls of a subagent transcript (a summary read,
// keeping none) and readies their second read from its start.
func streamFrom(f *os.File, summary bool) (*subagentStream, Stats, error) {
	count := NewSummaryReader(f)
	sub := &subagentStream{f: f}
	for {
		c, err := count.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, count.Stats(), err
		}
		sub.left++
		if c.IsFileTool() {
			sub.fileCalls++
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, count.Stats(), err
	}
	sub.rd = NewReader(f)
	sub.rd.s.summary = summary
	return sub, count.Stats(), nil
}

// next is the subagent's next call, numbered in the session; false at
// its end (its file is closed then).
func (m *subagentMerge) next() (Call, bool) {
	sub := m.cur
	if sub == nil {
		return Call{}, false
	}
	var c Call
	err := io.EOF
	if sub.left > 0 {
		c, err = sub.rd.Next()
	}
	if err != nil {
		sub.close()
		m.cur = nil
		return Call{}, false
	}
	sub.left--
	c.Seq, c.Parent = sub.seq, sub.parent
	c.Compactions, c.KeptCalls = sub.compactions, 0
	sub.seq++
	if c.Subagent == "" {
		c.Subagent = sub.id
	}
	return c, true
}

func (sub *subagentStream) close() { sub.f.Close() }

// taskAgent is id when c is a call that starts a subagent, else "".
func taskAgent(c *Call, id string) string {
	if c.AgentTool == "Task" || c.AgentTool == "Agent" {
		return id
	}
	return ""
}

// agentIDOf is a toolUseResult's agentId, decoded only when the bytes
// name one (a summary read decodes no result otherwise).
func agentIDOf(raw rawRef) string {
	if len(raw) == 0 || raw[0] != '{' || len(raw) > maxStructured || !bytes.Contains(raw, []byte(`"agentId"`)) {
		return ""
	}
	var v struct {
		AgentID string `json:"agentId"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return v.AgentID
}

// NewMergingReader is NewReader, merging subagents when path is known.
func NewMergingReader(r io.Reader, path string) *Reader {
	rd := NewReader(r)
	if path != "" {
		rd.WithSubagents(path)
	}
	return rd
}

// isSidechainFile: the transcript at path is a 2.0.x subagent's (its first
// records say isSidechain). It reads at most codexHeadLines lines of at
// most codexHeadLine bytes, without following a link.
func isSidechainFile(path string) bool {
	f, _, err := OpenRegular(path, false)
	if err != nil {
		return false
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	for range codexHeadLines {
		line, err := ReadBoundedLine(br, codexHeadLine)
		if len(bytes.TrimSpace(line)) > 0 {
			var head struct {
				IsSidechain bool `json:"isSidechain"`
			}
			return json.Unmarshal(line, &head) == nil && head.IsSidechain
		}
		if err != nil {
			return false
		}
	}
	return false
}
