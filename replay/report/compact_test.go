package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// A call's arguments on the report's line are the same whether their long
// strings are cut first or not: sorted keys, escapes cut anywhere,
// surrogate pairs, invalid UTF-8, long keys, nested values, invalid JSON.
func TestCompactClipAsWhole(t *testing.T) {
	big := func(unit string) string { return strings.Repeat(unit, (100<<10)/len(unit)+1) }
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cases := map[string]string{
		"content sorts first": enc(map[string]any{"file_path": "/a/b.go", "content": big("line of text\n")}),
		"content sorts last":  enc(map[string]any{"a": json.Number("12345678901234567890"), "zz": big("x")}),
		"escapes":             `{"s":"` + big(`\u00e9\ud83d\ude00\n\"\\<>&\/ab`) + `","t":1}`,
		"array of strings":    enc(map[string]any{"edits": []any{big("ab"), big("cd")}}),
		"nested":              enc(map[string]any{"edits": []any{map[string]any{"old_string": big("o"), "new_string": "x"}}, "file_path": "p"}),
		"a long key":          `{"` + big("k") + `":1,"a":"` + big("v") + `"}`,
		"invalid JSON":        `{"a":"` + big("v"),
		"invalid UTF-8":       `{"s":"` + big("a\xff\xe2\x82") + `"}`,
		"only short strings":  `{` + strings.Repeat(`"k":"v",`, 10000) + `"z":  [1, 2.50, -0, 1e3]}`,
		"spaces":              "{ \"b\" : \"" + big("é") + "\" ,\n \"a\" : true }",
	}
	// every alignment of an escape against the cut
	for pad := range 7 {
		cases["escape at the cut +"+string(rune('0'+pad))] = `{"s":"` + strings.Repeat("a", pad) + big(`\u0041\n`) + `"}`
	}
	for name, raw := range cases {
		if len(raw) <= shortenAbove {
			t.Fatalf("%s: %d bytes, not past shortenAbove", name, len(raw))
		}
		want := transcript.Clip(string(compact(json.RawMessage(raw))), 160)
		if got := compactClip(json.RawMessage(raw), 160); got != want {
			t.Errorf("%s:\n got %q\nwant %q", name, got, want)
		}
	}
}

// The line of an Edit of two 15 MB strings decoded and encoded both whole
// (90 MB allocated); cut first, it allocates about the argument's size.
func TestCompactClipOfHugeArguments(t *testing.T) {
	body := strings.Repeat("a line of a very long file\n", 15<<20/27)
	raw, err := json.Marshal(map[string]any{"file_path": "/src/big.txt", "old_string": body, "new_string": body + "x"})
	if err != nil {
		t.Fatal(err)
	}
	var line string
	n := replaytest.Allocated(func() { line = compactClip(raw, 160) })
	if n > 2*uint64(len(raw)) {
		t.Errorf("printing the arguments allocated %d bytes for %d of JSON", n, len(raw))
	}
	if !strings.HasPrefix(line, `{"file_path":"/src/big.txt","new_string":"a line of`) || !strings.HasSuffix(line, "…") {
		t.Errorf("the line: %q", line)
	}
}
