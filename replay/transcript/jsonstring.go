package transcript

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonString decodes a JSON string literal that is part of a line
// json.Unmarshal has already checked (a rawRef's bytes): the same string
// json.Unmarshal would give, without checking the bytes a second time.
// A transcript's results are mostly such strings, tens of kilobytes of
// file text each, and encoding/json checks a value's syntax before every
// decode: this took the second pass over them off the 40 MB report
// (issue 38's bound). Anything it does not expect (not a string, a
// control byte, an unknown escape) goes to json.Unmarshal, so the answer
// is always the standard library's; FuzzJSONString holds the two equal.
func jsonString(raw []byte) string {
	if s, ok := unquoteChecked(raw); ok {
		return s
	}
	var s string
	json.Unmarshal(raw, &s)
	return s
}

// unquoteChecked follows encoding/json's unquote: escapes decoded, a
// lone or broken UTF-16 surrogate and each byte of invalid UTF-8 turned
// into U+FFFD. ok is false for what a checked string cannot hold.
func unquoteChecked(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	s := raw[1 : len(raw)-1]
	if plainJSONString(s) {
		return string(s), true
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\\':
			var ok bool
			if out, i, ok = appendEscape(out, s, i); !ok {
				return "", false
			}
		case c == '"' || c < ' ':
			return "", false
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			out = utf8.AppendRune(out, r) // RuneError for a bad byte, as json
			i += size
		}
	}
	return string(out), true
}

// plainJSONString: s needs no decoding (no escape, quote, control byte
// or invalid UTF-8), so its bytes are the string.
func plainJSONString(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\\' || c == '"' || c < ' ' || c >= utf8.RuneSelf {
			return c >= utf8.RuneSelf && utf8.Valid(s[i:]) && noEscapeOrControl(s[i:])
		}
	}
	return true
}

func noEscapeOrControl(s []byte) bool {
	for _, c := range s {
		if c == '\\' || c == '"' || c < ' ' {
			return false
		}
	}
	return true
}

// appendEscape decodes the escape at s[i] == '\\' onto out and returns
// the index after it.
func appendEscape(out, s []byte, i int) ([]byte, int, bool) {
	if i+1 >= len(s) {
		return out, i, false
	}
	switch c := s[i+1]; c {
	case '"', '\\', '/':
		return append(out, c), i + 2, true
	case 'b':
		return append(out, '\b'), i + 2, true
	case 'f':
		return append(out, '\f'), i + 2, true
	case 'n':
		return append(out, '\n'), i + 2, true
	case 'r':
		return append(out, '\r'), i + 2, true
	case 't':
		return append(out, '\t'), i + 2, true
	case 'u':
		r := hex4(s[i+2:])
		if r < 0 {
			return out, i, false
		}
		i += 6
		if utf16.IsSurrogate(r) {
			if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if r2 := hex4(s[i+2:]); r2 >= 0 {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						return utf8.AppendRune(out, dec), i + 6, true
					}
				}
			}
			r = utf8.RuneError // a surrogate alone: json's replacement
		}
		return utf8.AppendRune(out, r), i, true
	}
	return out, i, false
}

// hex4 is the value of the four hex digits at the start of s, or -1.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}
