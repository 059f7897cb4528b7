package repoops

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops/rootfs"
	"github.com/repoxhq/repox/repoops/words"
)

// Read caps.
const (
	readDefaultLimit = 1000
	readMaxLimit     = 2000
	readLineChars    = 2000
	readMaxOutput    = 256 << 10
)

// readGrowSlack is how many bytes past st_size a read goes before giving
// up (a variable so a test can make growth show at once).
var readGrowSlack int64 = 64 << 20

// ReadArgs are repo_read_file's arguments.
type ReadArgs struct {
	Path   string `json:"path"`
	Offset *int   `json:"offset,omitempty"`
	Limit  *int   `json:"limit,omitempty"`
}

// ReadLine is one returned line.
type ReadLine struct {
	N        int    `json:"n"`
	Text     string `json:"text"`
	CutChars int    `json:"cut_chars,omitempty"` // characters left out of an overlong line
}

// ReadResult is repo_read_file's typed result.
type ReadResult struct {
	Path        string     `json:"path"` // display form
	Offset      int        `json:"offset"`
	Limit       int        `json:"limit"`
	TotalLines  int        `json:"total_lines"`
	Lines       []ReadLine `json:"lines"`
	ByteCut     bool       `json:"byte_cut"`  // stopped at the 256 KiB output cap
	Truncated   bool       `json:"truncated"` // the window ends before the end of the file
	CRLF        bool       `json:"crlf"`
	InvalidUTF8 bool       `json:"invalid_utf8"`
	BOM         bool       `json:"bom,omitempty"` // line 1 starts with a UTF-8 byte order mark (returned in its text)
	Full        bool       `json:"full"`          // the whole file was returned: the edit gate's grant
}

func registerRead() {
	register(ToolRead,
		fmt.Sprintf("Read a text file as numbered lines N%stext, under a header path — lines 1-%d of 1400. offset ≥1 (default 1), limit 1-%d (default %d). ", ReadLineSep, readDefaultLimit, readMaxLimit, readDefaultLimit)+
			"When the window ends before the end of the file the text ends with (truncated) — use limit>=TOTAL to read all lines (or says which offset to continue from). "+
			fmt.Sprintf("Lines over %d characters are cut with %s; output over %s stops at a line boundary and says where to continue. ", readLineChars, fmt.Sprintf(lineCutFormat, "N"), SizeText(readMaxOutput))+
			"Line count rule: every newline ends a line and a last line without one counts (\"a\\nb\\n\" has 2 lines). "+
			fmt.Sprintf("A folder, a binary file (NUL in the first %s bytes), a missing file and an offset past the end are refused with the next step. ", Commas(binarySniffLen))+
			"Every line a read shows whole counts as seen by this session for repo_edit, repo_insert and repo_write; windows of the same version of the file add up, so a file of any length can be changed after reading the lines to change.",
		true, []string{"path"},
		map[string]any{
			"path":   map[string]any{"type": "string", "description": "File to read, relative to the repository root."},
			"offset": map[string]any{"type": "integer", "minimum": 1, "default": 1, "description": "First line to return (1-based)."},
			"limit":  map[string]any{"type": "integer", "minimum": 1, "maximum": readMaxLimit, "default": readDefaultLimit, "description": fmt.Sprintf("Most lines to return (1-%d, default %d).", readMaxLimit, readDefaultLimit)},
		},
		func(ctx context.Context, s *Session, a ReadArgs) (*ReadResult, error) { return s.ReadFile(ctx, a) })
}

// ReadFile runs repo_read_file and records the read in the session.
func (s *Session) ReadFile(ctx context.Context, a ReadArgs) (*ReadResult, error) {
	offset, err := intArg("offset", a.Offset, 1, 1, 1<<40, "lines are numbered from 1")
	if err != nil {
		return nil, err
	}
	limit, err := intArg("limit", a.Limit, readDefaultLimit, 1, readMaxLimit, "read a long file in windows with offset")
	if err != nil {
		return nil, err
	}
	if a.Path == "" {
		return nil, refusef("path is empty — give a file path relative to the root (repo_tree lists them)")
	}
	rel, err := s.repo.resolvePath(a.Path)
	if err != nil {
		return nil, err
	}
	if rel == "" {
		return nil, refusef(". is the repository root, a folder — call repo_tree to list it")
	}
	res, w, err := s.repo.readWindow(ctx, rel, offset, limit)
	if err != nil {
		return nil, err
	}
	if w.hashed {
		s.recordWindow(rel, w.fp, res.TotalLines, w.shown, w.window)
	}
	return res, nil
}

