package repoops

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A string that is not UTF-8 is refused naming the first bad byte and its
// offset in the string (after the opening quote), wherever it stands.
func TestNonUTF8ArgumentNamesTheByteAndItsOffset(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	for _, c := range []struct{ content, want string }{
		{"\xff", "byte 0xff at offset 0 of the string"},
		{"ab\xfe", "byte 0xfe at offset 2 of the string"},
		{"é\xc3", "byte 0xc3 at offset 2 of the string"},
		{"x\x80y", "byte 0x80 at offset 1 of the string"},
	} {
		mustRefuse(t, call(t, s, "repo_write", "{\"path\":\"b.txt\",\"content\":\""+c.content+"\"}"), `argument "content" is not valid UTF-8 (`+c.want+")")
	}
}

// Surrogate escapes: a high one takes exactly \uDC00-\uDFFF as its
// partner, right after it; anything else (another escape first, a
// character between, \uE000) leaves it unpaired and refused.
func TestSurrogateEscapesPairOnlyWithALowSurrogateRightAfter(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	mustOK(t, call(t, s, "repo_write", `{"path":"lo.txt","content":"\ud800\udc00"}`))
	mustOK(t, call(t, s, "repo_write", `{"path":"hi.txt","content":"\udbff\udfff"}`))
	if b, _ := os.ReadFile(filepath.Join(dir, "lo.txt")); string(b) != "\U00010000" {
		t.Fatalf("\\ud800\\udc00 is U+10000, got %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "hi.txt")); string(b) != "\U0010FFFF" {
		t.Fatalf("\\udbff\\udfff is U+10FFFF, got %q", b)
	}
	for _, c := range []struct{ content, esc string }{
		{`\ud800\ue000`, `\ud800`},
		{`\ud800xudc00`, `\ud800`},
		{`\ud800\u0041`, `\ud800`},
		{`a\n\ud800`, `\ud800`},
		{`\t\"\udfff`, `\udfff`},
		{`\ud83d\ude00\ud800`, `\ud800`},
		{`\udc00\udc00`, `\udc00`},
	} {
		mustRefuse(t, call(t, s, "repo_write", `{"path":"x.txt","content":"`+c.content+`"}`), "holds an unpaired UTF-16 surrogate "+c.esc+", which is not a character")
	}
	// U+E000 is past the surrogates: an ordinary (private-use) character
	mustOK(t, call(t, s, "repo_write", `{"path":"pu.txt","content":"\ue000"}`))
	if b, _ := os.ReadFile(filepath.Join(dir, "pu.txt")); string(b) != "\ue000" {
		t.Fatalf("\\ue000 is U+E000, got %q", b)
	}
	if _, err := os.Lstat(filepath.Join(dir, "x.txt")); err == nil {
		t.Fatal("a refused write created x.txt")
	}
}

// A value of the wrong kind is named by its first byte: every digit
// starts a number.
func TestEveryDigitStartsANumber(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	for _, v := range []string{"0", "5", "9", "-1"} {
		mustRefuse(t, call(t, s, "repo_read_file", `{"path":`+v+`}`), `argument "path" must be a string, not number`)
	}
}

// A number shown in a refusal is shown whole up to 40 characters, and cut
// to 30 with its length past that.
func TestNumberLiteralsAreShownWholeUpTo40Characters(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	n40 := "1." + strings.Repeat("0", 37) + "1" // 40 characters, not whole
	mustRefuse(t, call(t, s, "repo_tree", `{"max_depth":`+n40+`}`), `argument "max_depth" must be a whole number, not `+n40+` —`)
	n41 := n40 + "1"
	mustRefuse(t, call(t, s, "repo_tree", `{"max_depth":`+n41+`}`), `argument "max_depth" must be a whole number, not `+n41[:30]+`… (41 characters) —`)
}

// A huge exponent is judged without writing the number out: 1e10000000
// would be ten million digits.
func TestHugeExponentsAreNeverExpanded(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	call(t, s, "repo_tree", `{"max_depth":1}`) // warm up
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := call(t, s, "repo_tree", `{"max_depth":1e10000000}`)
	runtime.ReadMemStats(&after)
	mustRefuse(t, res, "max_depth must be from 1 to 4 (got 1e10000000)")
	if d := after.TotalAlloc - before.TotalAlloc; d > 4<<20 {
		t.Fatalf("judging 1e10000000 allocated %d bytes: the number was written out", d)
	}
}
