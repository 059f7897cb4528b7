package repoops

import (
	"fmt"
	"strconv"
	"strings"
)

// Text helpers the faces share with the tools, so that a count, a size or
// a marker reads the same in the model text and on the screen. Each is a
// pure function of its arguments.

// ReadLineSep separates the line number from the text in the read format,
// "N→text" (repo_read_file, and the changed region of the edit tools).
const ReadLineSep = "→"

// Commas formats n with thousands separators: 1400 -> "1,400".
func Commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Plural is "1 file" or "1,204 files".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Commas(n) + " " + many
}

// LineCutMarker is what follows the kept part of a line that was cut:
// "… [line cut: 1,234 more characters]".
func LineCutMarker(cutChars int) string {
	return fmt.Sprintf(lineCutFormat, Commas(cutChars))
}

// lineCutFormat is LineCutMarker with the count as a %s verb (the read
// tool's description shows it with "N").
const lineCutFormat = "… [line cut: %s more characters]"

// SizeText words a byte count the way the caps are stated: "256 KiB",
// "8 MiB", or "1,234 bytes" when it is not a whole number of either.
func SizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return Plural(n, "byte", "bytes")
}
