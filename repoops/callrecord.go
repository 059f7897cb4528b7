package repoops

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// CallRecordVersion is the version of the CallRecord line format. Version 0
// is the shape `repox call --batch` wrote before records had a version (tool,
// isError, text, structured); a reader accepts both.
const CallRecordVersion = 1

// CallRecord is one tool call as every face records it: `repox call --batch`
// writes one per line, `repox mcp --log` appends them, the transcript readers
// produce them and the sessions pane shows them. One shape for all of them.
type CallRecord struct {
	V          int             `json:"v"`
	Time       time.Time       `json:"time"`
	Session    string          `json:"session"`
	Tool       string          `json:"tool"`
	Args       json.RawMessage `json:"args"`
	IsError    bool            `json:"isError"`
	Text       string          `json:"text"`
	Structured any             `json:"structured"`
	DurationMs float64         `json:"durationMs"`
}

// MarshalCallRecord encodes a record as one JSON line (ending in "\n"), with
// HTML characters left as they are, so that a log line can be written with a
// single write.
func MarshalCallRecord(rec CallRecord) ([]byte, error) {
	if len(rec.Args) == 0 {
		rec.Args = json.RawMessage("{}")
	} else if !json.Valid(rec.Args) {
		// Arguments as sent may not be JSON at all (a malformed call): keep
		// them, as a JSON string, rather than lose what was sent.
		quoted, _ := json.Marshal(string(rec.Args))
		rec.Args = quoted
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteCallRecord writes one record as one line with one Write call.
func WriteCallRecord(w io.Writer, rec CallRecord) error {
	line, err := MarshalCallRecord(rec)
	if err != nil {
		return err
	}
	_, err = w.Write(line)
	return err
}

// MaxCallRecordLine bounds one line a CallRecordReader will hold: a tool's
// text is capped far below this, so a longer line is not a record.
const MaxCallRecordLine = 64 << 20

// CallRecordReader streams records from JSON lines. Lines that are not
// records (not JSON, no tool, over MaxCallRecordLine) and a partial last line
// are skipped and counted, never fatal: a log may be being written.
type CallRecordReader struct {
	br      *bufio.Reader
	line    int
	Skipped int    // lines that were not records
	Partial bool   // the input ended inside a line (a file being written)
	LastErr string // why the last skipped line was skipped
}

// NewCallRecordReader reads records from r.
func NewCallRecordReader(r io.Reader) *CallRecordReader {
	return &CallRecordReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// wireRecord decodes Structured as raw JSON: a reader does not know the type.
type wireRecord struct {
	V          *int            `json:"v"`
	Time       time.Time       `json:"time"`
	Session    string          `json:"session"`
	Tool       string          `json:"tool"`
	Args       json.RawMessage `json:"args"`
	IsError    bool            `json:"isError"`
	Text       string          `json:"text"`
	Structured json.RawMessage `json:"structured"`
	DurationMs float64         `json:"durationMs"`
}

// Next returns the next record, io.EOF at the end. Structured holds the
// result's raw JSON (json.RawMessage), or nil.
func (cr *CallRecordReader) Next() (CallRecord, error) {
	for {
		line, complete, err := cr.readLine()
		if err != nil {
			return CallRecord{}, err
		}
		cr.line++
		if !complete {
			cr.Partial = true
			return CallRecord{}, io.EOF
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		rec, err := UnmarshalCallRecord(line)
		if err != nil {
			cr.skip("line %d %s", cr.line, strings.TrimPrefix(err.Error(), ErrNotACallRecord.Error()+": "))
			continue
		}
		return rec, nil
	}
}

// ErrNotACallRecord wraps every reason UnmarshalCallRecord gives;
// ErrCallRecordNoTool is the one for a JSON line that names no tool (some
// readers count those apart: other JSON lines, not broken ones).
var (
	ErrNotACallRecord   = errors.New("not a call record")
	ErrCallRecordNoTool = fmt.Errorf("%w: names no tool", ErrNotACallRecord)
)

// UnmarshalCallRecord decodes one CallRecord line: the one decoder of the
// format, for CallRecordReader and for any face that reads logs line by line.
// Structured is the result's raw JSON (json.RawMessage), or nil. An error
// says why the line is not a record, in words that follow "line N".
func UnmarshalCallRecord(line []byte) (CallRecord, error) {
	var w wireRecord
	if err := json.Unmarshal(line, &w); err != nil {
		return CallRecord{}, fmt.Errorf("%w: is not JSON: %v", ErrNotACallRecord, err)
	}
	if w.Tool == "" {
		return CallRecord{}, ErrCallRecordNoTool
	}
	v := 0
	if w.V != nil {
		v = *w.V
	}
	if v > CallRecordVersion {
		return CallRecord{}, fmt.Errorf("%w: has record version %d; this repox reads up to %d", ErrNotACallRecord, v, CallRecordVersion)
	}
	rec := CallRecord{V: v, Time: w.Time, Session: w.Session, Tool: w.Tool, Args: w.Args,
		IsError: w.IsError, Text: w.Text, DurationMs: w.DurationMs}
	if len(w.Structured) > 0 && string(w.Structured) != "null" {
		rec.Structured = w.Structured
	}
	return rec, nil
}

func (cr *CallRecordReader) skip(format string, args ...any) {
	cr.Skipped++
	cr.LastErr = fmt.Sprintf(format, args...)
}

// readLine returns one line without its "\n"; complete is false when the
// input ended before a newline. An over-long line is consumed without being
// held and reported as skipped.
func (cr *CallRecordReader) readLine() (line []byte, complete bool, err error) {
	var buf []byte
	tooLong := false
	for {
		chunk, err := cr.br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > MaxCallRecordLine {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			if tooLong {
				cr.line++
				cr.skip("line %d is over %d bytes", cr.line, MaxCallRecordLine)
				buf, tooLong = nil, false
				continue
			}
			return buf[:len(buf)-1], true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(buf) == 0 && !tooLong {
				return nil, false, io.EOF
			}
			return buf, false, nil
		default:
			return nil, false, err
		}
	}
}
