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
	sc := windowScan{res: res, offset: offset, windowEnd: offset + limit - 1}
	sc.jump = idx != nil && st.Size() > editMaxBytes && (offset > 1 || idx.total > limit)
	if !sc.jump && st.Size() >= lineIndexMinSize {
		sc.building = &lineIndex{key: key, marks: []int64{0}}
	}
	if !sc.jump && st.Size() <= editMaxBytes {
		sc.h = sha256.New()
	}
	if sc.jump {
		if err := sc.seekToMark(f, br, idx, shown); err != nil {
			return nil, windowSeen{}, err
		}
	}
	// st_size is only a hint: a file that keeps growing, or a special file
	// that reports size 0 and never ends, must not hold the call forever.
	if err := sc.scan(ctx, br, st.Size()+readGrowSlack, shown, st.Size()); err != nil {
		return nil, windowSeen{}, err
	}
	res.TotalLines = sc.lineNo
	if sc.jump {
		res.TotalLines = idx.total
	}
	if sc.building != nil {
		sc.building.total = sc.lineNo
		r.storeLineIndex(rel, sc.building)
	}
	if res.TotalLines == 0 {
		if offset > 1 {
			return nil, windowSeen{}, refusef("offset %s is past the end: %s is empty (0 lines) — read it with offset 1", Commas(offset), shown)
		}
	} else if offset > res.TotalLines {
		return nil, windowSeen{}, offsetPastEnd(offset, res.TotalLines, shown)
	}
	last := offset - 1 + len(res.Lines)
	res.Truncated = last < res.TotalLines
	res.Full = offset == 1 && !res.ByteCut && !sc.lineCut && len(res.Lines) >= res.TotalLines
	w := windowSeen{window: LineRange{offset, last}, shown: wholeLines(res.Lines)}
	if sc.h != nil && sc.pos <= editMaxBytes {
		w.hashed = true
		w.fp = rootfs.FingerprintOf(st)
		copy(w.fp.SHA256[:], sc.h.Sum(nil))
	}
	return res, w, nil
}

// offsetPastEnd is the refusal of an offset beyond a file's last line,
// whether the total came from the line index or from reading to the end.
func offsetPastEnd(offset, total int, shown string) error {
	return refusef("offset %s is past the end: %s has %s — use an offset from 1 to %s", Commas(offset), shown, Plural(total, "line", "lines"), Commas(total))
}

// wholeLines is the lines a window showed whole, as ranges: a line cut at
// the character cap is not seen for the gate.
func wholeLines(lines []ReadLine) []LineRange {
	var shown []LineRange
	for _, l := range lines {
		switch n := len(shown); {
		case l.CutChars > 0:
		case n > 0 && shown[n-1].To == l.N-1:
			shown[n-1].To = l.N
		default:
			shown = append(shown, LineRange{l.N, l.N})
		}
	}
	return shown
}

// windowScan is readWindow's state while it streams one file: the line in
// hand, the window kept so far, the hash and the line index being built. It
// is a struct with methods rather than closures over locals so that the
// per-chunk step stays a plain call on the hot path.
type windowScan struct {
	res       *ReadResult
	offset    int
	windowEnd int
	jump      bool       // started at a line-index mark: stop once the window is complete
	building  *lineIndex // the index being built, when the file is big enough to want one
	h         hash.Hash  // the content hash, when the file is small enough to edit
	pos       int64      // bytes from the start of the file
	lineNo    int        // lines completed so far
	cur       []byte     // the kept bytes of the current line
	curChars  int        // characters of the current line beyond what cur keeps
	inLine    bool       // bytes of an unfinished line have been read
	outBytes  int        // the size of the lines kept, against readMaxOutput
	stopKeep  bool       // byte cap reached: keep counting, stop keeping
	lineCut   bool       // a kept line was cut at the character cap
}

