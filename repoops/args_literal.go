package repoops

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// parseWholeNumber reads a JSON number literal (already checked by the JSON
// decoder) the way JSON Schema's "integer" reads it: by value, so 3.0, 3e0
// and 30e-1 are 3 and -0 is 0. whole is false for a value with a fraction;
// inRange is false for a whole value that does not fit in an int. The
// literal is never expanded: 1e999999999 costs as little as 1.
func parseWholeNumber(lit []byte) (n int, whole, inRange bool) {
	s := string(lit)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, expStr, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return 0, true, true // 0, -0, 0.000, 0e99
	}
	trimmed := strings.TrimRight(digits, "0")
	exp := int64(0)
	if hasExp {
		e, err := strconv.ParseInt(expStr, 10, 64)
		const huge = 1 << 40
		switch {
		case err != nil && strings.HasPrefix(expStr, "-"), err == nil && e < -huge:
			return 0, false, false // a non-zero value below any whole number's scale
		case err != nil, e > huge:
			return 0, true, false
		}
		exp = e
	}
	// value = trimmed × 10^exp10, and trimmed ends in a non-zero digit.
	exp10 := exp - int64(len(frac)) + int64(len(digits)-len(trimmed))
	if exp10 < 0 {
		return 0, false, false
	}
	if int64(len(trimmed))+exp10 > 19 {
		return 0, true, false
	}
	text := trimmed + strings.Repeat("0", int(exp10))
	if neg {
		text = "-" + text
	}
	v, err := strconv.ParseInt(text, 10, strconv.IntSize)
	if err != nil {
		return 0, true, false
	}
	return int(v), true, true
}

// checkJSONString says what is wrong with a JSON string literal (quotes
// included) that decoding would silently turn into U+FFFD: a raw byte that
// is not UTF-8, or an escaped UTF-16 surrogate without its partner. "" when
// it is fine.
func checkJSONString(lit []byte) string {
	if !utf8.Valid(lit) {
		for i := 0; i < len(lit); {
			r, size := utf8.DecodeRune(lit[i:])
			if r == utf8.RuneError && size == 1 {
				return fmt.Sprintf("is not valid UTF-8 (byte %#02x at offset %s of the string)", lit[i], Commas(i-1))
			}
			i += size
		}
	}
	for i := 1; i < len(lit)-1; i++ {
		if lit[i] != '\\' {
			continue
		}
		i++
		if lit[i] != 'u' || i+4 >= len(lit) {
			continue
		}
		r := hex4(lit[i+1 : i+5])
		esc := string(lit[i-1 : i+5])
		i += 4
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if i+6 < len(lit) && lit[i+1] == '\\' && lit[i+2] == 'u' {
				if lo := hex4(lit[i+3 : i+7]); lo >= 0xDC00 && lo < 0xE000 {
					i += 6
					continue
				}
			}
			return "holds an unpaired UTF-16 surrogate " + esc + ", which is not a character"
		case r >= 0xDC00 && r < 0xE000:
			return "holds an unpaired UTF-16 surrogate " + esc + ", which is not a character"
		}
	}
	return ""
}

func hex4(b []byte) rune {
	v, err := strconv.ParseUint(string(b), 16, 32)
	if err != nil {
		return -1
	}
	return rune(v)
}