// openRegular opens rel for reading without blocking on FIFOs and checks on
// the open fd that it is a regular file.
func (r *Repo) openRegular(rel string) (*os.File, os.FileInfo, error) {
	f, err := r.fs.OpenRead(rel)
	if err != nil {
		return nil, nil, describeOpenError(rel, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, describeOpenError(rel, err)
	}
	shown := DisplayPath(rel)
	switch {
	case st.IsDir():
		f.Close()
		return nil, nil, refusef("%s is a folder, not a file — call repo_tree with path %q to list it", shown, shown)
	case !st.Mode().IsRegular():
		f.Close()
		return nil, nil, refusef("%s is a %s, not a regular file — it is never read (reading could block or never end)", shown, words.SpecialKind(st.Mode()))
	}
	return f, st, nil
}

// readBuffers are readWindow's 64 KiB read buffers, reused across reads: a
// replay of thousands of reads otherwise allocates one per read (180 MB of
// a 40 MB transcript's report).
var readBuffers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

// windowSeen is what one read showed whole, of which version: the lines
// the gate counts as seen.
type windowSeen struct {
	hashed bool        // fp holds the content's SHA-256: the file is small enough to edit
	fp     Fingerprint // the version read
	shown  []LineRange // lines shown whole (none cut at the character cap)
	window LineRange   // the lines shown, cut or not
}

// readWindow streams the file once: it counts every line, keeps the
// window, and hashes the bytes of a file small enough to edit, so that
// what the window showed is known to be of one version.
func (r *Repo) readWindow(ctx context.Context, rel string, offset, limit int) (*ReadResult, windowSeen, error) {
	f, st, err := r.openRegular(rel)
	if err != nil {
		return nil, windowSeen{}, err
	}
	defer f.Close()
	shown := DisplayPath(rel)
	br := readBuffers.Get().(*bufio.Reader)
	br.Reset(f)
	defer func() { br.Reset(nil); readBuffers.Put(br) }() // the file is not kept alive by the pool
	head, _ := br.Peek(binarySniffLen)
	if looksBinary(head) {
		return nil, windowSeen{}, refusef("%s is a binary file (a NUL byte in its first %s bytes) — repo_read_file shows text only", shown, Commas(binarySniffLen))
	}
	res := &ReadResult{Path: shown, Offset: offset, Limit: limit}
	key := keyOf(st)
	// With a line index the window is read from the nearest mark, when the
	// file is too big to edit (so there is no version to hash for the gate).
	idx := r.cachedLineIndex(rel, key)
	jump := idx != nil && st.Size() > editMaxBytes && (offset > 1 || idx.total > limit)
	var building *lineIndex
	if !jump && st.Size() >= lineIndexMinSize {
		building = &lineIndex{key: key, marks: []int64{0}}
	}
	var h hash.Hash
	if !jump && st.Size() <= editMaxBytes {
		h = sha256.New()
	}
	startLine := 0
	var pos int64 // bytes from the start of the file
	if jump {
		if offset > idx.total {
			return nil, windowSeen{}, refusef("offset %s is past the end: %s has %s — use an offset from 1 to %s", Commas(offset), shown, Plural(idx.total, "line", "lines"), Commas(idx.total))
		}
		k := min((offset-1)/lineMarkEvery, len(idx.marks)-1)
		if _, err := f.Seek(idx.marks[k], io.SeekStart); err != nil {
			return nil, windowSeen{}, refusef("%s could not be read: %v", shown, err)
		}
		br.Reset(f)
		startLine, pos = k*lineMarkEvery, idx.marks[k]
	}
	// st_size is only a hint: a file that keeps growing, or a special file
	// that reports size 0 and never ends, must not hold the call forever.
	maxBytes := st.Size() + readGrowSlack
	var (
		lineNo    = startLine // lines completed so far
		cur       []byte
		curChars  int // characters of the current line beyond what cur keeps
		inLine    bool
		outBytes  int
		windowEnd = offset + limit - 1
		stopKeep  bool // byte cap reached: keep counting, stop keeping
		lineCut   bool
		readErr   error
	)
	finishLine := func() {
		n := lineNo + 1
		if n >= offset && n <= windowEnd && !stopKeep {
			text := cur
			crlf := bytes.HasSuffix(text, []byte{'\r'})
			if crlf && curChars == 0 {
				text = text[:len(text)-1]
				res.CRLF = true
			}
			if !utf8.Valid(text) {
				res.InvalidUTF8 = true
			}
			if n == 1 && bytes.HasPrefix(text, []byte(utf8BOM)) {
				res.BOM = true
			}
			line := ReadLine{N: n, Text: safeText(text), CutChars: curChars}
			if curChars > 0 {
				lineCut = true
			}
			size := len(line.Text) + 16
			if outBytes+size > readMaxOutput && len(res.Lines) > 0 {
				stopKeep = true
				res.ByteCut = true
			} else {
				outBytes += size
				res.Lines = append(res.Lines, line)
			}
		}
		lineNo = n
		cur = cur[:0]
		curChars = 0
		inLine = false
	}
	keepLimit := readLineChars * utf8.UTFMax
	for {
		if err := ctx.Err(); err != nil {
			return nil, windowSeen{}, err
		}
		chunk, err := br.ReadSlice('\n')
		if len(chunk) > 0 {
			if h != nil {
				h.Write(chunk)
			}
			inLine = true
			n := lineNo + 1
			if n >= offset && n <= windowEnd && !stopKeep {
				// keep up to readLineChars characters; count the rest
				body := chunk
				if body[len(body)-1] == '\n' {
					body = body[:len(body)-1]
				}
				for len(body) > 0 {
					if len(cur) < keepLimit && utf8.RuneCount(cur) < readLineChars {
						room := readLineChars - utf8.RuneCount(cur)
						take, rest := cutRunesBytes(body, room)
						cur = append(cur, take...)
						body = rest
						continue
					}
					curChars += runeCountStream(body)
					break
				}
			}
			pos += int64(len(chunk))
			if pos > maxBytes {
				return nil, windowSeen{}, refusef("%s kept growing while it was read (over %s bytes more than its size of %s when opened) — read it again when it is quiet", shown, Commas(int(readGrowSlack)), Commas(int(st.Size())))
			}
			if chunk[len(chunk)-1] == '\n' {
				finishLine()
				if building != nil && lineNo%lineMarkEvery == 0 {
					building.marks = append(building.marks, pos)
				}
				if jump && (lineNo >= windowEnd || stopKeep) {
					break // the window is complete; the total is known
				}
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				readErr = err
			}
			break
		}
	}
	if readErr != nil {
		return nil, windowSeen{}, refusef("%s could not be read to the end: %v", shown, readErr)
	}
	if inLine {
		finishLine()
	}
	res.TotalLines = lineNo
	if jump {
		res.TotalLines = idx.total
	}
	if building != nil {
		building.total = lineNo
		r.storeLineIndex(rel, building)
	}
	if res.TotalLines == 0 {
		if offset > 1 {
			return nil, windowSeen{}, refusef("offset %s is past the end: %s is empty (0 lines) — read it with offset 1", Commas(offset), shown)
		}
	} else if offset > res.TotalLines {
		return nil, windowSeen{}, refusef("offset %s is past the end: %s has %s — use an offset from 1 to %s", Commas(offset), shown, Plural(res.TotalLines, "line", "lines"), Commas(res.TotalLines))
	}
	last := offset - 1 + len(res.Lines)
	res.Truncated = last < res.TotalLines
	res.Full = offset == 1 && !res.ByteCut && !lineCut && len(res.Lines) >= res.TotalLines
	w := windowSeen{window: LineRange{offset, last}}
	for _, l := range res.Lines {
		switch n := len(w.shown); {
		case l.CutChars > 0:
		case n > 0 && w.shown[n-1].To == l.N-1:
			w.shown[n-1].To = l.N
		default:
			w.shown = append(w.shown, LineRange{l.N, l.N})
		}
	}
	if h != nil && pos <= editMaxBytes {
		w.hashed = true
		w.fp = rootfs.FingerprintOf(st)
		copy(w.fp.SHA256[:], h.Sum(nil))
	}
	return res, w, nil
}

// cutRunesBytes splits b after at most n runes.
func cutRunesBytes(b []byte, n int) ([]byte, []byte) {
	i := 0
	for n > 0 && i < len(b) {
		_, size := utf8.DecodeRune(b[i:])
		i += size
		n--
	}
	return b[:i], b[i:]
}

// runeCountStream counts characters in a chunk that may split a rune: only
// bytes that start a character are counted, so splits never double-count.
func runeCountStream(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// Render is the model text of repo_read_file.
func (r *ReadResult) Render() string {
	var b strings.Builder
	var notes []string
	if r.CRLF {
		notes = append(notes, "CRLF line endings")
	}
	if r.InvalidUTF8 {
		notes = append(notes, "not valid UTF-8: invalid bytes shown as \uFFFD")
	}
	if r.BOM {
		notes = append(notes, "line 1 starts with a UTF-8 byte order mark (U+FEFF)")
	}
	note := ""
	if len(notes) > 0 {
		note = " (" + strings.Join(notes, "; ") + ")"
	}
	if r.TotalLines == 0 {
		fmt.Fprintf(&b, "%s — empty file (0 lines)", r.Path)
		return b.String()
	}
	last := r.Offset - 1 + len(r.Lines)
	fmt.Fprintf(&b, "%s — lines %d-%d of %d%s\n", r.Path, r.Offset, last, r.TotalLines, note)
	for _, l := range r.Lines {
		fmt.Fprintf(&b, "%d%s%s", l.N, ReadLineSep, l.Text)
		if l.CutChars > 0 {
			b.WriteString(LineCutMarker(l.CutChars))
		}
		b.WriteByte('\n')
	}
	switch {
	case r.ByteCut:
		fmt.Fprintf(&b, "(output cut at %s after line %d — continue with offset=%d)", SizeText(readMaxOutput), last, last+1)
	case r.Truncated && r.Offset == 1 && r.TotalLines <= readMaxLimit:
		fmt.Fprintf(&b, "(truncated) — use limit>=%d to read all lines", r.TotalLines)
	case r.Truncated && r.Offset == 1:
		fmt.Fprintf(&b, "(truncated) — %s lines in all, more than one read returns (limit is at most %d): continue with offset=%d", Commas(r.TotalLines), readMaxLimit, last+1)
	case r.Truncated:
		fmt.Fprintf(&b, "(truncated) — lines %d-%d not shown: continue with offset=%d", last+1, r.TotalLines, last+1)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
