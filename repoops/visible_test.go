package repoops

import "testing"

func TestVisibleRuneShowsInvisibleCharacters(t *testing.T) {
	for _, c := range []struct {
		in      rune
		want    rune
		changed bool
	}{
		{'\x1b', '␛', true},
		{0x7f, '␡', true},
		{0x9b, '�', true},
		{0x202e, BidiMark, true}, // RIGHT-TO-LEFT OVERRIDE
		{0x202a, BidiMark, true},
		{0x2066, BidiMark, true}, // LEFT-TO-RIGHT ISOLATE
		{0x2069, BidiMark, true},
		{0x200e, BidiMark, true},
		{0x061c, BidiMark, true},
		{0x200b, ZeroWidthMark, true}, // ZERO WIDTH SPACE
		{0x200d, ZeroWidthMark, true},
		{0x2060, ZeroWidthMark, true},
		{0xfeff, ZeroWidthMark, true},
		{0xe0041, ZeroWidthMark, true}, // TAG LATIN CAPITAL LETTER A
		{0xe0080, 0xe0080, false},
		{'a', 'a', false},
		{'é', 'é', false},
		{0x2010, 0x2010, false}, // HYPHEN: visible
		{0x2070, 0x2070, false},
		{'世', '世', false},
	} {
		got, changed := VisibleRune(c.in)
		if got != c.want || changed != c.changed {
			t.Errorf("VisibleRune(%U) = %U, %v; want %U, %v", c.in, got, changed, c.want, c.changed)
		}
	}
	// repox call's filter applies the same rule.
	if out, changed := ControlsVisible("if x\u202e {\u200b}"); out != "if x⇄ {␢}" || !changed {
		t.Errorf("ControlsVisible = %q, %v", out, changed)
	}
}
