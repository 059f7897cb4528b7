package words

import "testing"

func TestCountWords(t *testing.T) {
	for _, c := range []struct {
		n           int
		noun, count string
	}{
		{0, "files", "0 files"},
		{1, "file", "1 file"},
		{2, "files", "2 files"},
		{999, "files", "999 files"},
		{1000, "files", "1,000 files"},
		{1204, "files", "1,204 files"},
		{1234567, "files", "1,234,567 files"},
		{-1, "files", "-1 files"},
		{-1000, "files", "-1,000 files"},
	} {
		if got := Noun(c.n, "file", "files"); got != c.noun {
			t.Errorf("Noun(%d) = %q, want %q", c.n, got, c.noun)
		}
		if got := Plural(c.n, "file", "files"); got != c.count {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.count)
		}
	}
	// irregular plurals are the caller's: the rule picks, never inflects
	if got := Plural(3, "entry", "entries"); got != "3 entries" {
		t.Errorf("Plural(3, entry, entries) = %q", got)
	}
	if got := Noun(1, "has", "have") + "/" + Noun(2, "has", "have"); got != "has/have" {
		t.Errorf("Noun for a verb: %q", got)
	}
}

// TestUnsafeRuneASCIIFastPath: hasUnsafeRune, which skips printable ASCII
// without decoding, agrees with the rune-by-rune rule on every string of
// up to two bytes and on ASCII prefixes before each of them.
func TestUnsafeRuneASCIIFastPath(t *testing.T) {
	var tails []string
	for a := range 256 {
		tails = append(tails, string([]byte{byte(a)}))
		for b := range 256 {
			tails = append(tails, string([]byte{byte(a), byte(b)}))
		}
	}
	tails = append(tails, "", "é", "\u200b", "\u2028", "\uFFFD", "\U0001F600", "\xe2\x80")
	for _, tail := range tails {
		for _, pre := range []string{"", "a", "src/x ~.go"} {
			s := pre + tail
			if got, want := hasUnsafeRune(s), hasUnsafeRuneDecoded(s); got != want {
				t.Fatalf("hasUnsafeRune(%q) = %v, decoded rule says %v", s, got, want)
			}
		}
	}
}
