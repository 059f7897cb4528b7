package transcript

import "testing"

// sanitize is repoops's visible-character rule (ControlsVisible): newlines
// and tabs stay, everything a terminal acts on or hides gets its stand-in.
func TestSanitize(t *testing.T) {
	for in, want := range map[string]string{
		"plain\ttext\n":  "plain\ttext\n",
		"\x1b[2J":        "␛[2J",
		"bad \xff byte":  "bad � byte",
		"\u202eexe":      "⇄exe",
		"c1 \u009b":      "c1 �",
		"del \x7f":       "del ␡",
		"tag\U000E0041":  "tag␢",
		"ünïcödé → fine": "ünïcödé → fine",
	} {
		if got := Sanitize(in); got != want {
			t.Errorf("sanitize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := OneLine("a\nb\tc\u200b"); got != "a␊b␉c␢" {
		t.Errorf("oneLine: %q", got)
	}
}
