package repoops

import "testing"

func TestEOLFormDetection(t *testing.T) {
	cases := []struct {
		in    string
		want  TextForm
		lines int
	}{
		{"", TextForm{}, 0},
		{"a", TextForm{}, 1},
		{"a\nb\n", TextForm{EOL: EOLLF, FinalNewline: true}, 2},
		{"a\nb", TextForm{EOL: EOLLF}, 2},
		{"a\r\nb\r\n", TextForm{EOL: EOLCRLF, FinalNewline: true}, 2},
		{"a\r\nb\n", TextForm{EOL: EOLMixed, FinalNewline: true}, 2},
		{"a\rb", TextForm{}, 1}, // a lone CR is not a line break
		{utf8BOM + "x\r\n", TextForm{BOM: true, EOL: EOLCRLF, FinalNewline: true}, 1},
	}
	for _, c := range cases {
		got, body := splitForm([]byte(c.in))
		if got != c.want {
			t.Errorf("%q: form %+v, want %+v", c.in, got, c.want)
		}
		if string(joinForm(got, body)) != c.in {
			t.Errorf("%q: join does not round-trip", c.in)
		}
		if n := CountLines([]byte(c.in)); n != c.lines || len(lineStarts([]byte(c.in))) != n {
			t.Errorf("%q: %d lines, lineStarts %d, want %d", c.in, n, len(lineStarts([]byte(c.in))), c.lines)
		}
	}
	if toCRLF("a\nb\r\nc") != "a\r\nb\r\nc" || toLF("a\r\nb\rc") != "a\nb\rc" {
		t.Error("EOL conversion")
	}
	body := []byte("a\r\nb\nc")
	for pos, want := range map[int]string{0: "\r\n", 3: "\n", 6: "\n", 7: "\n"} {
		if got := localEOL(body, pos); got != want {
			t.Errorf("localEOL(%d) = %q, want %q", pos, got, want)
		}
	}
	if localEOL([]byte("a\r\nb"), 4) != "\r\n" {
		t.Error("an unterminated last line takes the break before it")
	}
}
