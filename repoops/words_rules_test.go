package repoops

import (
	"io/fs"
	"strconv"
	"testing"

	"github.com/repoxhq/repox/repoops/words"
)

// Sizes are worded in MiB or KiB only when they are whole multiples of
// one, from exactly one up; anything else is a byte count.
func TestSizeTextWordsOnlyWholeMultiples(t *testing.T) {
	for n, want := range map[int]string{
		0: "0 bytes", 1: "1 byte", 1023: "1,023 bytes", 1 << 10: "1 KiB", 1025: "1,025 bytes", 3 << 10: "3 KiB",
		1 << 20: "1 MiB", 1<<20 + 1: "1,048,577 bytes", 1<<20 + 1<<10: "1025 KiB", 8 << 20: "8 MiB",
	} {
		if got := SizeText(n); got != want {
			t.Errorf("SizeText(%d) = %q, want %q", n, got, want)
		}
	}
}

// A name that looks like a file:line reference (":" then digits, then ":"
// or the end, anywhere in it) is quoted, so it is never read as one.
func TestNamesLikeLineReferencesAreQuoted(t *testing.T) {
	for _, name := range []string{":12", "a:0", "a:09", "a::1", "a:x:1", "x:y:z:7:", "b:1:c"} {
		if got := QuoteName(name); got != strconv.Quote(name) {
			t.Errorf("QuoteName(%q) = %s, want it quoted", name, got)
		}
	}
	for _, name := range []string{"a:b", "a:", "::", "a:x:y", "12", "a:1x"} {
		if got := QuoteName(name); got != name {
			t.Errorf("QuoteName(%q) = %s, want it plain", name, got)
		}
	}
}

// Special files are named by their kind.
func TestSpecialKindNamesEachKind(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		fs.ModeNamedPipe: "FIFO (named pipe)", fs.ModeSocket: "socket", fs.ModeDevice: "device",
		fs.ModeDevice | fs.ModeCharDevice: "device", fs.ModeIrregular: "special file",
	} {
		if got := words.SpecialKind(m); got != want {
			t.Errorf("SpecialKind(%v) = %q, want %q", m, got, want)
		}
	}
}
