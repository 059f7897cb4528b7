package repoops

import (
	"fmt"
	"unicode/utf8"
)

// GateCause is why the read-before-edit gate decided as it did.
type GateCause int

const (
	GateAllowed     GateCause = iota // last read full, file unchanged since
	GateNeverRead                    // this session never read the file
	GatePartialRead                  // the last read was not full
	GateUnreadable                   // the file can never be read in full in one call
	GateChanged                      // the file changed on disk since the full read
	GateMissing                      // the file does not exist (repo_write may create it)
	GateNotEditable                  // symlink, folder, binary, not UTF-8, hard-linked, bad path…
)

func (c GateCause) String() string {
	switch c {
	case GateAllowed:
		return "read in full, unchanged"
	case GateNeverRead:
		return "not read"
	case GatePartialRead:
		return "partly read"
	case GateUnreadable:
		return "too large to read in full"
	case GateChanged:
		return "changed on disk since the read"
	case GateMissing:
		return "does not exist"
	}
	return "not editable"
}

// GateVerdict is the read-before-edit gate's decision for one file: may
// this session change it now? Reason is the model-facing refusal (empty
// when Allowed); it says why and what to do next.
type GateVerdict struct {
	Path     string      `json:"path"` // display form
	Allowed  bool        `json:"allowed"`
	Cause    GateCause   `json:"cause"`
	Reason   string      `json:"reason,omitempty"`
	LastRead *ReadRecord `json:"-"`     // the session's last read, nil if never read
	Lines    int         `json:"lines"` // lines in the file now (0 when missing or not inspected)
}

// GateCheck is the read-before-edit gate: it says whether repo_edit,
// repo_insert or an overwriting repo_write may change path now, and if not
// why. It only looks (stat, read, hash); it never writes and never changes
// the session, so the TUI can show it beside an edit preview. path takes
// every form the tools accept.
func (s *Session) GateCheck(path string) GateVerdict {
	rel, err := s.repo.resolveFilePath(path)
	if err != nil {
		return GateVerdict{Path: DisplayPath(path), Cause: GateNotEditable, Reason: err.Error()}
	}
	t, err := s.repo.openEditTarget(rel, false)
	if err != nil {
		return GateVerdict{Path: DisplayPath(rel), Cause: GateNotEditable, Reason: err.Error()}
	}
	defer t.Close()
	st, err := inspectTarget(t, DisplayPath(rel))
	if err != nil {
		return GateVerdict{Path: DisplayPath(rel), Cause: GateNotEditable, Reason: err.Error()}
	}
	return s.decide(rel, st)
}

// decide is the gate's one rule, applied to a file's current state: the
// session's last read of it must be full (offset 1, no byte cut, no line
// cut, the window reaching the end) and its fingerprint (size, mtime,
// ctime, inode, SHA-256) must equal the file's now. Never grant on a
// clipped window (seed 003).
func (s *Session) decide(rel string, st *fileState) GateVerdict {
	shown := DisplayPath(rel)
	v := GateVerdict{Path: shown}
	rec, read := s.LastRead(rel)
	if read {
		v.LastRead = &rec
	}
	if !st.Exists {
		v.Cause = GateMissing
		v.Reason = fmt.Sprintf("%s does not exist — call repo_find to look for it, or repo_write to create it", shown)
		return v
	}
	v.Lines = CountLines(st.Content)
	// A file no single read can return whole is never changed, also when
	// this session's own write took it past the caps: a grant from that
	// write would let the model change lines it can no longer see together.
	if blocker := fullReadBlocker(st.Content); blocker != "" {
		v.Cause = GateUnreadable
		v.Reason = fmt.Sprintf("%s cannot be changed with repox: %s, so it can never be read in full, and repo_edit, repo_insert and repo_write need a full read first — change it with another tool", shown, blocker)
		return v
	}
	switch {
	case !read:
		v.Cause = GateNeverRead
		v.Reason = fmt.Sprintf("%s has not been read in this session — read it in full with repo_read_file first (offset 1, limit>=%d); edits need a full, fresh read", shown, max(v.Lines, 1))
	case !rec.Full:
		v.Cause = GatePartialRead
		last := rec.Offset - 1 + rec.Returned
		seen := fmt.Sprintf("lines %d-%d of %d", rec.Offset, last, rec.TotalLines)
		if rec.Returned == 0 {
			seen = fmt.Sprintf("no lines of %d", rec.TotalLines)
		}
		if rec.ByteCut {
			seen += ", cut at the " + SizeText(readMaxOutput) + " output cap"
		}
		if rec.LineCut {
			seen += ", with long lines cut"
		}
		fix := fmt.Sprintf("read with limit>=%d first", max(v.Lines, 1))
		if rec.Offset != 1 {
			fix = fmt.Sprintf("read it from the top (offset 1) with limit>=%d first", max(v.Lines, 1))
		}
		v.Reason = fmt.Sprintf("%s was not read in full: the last read showed %s — %s", shown, seen, fix)
	case rec.Fingerprint != st.FP:
		v.Cause = GateChanged
		v.Reason = fmt.Sprintf("%s changed on disk since %s — read it again (in full) before changing it", shown, readWhen(&rec))
	default:
		v.Cause = GateAllowed
		v.Allowed = true
	}
	return v
}

// fullReadBlocker says why one repo_read_file call can never return all of
// content ("" when it can): the same caps the read tool applies.
func fullReadBlocker(content []byte) string {
	lines := CountLines(content)
	if lines > readMaxLimit {
		return fmt.Sprintf("it has %s lines, more than the %s one repo_read_file call returns", Commas(lines), Commas(readMaxLimit))
	}
	out := 0
	n := 0
	for start := 0; start < len(content); {
		n++
		end := start
		for end < len(content) && content[end] != '\n' {
			end++
		}
		line := content[start:end]
		chars := utf8.RuneCount(line)
		if chars > readLineChars {
			return fmt.Sprintf("line %d has %s characters, and a read cuts lines at %s", n, Commas(chars), Commas(readLineChars))
		}
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		out += len(safeText(line)) + 16
		start = end + 1
	}
	if lines > 1 && out > readMaxOutput {
		return "its text is over the " + SizeText(readMaxOutput) + " one repo_read_file call returns"
	}
	return ""
}

// grantAfterWrite refreshes the session's grant after a successful write:
// the session wrote these exact bytes, so it has seen the whole file.
func (s *Session) grantAfterWrite(rel string, fp Fingerprint, lines int, tool string) {
	s.recordRead(ReadRecord{Path: rel, At: s.now(), Offset: 1, Returned: lines, TotalLines: lines, Full: true, Fingerprint: fp, Via: tool})
}
