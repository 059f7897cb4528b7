package ui

import "testing"

func TestControlsVisible(t *testing.T) {
	for _, c := range []struct {
		in, want string
		changed  bool
	}{
		{"plain\ttab\nnext", "plain\ttab\nnext", false},
		{"title \x1b]0;x\x07 clear \x1b[2J", "title ␛]0;x␇ clear ␛[2J", true},
		{"cr\rover", "cr␍over", true},
		{"del\x7f c1\u009b", "del␡ c1�", true},
		{"bad\xffbyte", "bad�byte", true},
		{"real \ufffd stays", "real \ufffd stays", false},
		{"世界", "世界", false},
		{"access\u202e \u2066level\u2069\u202c", "access⇄ ⇄level⇄⇄", true},
		{"rlm\u200f alm\u061c", "rlm⇄ alm⇄", true},
		{"zw\u200bsp\u200d\u2060\ufeffbom", "zw␢sp␢␢␢bom", true},
		{"ok é ü ‐ dash", "ok é ü ‐ dash", false},
	} {
		got, changed := ControlsVisible(c.in)
		if got != c.want || changed != c.changed {
			t.Errorf("ControlsVisible(%q) = %q, %v; want %q, %v", c.in, got, changed, c.want, c.changed)
		}
		// The same rule as the TUI: DisplayText agrees on every character but tabs.
		if c.changed && DisplayText(c.in) != DisplayText(got) {
			t.Errorf("ControlsVisible and DisplayText disagree on %q", c.in)
		}
	}
}