// seekToMark moves the read to the line-index mark nearest before the
// window, refusing an offset past the indexed end.
func (sc *windowScan) seekToMark(f *os.File, br *bufio.Reader, idx *lineIndex, shown string) error {
	if sc.offset > idx.total {
		return offsetPastEnd(sc.offset, idx.total, shown)
	}
	k := min((sc.offset-1)/lineMarkEvery, len(idx.marks)-1)
	if _, err := f.Seek(idx.marks[k], io.SeekStart); err != nil {
		return refusef("%s could not be read: %v", shown, err)
	}
	br.Reset(f)
	sc.lineNo, sc.pos = k*lineMarkEvery, idx.marks[k]
	return nil
}

// scan reads br to its end (or, after a jump, to the window's end),
// hashing, marking and keeping as it goes; past maxBytes the file is
// taken to be growing and refused.
func (sc *windowScan) scan(ctx context.Context, br *bufio.Reader, maxBytes int64, shown string, size int64) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk, err := br.ReadSlice('\n')
		if len(chunk) > 0 {
			if sc.h != nil {
				sc.h.Write(chunk)
			}
			sc.inLine = true
			if n := sc.lineNo + 1; n >= sc.offset && n <= sc.windowEnd && !sc.stopKeep {
				sc.keep(chunk)
			}
			sc.pos += int64(len(chunk))
			if sc.pos > maxBytes {
				return refusef("%s kept growing while it was read (over %s bytes more than its size of %s when opened) — read it again when it is quiet", shown, Commas(int(readGrowSlack)), Commas(int(size)))
			}
			if chunk[len(chunk)-1] == '\n' {
				sc.finishLine()
				if sc.building != nil && sc.lineNo%lineMarkEvery == 0 {
					sc.building.marks = append(sc.building.marks, sc.pos)
				}
				if sc.jump && (sc.lineNo >= sc.windowEnd || sc.stopKeep) {
					break // the window is complete; the total is known
				}
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return refusef("%s could not be read to the end: %v", shown, err)
			}
			break
		}
	}
	if sc.inLine {
		sc.finishLine()
	}
	return nil
}

// keep adds a chunk of a window line to the line in hand: up to
// readLineChars characters are kept, the rest only counted.
func (sc *windowScan) keep(chunk []byte) {
	const keepLimit = readLineChars * utf8.UTFMax
	body := chunk
	if body[len(body)-1] == '\n' {
		body = body[:len(body)-1]
	}
	for len(body) > 0 {
		if len(sc.cur) < keepLimit && utf8.RuneCount(sc.cur) < readLineChars {
			room := readLineChars - utf8.RuneCount(sc.cur)
			take, rest := cutRunesBytes(body, room)
			sc.cur = append(sc.cur, take...)
			body = rest
			continue
		}
		sc.curChars += runeCountStream(body)
		break
	}
}

// finishLine ends the line in hand: a line of the window is added to the
// result (noting CRLF, a BOM, invalid UTF-8, a cut) unless the output cap
// is reached, and every line is counted.
func (sc *windowScan) finishLine() {
	n := sc.lineNo + 1
	if n >= sc.offset && n <= sc.windowEnd && !sc.stopKeep {
		res := sc.res
		text := sc.cur
		crlf := bytes.HasSuffix(text, []byte{'\r'})
		if crlf && sc.curChars == 0 {
			text = text[:len(text)-1]
			res.CRLF = true
		}
		if !utf8.Valid(text) {
			res.InvalidUTF8 = true
		}
		if n == 1 && bytes.HasPrefix(text, []byte(utf8BOM)) {
			res.BOM = true
		}
		line := ReadLine{N: n, Text: safeText(text), CutChars: sc.curChars}
		if sc.curChars > 0 {
			sc.lineCut = true
		}
		size := len(line.Text) + 16
		if sc.outBytes+size > readMaxOutput && len(res.Lines) > 0 {
			sc.stopKeep = true
			res.ByteCut = true
		} else {
			sc.outBytes += size
			res.Lines = append(res.Lines, line)
		}
	}
	sc.lineNo = n
	sc.cur = sc.cur[:0]
	sc.curChars = 0
	sc.inLine = false
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
