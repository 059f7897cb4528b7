package transcript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"time"
)

// What both of OpenCode's assemblers share: the stream of lines they
// build one record at a time, the envelope of each record, a record file
// read within bounds, and the stamp of a session.

// lineStream is an io.ReadCloser over lines made one at a time: next
// gives the next line (without its newline) or io.EOF; a record too long
// or not JSON is a line saying so, which the decoder counts as skipped.
type lineStream struct {
	next  func() ([]byte, error)
	close func() error
	buf   []byte
	err   error
}

func (l *lineStream) Read(p []byte) (int, error) {
	for len(l.buf) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		b, err := l.next()
		if err != nil {
			l.err = err
			continue
		}
		l.buf = append(b, '\n')
	}
	n := copy(p, l.buf)
	l.buf = l.buf[n:]
	return n, nil
}

func (l *lineStream) Close() error {
	if l.close == nil {
		return nil
	}
	return l.close()
}

// openCodeEnvelope is one record of the assembled stream: kind, the
// fields named in pairs (quoted as strings), then raw under key, compacted
// onto one line. A raw that is no JSON object, or is over MaxLine, is an
// "unreadable" record instead, saying which and why.
func openCodeEnvelope(kind string, fields []string, key string, raw []byte) []byte {
	var b bytes.Buffer
	b.WriteString(`{"opencode":` + strconv.Quote(kind))
	for i := 0; i+1 < len(fields); i += 2 {
		b.WriteString("," + strconv.Quote(fields[i]) + ":" + strconv.Quote(fields[i+1]))
	}
	if key != "" {
		why := ""
		switch t := bytes.TrimSpace(raw); {
		case len(raw) > MaxLine:
			why = "it is over " + strconv.Itoa(MaxLine) + " bytes"
		case len(t) == 0 || t[0] != '{':
			why = "it is not a JSON object"
		}
		b.WriteString("," + strconv.Quote(key) + ":")
		if why != "" || json.Compact(&b, raw) != nil {
			return openCodeUnreadable(kind+" "+firstOf(pairValue(fields, "id"), "?"), firstOf(why, "it is not valid JSON"))
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

func pairValue(fields []string, name string) string {
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i] == name {
			return fields[i+1]
		}
	}
	return ""
}

// openCodeUnreadable is the line of a record that could not be read.
func openCodeUnreadable(what, why string) []byte {
	return []byte(`{"opencode":"unreadable","what":` + strconv.Quote(what) + `,"why":` + strconv.Quote(why) + `}`)
}

// readRecordFile reads one of storage's record files: not through a link,
// never a FIFO or device, at most MaxLine bytes.
func readRecordFile(p string) ([]byte, error) {
	f, _, err := OpenRegular(p, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxLine+1))
	if err == nil && len(b) > MaxLine {
		err = fmt.Errorf("over %d bytes", MaxLine)
	}
	return b, err
}

// sessionStamp is an assembled session's FileInfo: the latest
// modification time of its records and their total size.
type sessionStamp struct {
	name string
	size int64
	mod  time.Time
}

func (s *sessionStamp) add(info fs.FileInfo) {
	s.size += info.Size()
	if info.ModTime().After(s.mod) {
		s.mod = info.ModTime()
	}
}

func (s sessionStamp) Name() string       { return s.name }
func (s sessionStamp) Size() int64        { return s.size }
func (s sessionStamp) Mode() fs.FileMode  { return 0o444 }
func (s sessionStamp) ModTime() time.Time { return s.mod }
func (s sessionStamp) IsDir() bool        { return false }
func (s sessionStamp) Sys() any           { return nil }
