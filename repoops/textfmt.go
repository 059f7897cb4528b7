package repoops

import (
	"fmt"
	"io/fs"

	"github.com/repoxhq/repox/repoops/words"
)

// Text helpers the faces share with the tools, so that a count, a size or
// a marker reads the same in the model text and on the screen. Each is a
// pure function of its arguments.

// ReadLineSep separates the line number from the text in the read format,
// "N→text" (repo_read_file, and the changed region of the edit tools).
const ReadLineSep = "→"

// Commas formats n with thousands separators: 1400 -> "1,400".
func Commas(n int) string { return words.Commas(n) }

// SpecialKind names a file that is not regular, a folder or a link:
// "FIFO (named pipe)", "socket", "device".
func SpecialKind(m fs.FileMode) string { return words.SpecialKind(m) }

// Plural is "1 file" or "1,204 files".
func Plural(n int, one, many string) string { return words.Plural(n, one, many) }

// Noun is the word that agrees with a count shown apart: one for 1, many
// otherwise.
func Noun(n int, one, many string) string { return words.Noun(n, one, many) }

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
func SizeText(n int) string { return words.SizeText(n) }
