package transcript

import (
	"bytes"
	"encoding/json"
	"testing"
)

// jsonString must give exactly what json.Unmarshal gives for every
// checked string literal: escapes, surrogate pairs and lone halves,
// invalid UTF-8, and text with no escape at all.
var jsonStringSeeds = []string{
	`""`, `"plain"`, `"tab\there\nnew"`, `"\"quoted\" \\ \/ \b\f\r"`,
	`"\u00e9\u4e16"`, `"\ud83d\ude00 pair"`, `"\ud83d alone"`, `"\ude00 low alone"`,
	`"\ud83d\u0041 high then letter"`, `"\uD83D\uDE00 upper hex"`,
	"\"bad utf8 \xff\xfe end\"", "\"é and 世\"", "\"cut \xe4\xb8\"",
	`"\u0000 nul"`, `"\u005fescaped underscore"`, "\"   12\u2192line\"",
}

func TestJSONStringIsTheStandardLibrarys(t *testing.T) {
	for _, raw := range jsonStringSeeds {
		checkJSONString(t, []byte(raw))
	}
	// not strings, or not checked: the standard library's answer still
	for _, raw := range []string{`12`, `null`, `"unterminated`, `"\'"`, `"\x"`, "\"ctl \x01\""} {
		var want string
		json.Unmarshal([]byte(raw), &want)
		if got := jsonString([]byte(raw)); got != want {
			t.Errorf("jsonString(%q) = %q, json.Unmarshal gives %q", raw, got, want)
		}
	}
}

func FuzzJSONString(f *testing.F) {
	for _, s := range jsonStringSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		raw = bytes.TrimSpace(raw) // blockText's trim
		if !json.Valid(raw) || len(raw) == 0 || raw[0] != '"' {
			return
		}
		checkJSONString(t, raw)
	})
}

func checkJSONString(t *testing.T, raw []byte) {
	t.Helper()
	var want string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("seed %q is not a JSON string: %v", raw, err)
	}
	if got := jsonString(raw); got != want {
		t.Errorf("jsonString(%q) = %q, json.Unmarshal gives %q", raw, got, want)
	}
	if _, ok := unquoteChecked(raw); !ok {
		t.Errorf("unquoteChecked(%q) gave up on a checked string: the fast path is never taken", raw)
	}
}
