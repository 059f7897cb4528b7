package repoops

import (
	"bytes"
	"strings"
)

// utf8BOM is the UTF-8 byte-order mark. An edit never adds or drops it.
const utf8BOM = "\xEF\xBB\xBF"

// EOLStyle is how a file ends its lines.
type EOLStyle int

const (
	EOLNone  EOLStyle = iota // no line break at all (empty or one unterminated line)
	EOLLF                    // every break is \n
	EOLCRLF                  // every break is \r\n
	EOLMixed                 // both kinds occur
)

func (e EOLStyle) String() string {
	switch e {
	case EOLLF:
		return "LF"
	case EOLCRLF:
		return "CRLF"
	case EOLMixed:
		return "mixed"
	}
	return "none"
}

// TextForm is what a write keeps of a file's bytes besides the change
// itself: the BOM, the line-ending style and whether the last line ends
// with a line break.
type TextForm struct {
	BOM          bool
	EOL          EOLStyle
	FinalNewline bool
}

// splitForm separates the BOM from the body and describes the body.
func splitForm(b []byte) (TextForm, []byte) {
	var f TextForm
	if bytes.HasPrefix(b, []byte(utf8BOM)) {
		f.BOM = true
		b = b[len(utf8BOM):]
	}
	crlf := bytes.Count(b, []byte("\r\n"))
	lf := bytes.Count(b, []byte{'\n'}) - crlf
	switch {
	case crlf > 0 && lf > 0:
		f.EOL = EOLMixed
	case crlf > 0:
		f.EOL = EOLCRLF
	case lf > 0:
		f.EOL = EOLLF
	}
	f.FinalNewline = len(b) > 0 && b[len(b)-1] == '\n'
	return f, b
}

// joinForm puts the BOM back in front of a body.
func joinForm(f TextForm, body []byte) []byte {
	if !f.BOM {
		return body
	}
	out := make([]byte, 0, len(utf8BOM)+len(body))
	out = append(out, utf8BOM...)
	return append(out, body...)
}

// toLF turns every \r\n into \n; lone \r stays.
func toLF(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }

// toCRLF turns every line break into \r\n (existing \r\n stay single).
func toCRLF(s string) string { return strings.ReplaceAll(toLF(s), "\n", "\r\n") }

// withEOL rewrites the line breaks of s in the given break ("\n" or "\r\n").
func withEOL(s, eol string) string {
	if eol == "\r\n" {
		return toCRLF(s)
	}
	return toLF(s)
}

// pureEOL is the line break of a file whose lines all end the same way,
// "\n" for a file with no break at all, and "" for a mixed file.
func pureEOL(style EOLStyle) string {
	switch style {
	case EOLCRLF:
		return "\r\n"
	case EOLMixed:
		return ""
	}
	return "\n"
}

// localEOL is the line break of the line holding byte pos of body (or, for
// a last line without one, of the line before it); "\n" when body has none.
func localEOL(body []byte, pos int) string {
	if pos > len(body) {
		pos = len(body)
	}
	if i := bytes.IndexByte(body[pos:], '\n'); i >= 0 {
		if pos+i > 0 && body[pos+i-1] == '\r' {
			return "\r\n"
		}
		return "\n"
	}
	if j := bytes.LastIndexByte(body[:pos], '\n'); j >= 0 {
		if j > 0 && body[j-1] == '\r' {
			return "\r\n"
		}
	}
	return "\n"
}

// trimEOL drops one trailing line break (\r\n or \n) from s.
func trimEOL(s string) string {
	if strings.HasSuffix(s, "\r\n") {
		return s[:len(s)-2]
	}
	return strings.TrimSuffix(s, "\n")
}

// lineStarts returns the byte offset at which each line of body starts.
func lineStarts(body []byte) []int {
	starts := []int{}
	if len(body) == 0 {
		return starts
	}
	starts = append(starts, 0)
	for i, c := range body {
		if c == '\n' && i+1 < len(body) {
			starts = append(starts, i+1)
		}
	}
	return starts
}
