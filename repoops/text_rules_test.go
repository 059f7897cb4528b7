package repoops

import (
	"strings"
	"testing"
)

// A NUL byte anywhere in the first 8,000 bytes makes a file binary — the
// very first byte included — and one past them does not.
func TestBinaryIsANulInTheFirst8000Bytes(t *testing.T) {
	for _, c := range []struct {
		content string
		binary  bool
	}{
		{"\x00abc\n", true},
		{"abc\x00", true},
		{strings.Repeat("a", 7999) + "\x00\n", true},
		{strings.Repeat("a", 8000) + "\x00\n", false},
		{"plain\n", false},
	} {
		if got := looksBinary([]byte(c.content)); got != c.binary {
			t.Errorf("looksBinary(%.20q… %d bytes) = %v, want %v", c.content, len(c.content), got, c.binary)
		}
	}
	dir, s := editFixture(t, "nul.dat", []byte("\x00abc\n"), 0o644)
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "nul.dat"}), "nul.dat is a binary file (a NUL byte in its first 8,000 bytes)")
	mustRefuse(t, edit(t, s, "nul.dat", "abc", "x"), "binary")
	mustSame(t, dir, "nul.dat", []byte("\x00abc\n"))
}

func TestCommasAndPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 12345: "12,345", 999999: "999,999", 1000000: "1,000,000", 16777217: "16,777,217", -1: "-1", -1000: "-1,000", -123456: "-123,456"} {
		if got := Commas(n); got != want {
			t.Errorf("Commas(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "0 files", 1: "1 file", 2: "2 files", 1400: "1,400 files"} {
		if got := Plural(n, "file", "files"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}
